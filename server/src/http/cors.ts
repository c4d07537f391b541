import type { RequestHandler } from 'express';

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
// Named when a preflight asks for none: what the old client and the GraphQL client send.
const ALLOWED_HEADERS = 'Authorization, Content-Type, Apollo-Require-Preflight, X-Apollo-Operation-Name, Idempotency-Key';
const PREFLIGHT_MAX_AGE_SECONDS = 600;
// Headers a listed origin's page may read: the rate limit's standing (http/rate-limit-headers.ts)
// and where a changes feed read over REST reads on (rest/legacy-catalogue.router.ts).
const EXPOSED_HEADERS = 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Request-Id, Shikhon-End-Cursor, Shikhon-Has-More';

/**
 * Cross-origin calls from a browser, for the origins in CORS_ORIGINS only (none by default).
 * A listed origin is echoed back with credentials allowed; any other origin gets no CORS headers,
 * so the browser keeps the answer from it. Preflights from a listed origin are answered here.
 */
export function crossOriginCalls(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (allowed.size === 0) return next();
    res.vary('Origin');
    if (!origin || !allowed.has(origin)) return next();
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
      // A listed origin is trusted with any header its page asks to send.
      res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
      res.status(204).end();
      return;
    }
    next();
  };
}
