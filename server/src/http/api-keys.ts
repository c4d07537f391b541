import type { NextFunction, Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import { ApiScope, type ApiKeyCaller } from '../modules/integration/api-key.entity';
import { authenticateApiKey, looksLikeApiKey, OUT_OF_SCOPE } from '../modules/integration/api-key.service';
import { AppError } from '../shared/errors';

declare module 'express-serve-static-core' {
  interface Request {
    /** The API key the request was sent with (`Authorization: Bearer shk_...`), if any. */
    apiKey?: ApiKeyCaller | null;
  }
}

const bearer = (req: Request) => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;

/**
 * Sets req.apiKey from a `Bearer shk_...` header. An unknown or revoked key is refused at once (401),
 * a key past its rate limit 429; GraphQL gets the refusal in GraphQL's shape (`http/errors.ts`).
 */
export function identifyApiKey(db: DataSource) {
  return (req: Request, res: Response, next: NextFunction) => {
    req.apiKey = null;
    const token = bearer(req);
    if (!token || !looksLikeApiKey(token)) return next();
    authenticateApiKey(db, token).then((key) => {
      req.apiKey = key;
      next();
    }, next);
  };
}

/** REST paths an API key may call, and the scope each needs: the catalogue's reads. */
const restScopes: Array<{ path: RegExp; scope: ApiScope }> = [
  { path: /^\/api\/courses(\/.*)?$/, scope: ApiScope.CATALOG_READ },
  { path: /^\/(Course|reviews|blogs)\.json$/, scope: ApiScope.CATALOG_READ },
];

/** On REST, a key acts only within its scopes: GET of the catalogue paths with catalog:read; nothing else. */
export function restApiKeyGate(req: Request, _res: Response, next: NextFunction) {
  if (!req.apiKey || req.path === '/schema.graphql') return next();
  const rule = req.method === 'GET' ? restScopes.find((entry) => entry.path.test(req.path)) : undefined;
  if (!rule) return next(new AppError('FORBIDDEN', 'This API key may not call this path.'));
  if (!req.apiKey.scopes.includes(rule.scope)) return next(new AppError('FORBIDDEN', OUT_OF_SCOPE(rule.scope)));
  next();
}
