// The fixed stack's floor: the baseline's answers (baseline-answers.mjs, the same SQL and JSON) served
// through the product's frameworks and nothing of the product's own. FLOOR=express: Express 5 routes
// answering with res.json. FLOOR=apollo: also Apollo Server 5 on Express at /graphql, executing the
// product's schema (schema.graphql) with graphql-js's default resolvers over the baseline's objects,
// configured as the product's server is (CSRF prevention, no landing page, no cache hints).
// What the product adds on top of this floor is its own cost; what this floor costs over the baseline
// no change in the product can take off without leaving the stack.
import fs from 'node:fs';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import { buildSchema } from 'graphql';
import { catalogueFigures, coursePage, home, legacyCourse, pool, reviews, search, sectionCards } from './baseline-answers.mjs';

const FLOOR = process.env.FLOOR;
if (FLOOR !== 'express' && FLOOR !== 'apollo') throw new Error('FLOOR must be express or apollo');

const app = express();
app.disable('x-powered-by');
const answer = (compute) => async (req, res, next) => {
  try {
    const body = await compute(req);
    if (body === null) res.status(404).end();
    else res.json(body);
  } catch (error) {
    next(error);
  }
};
app.get('/home', answer(home));
app.get(
  '/course/:id',
  answer((req) => coursePage(req.params.id)),
);
app.get(
  '/search',
  answer((req) => search(String(req.query.text ?? ''))),
);
app.get(
  '/api/courses/:id',
  answer((req) => legacyCourse(req.params.id)),
);

if (FLOOR === 'apollo') {
  // Root fields read from the baseline; every field below them is graphql-js's default resolver.
  // A home page section is told by its alias in the query (free, professional, trending, school).
  const rootValue = {
    courses: async (_args, _context, info) => ({ items: await sectionCards(info.path.key) }),
    reviews: async () => ({ items: await reviews() }),
    catalogueFigures,
    course: async ({ id }) => (await coursePage(id)).data.course,
    searchCourses: async ({ text }) => (await search(text)).data.searchCourses,
  };
  const apollo = new ApolloServer({
    schema: buildSchema(fs.readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8')),
    rootValue,
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    plugins: [ApolloServerPluginLandingPageDisabled(), ApolloServerPluginCacheControlDisabled()],
  });
  await apollo.start();
  app.use('/graphql', express.json({ limit: '100kb' }), expressMiddleware(apollo));
}

const server = app.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
