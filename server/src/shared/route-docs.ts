/**
 * The description of HTTP routes, written beside the routes in the file that defines them and
 * attached to their router (`documented`). `GET /openapi.json` is drawn from these descriptions of
 * the routes the app has mounted (http/openapi.ts); a test fails on a route without one, on one
 * that describes no route, and on a path parameter left undescribed.
 */

/** A JSON Schema (draft 2020-12, the dialect OpenAPI 3.1 uses). */
export type JsonSchema = { readonly [keyword: string]: unknown };

export interface ParameterDoc {
  description: string;
  schema: JsonSchema;
  /** Query parameters only: whether it must be given (path parameters always must). */
  required?: boolean;
}

export interface ResponseDoc {
  description: string;
  /** The body by media type (`application/json`, `application/pdf`, `text/html`); none for an empty body. */
  content?: Readonly<Record<string, JsonSchema>>;
}

/**
 * Who may call a route:
 * - `anyone`: no credential needed (one that is sent must verify, or the answer is 401);
 * - `signed-in`: a person's access token, `Authorization: Bearer <token>` (the route says who among them);
 * - `provider`: a payment provider, known by the signature it sends, not by a credential.
 */
export type RouteAccess = 'anyone' | 'signed-in' | 'provider';

export interface RouteDoc {
  summary: string;
  description?: string;
  /** The group it is listed in. */
  tag: string;
  access: RouteAccess;
  /** Each `:name` of the route's path. */
  path?: Readonly<Record<string, ParameterDoc>>;
  query?: Readonly<Record<string, ParameterDoc>>;
  body?: { description: string; required: boolean; content: Readonly<Record<string, JsonSchema>> };
  /** By HTTP status; 401 (a credential that does not verify) and, for `signed-in` routes, 403 are added. */
  responses: Readonly<Record<number, ResponseDoc>>;
  deprecated?: boolean;
}

/** By `METHOD /path`, the path as the router has it (`GET /api/courses/:id`). */
export type RouteDocs = Readonly<Record<string, RouteDoc>>;

const ROUTE_DOCS = Symbol.for('shikhon.routeDocs');

/** Attaches the description of its routes to a router (or any handler the app mounts); answers the router. */
export function documented<T extends object>(router: T, docs: RouteDocs): T {
  Object.defineProperty(router, ROUTE_DOCS, { value: docs, enumerable: false });
  return router;
}

/** The description attached to a router, if any. */
export function routeDocsOf(handler: unknown): RouteDocs | undefined {
  return (handler as { [ROUTE_DOCS]?: RouteDocs } | null | undefined)?.[ROUTE_DOCS];
}

/** The body of every REST error: what `http/errors.ts` answers. */
export const ERROR_SCHEMA_NAME = 'Error';
export const errorSchema: JsonSchema = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string', description: 'For people: English, or Bangla when the request asks for it; its wording may change' },
    code: { type: 'string', description: 'The domain code (`COURSE_NOT_FOUND`, `TEXT_TOO_LONG`, …) or the category when nothing more specific applies' },
    category: {
      enum: [
        'BAD_USER_INPUT',
        'UNAUTHENTICATED',
        'FORBIDDEN',
        'NOT_FOUND',
        'CONFLICT',
        'PAYMENT_FAILED',
        'TOO_MANY_REQUESTS',
        'SERVICE_UNAVAILABLE',
        'INTERNAL_SERVER_ERROR',
      ],
      description: 'The broad class of the error',
    },
    field: { type: 'string', description: 'The input that was wrong (BAD_USER_INPUT)' },
    max: { type: 'integer', description: 'The limit that was passed (TEXT_TOO_LONG, FILE_TOO_LARGE)' },
    retryAfterSeconds: { type: 'integer', description: 'When to try again (RATE_LIMITED)' },
    reference: { type: 'string', description: 'An unexpected error: quote it to us' },
  },
};

/** A JSON answer. */
export const json = (description: string, schema: JsonSchema): ResponseDoc => ({ description, content: { 'application/json': schema } });

/** An error answer, with the REST error body. */
export const error = (description: string): ResponseDoc => json(description, { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` });

/** A nullable value of a schema. */
export const orNull = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

export const text = (description: string): JsonSchema => ({ type: 'string', description });
export const uuid = (description: string): JsonSchema => ({ type: 'string', format: 'uuid', description });
export const arrayOf = (items: JsonSchema, description?: string): JsonSchema => ({ type: 'array', items, ...(description ? { description } : {}) });
