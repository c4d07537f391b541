# The product in one image: the built client and server. Configure it with the variables in .env.example.
# Node 24: a supported LTS (Node 20's support ended in April 2026; the code generator's dependencies ask for 22.15+).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 4000
CMD ["node", "server/dist/server/src/index.js"]
