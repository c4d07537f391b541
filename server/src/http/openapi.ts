import type { NextFunction, Request, Response } from 'express';
import { errorSchema, ERROR_SCHEMA_NAME, routeDocsOf, type ParameterDoc, type ResponseDoc, type RouteDoc, type RouteDocs } from '../shared/route-docs';

/** An object of the OpenAPI document (openapi.test.ts checks the whole against the OpenAPI 3.1 schema). */
type OpenApiObject = Record<string, unknown>;

/**
 * GET /openapi.json: an OpenAPI 3.1 description of every REST path the app serves, drawn from the
 * descriptions written beside the routes (`documented` in shared/route-docs.ts) of the routes the
 * app has actually mounted, found by walking its router. The routes below are not REST paths for
 * integrators; every other route must be described (openapi.test.ts).
 */
export const NOT_IN_OPENAPI: Readonly<Record<string, string>> = {
  'GET /graphql': 'The GraphQL playground page; GraphQL (POST /graphql) is described by GET /schema.graphql and the reference at /docs/api/',
  'POST /login': "The site's own sign-in form, for browsers without scripts",
  'POST /signUp': "The site's own sign-up form, for browsers without scripts",
  'POST /login/phone': "The site's own sign-in by SMS code form",
  'POST /login/phone/resend': "The site's own form asking for another SMS code",
  'POST /login/forgot-password': "The site's own password reset form",
  'POST /subscribe': "The site's own newsletter form in its footer",
  'GET /docs/api': 'The GraphQL API reference page, built with the client',
  'GET /.*/': "The site's pages and built files",
  'GET /manifest.webmanifest': 'The web app manifest, for installing the site on a phone',
  'GET /offline/:language': "The page the site's service worker shows offline for a page the phone never opened",
  'ALL /uploads/lesson-videos': "Resumable lesson video uploads (the tus protocol), for the course editor's page",
  'ALL /uploads/lesson-videos/*rest': "Resumable lesson video uploads (the tus protocol), for the course editor's page",
  'GET /media/lessons/:lessonId/:token/*file': "Lesson video streams, at the short-lived addresses GraphQL's lessons give the player",
  'POST /test-mode/payment-methods': "The offline imitation of Stripe's card form (never in production)",
  'POST /test-mode/payments/:id/authenticate': "The offline imitation of a card's 3-D Secure step (never in production)",
  'POST /sslcommerz-sandbox/gwprocess/v4/api.php': 'The offline imitation of SSLCommerz (never in production)',
  'GET /sslcommerz-sandbox/gateway/:sessionKey': 'The offline imitation of SSLCommerz (never in production)',
  'POST /sslcommerz-sandbox/gateway/:sessionKey': 'The offline imitation of SSLCommerz (never in production)',
  'GET /sslcommerz-sandbox/return.js': 'The offline imitation of SSLCommerz (never in production)',
  'GET /sslcommerz-sandbox/validator/api/validationserverAPI.php': 'The offline imitation of SSLCommerz (never in production)',
  'GET /sslcommerz-sandbox/validator/api/merchantTransIDvalidationAPI.php': 'The offline imitation of SSLCommerz (never in production)',
};

/** A route the app has mounted: `GET /api/courses/:id`, with the description its router carries. */
export interface MountedRoute {
  method: string;
  path: string;
  key: string;
  doc?: RouteDoc;
  /** The description its router carries (of all that router's routes), and where that router is mounted. */
  docs?: RouteDocs;
  prefix: string;
}

interface Layer {
  route?: { path: string | RegExp | Array<string | RegExp>; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: unknown;
}

/** Every route of an Express app (or router), in the order it was mounted, with its description. */
export function mountedRoutes(app: object): MountedRoute[] {
  const routes: MountedRoute[] = [];
  const walk = (stack: Layer[], prefix: string, docs: RouteDocs | undefined) => {
    for (const layer of stack) {
      if (layer.route) {
        const methods = layer.route.methods._all ? ['ALL'] : Object.keys(layer.route.methods).filter((method) => method !== '_all');
        for (const path of [layer.route.path].flat()) {
          for (const method of methods) {
            const local = typeof path === 'string' ? path : String(path);
            const key = `${method.toUpperCase()} ${prefix}${local}`;
            routes.push({ method: method.toUpperCase(), path: `${prefix}${local}`, key, doc: docs?.[`${method.toUpperCase()} ${local}`], docs, prefix });
          }
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount, routeDocsOf(layer.handle));
      }
    }
  };
  const root = app as { router?: { stack: Layer[] }; stack?: Layer[] };
  walk(root.router?.stack ?? root.stack ?? [], '', undefined);
  return routes;
}

/** What is wrong with the descriptions of the mounted routes: undescribed routes, descriptions of no route, undescribed path parameters. */
export function routeDocProblems(routes: MountedRoute[]): string[] {
  const problems: string[] = [];
  const keys = new Set(routes.map((route) => route.key));
  for (const route of routes) {
    if (route.doc && NOT_IN_OPENAPI[route.key]) problems.push(`${route.key} is described, and also listed in NOT_IN_OPENAPI`);
    if (!route.doc && !NOT_IN_OPENAPI[route.key]) problems.push(`${route.key} has no description: add one beside it (documented, shared/route-docs.ts)`);
    if (route.doc) {
      for (const name of pathParameters(route.path)) if (!route.doc.path?.[name]) problems.push(`${route.key}: the path parameter ${name} is not described`);
      for (const name of Object.keys(route.doc.path ?? {}))
        if (!pathParameters(route.path).includes(name)) problems.push(`${route.key}: describes a path parameter ${name} it does not have`);
    }
  }
  // A description of a route its router does not have (a route renamed or removed).
  const described = new Set<string>();
  for (const { docs, prefix } of routes) for (const key of Object.keys(docs ?? {})) described.add(key.replace(' ', ` ${prefix}`));
  for (const key of described) if (!keys.has(key)) problems.push(`${key} is described but its router has no such route`);
  return problems;
}

const pathParameters = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]);

/** `/api/courses/:id` → `/api/courses/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const parameter = (name: string, where: 'path' | 'query', doc: ParameterDoc): OpenApiObject => ({
  name,
  in: where,
  required: where === 'path' ? true : (doc.required ?? false),
  description: doc.description,
  schema: doc.schema,
});

const UNAUTHENTICATED =
  'The bearer credential does not verify (an unknown or revoked API key, an access token that ran out or was tampered with), or, where one is needed, none was sent';
const FORBIDDEN = 'The caller may not do this (its role, or an API key outside its scopes)';

function operation(route: MountedRoute, doc: RouteDoc): OpenApiObject {
  const responses: OpenApiObject = {};
  // Every path answers 401 to a bearer credential that does not verify; a signed-in one 403 to whom it refuses.
  const errorRef = { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` };
  const refusals: Record<number, ResponseDoc> = { 401: { description: UNAUTHENTICATED, content: { 'application/json': errorRef } } };
  if (doc.access === 'signed-in') refusals[403] = { description: FORBIDDEN, content: { 'application/json': errorRef } };
  const all: Record<number, ResponseDoc> = { ...refusals, ...doc.responses };
  for (const [status, response] of Object.entries(all)) {
    responses[status] = {
      description: response.description,
      ...(response.content ? { content: Object.fromEntries(Object.entries(response.content).map(([type, schema]) => [type, { schema }])) } : {}),
    };
  }
  return {
    operationId: operationId(route),
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [doc.tag],
    ...(doc.deprecated ? { deprecated: true } : {}),
    security: doc.access === 'signed-in' ? [{ bearer: [] }] : doc.access === 'anyone' ? [{}, { bearer: [] }] : [{}],
    parameters: [
      ...Object.entries(doc.path ?? {}).map(([name, param]) => parameter(name, 'path', param)),
      ...Object.entries(doc.query ?? {}).map(([name, param]) => parameter(name, 'query', param)),
    ],
    ...(doc.body
      ? {
          requestBody: {
            description: doc.body.description,
            required: doc.body.required,
            content: Object.fromEntries(Object.entries(doc.body.content).map(([type, schema]) => [type, { schema: schema }])),
          },
        }
      : {}),
    responses,
  };
}

/** `GET /api/courses/:id` → `getApiCoursesId`. */
const operationId = (route: MountedRoute) =>
  [route.method.toLowerCase(), ...route.path.split(/[^A-Za-z0-9]+/).filter(Boolean)]
    .map((word, index) => (index === 0 ? word : word[0].toUpperCase() + word.slice(1)))
    .join('');

/** The tags, in the order the reference lists them, with what each holds. */
const TAGS: Record<string, string> = {
  Descriptions: 'What describes the API: this document, the GraphQL schema, the guide and the webhook schemas',
  'Catalogue (old API)': "The old API's catalogue paths, in their old shapes, on the same services as GraphQL",
  'Accounts (old API)': "The old API's account paths; accounts themselves are made by sign-up",
  'Purchases and enrollments (old API)': "The old API's payment and enrollment paths, priced from the database",
  'Certificates and receipts': 'Documents drawn by the server',
  'Question bank': "Pictures and CSV imports of the question bank's questions",
  'Payment providers': "The payment providers' calls to us, known by their signatures",
  Health: 'For load balancers and orchestrators',
};

/** The OpenAPI 3.1 document of the described routes among `routes`, in the order they were mounted. */
export function openApiDocument(routes: MountedRoute[], publicUrl: string): OpenApiObject {
  const paths: OpenApiObject = {};
  const tags = new Set<string>();
  for (const route of routes) {
    if (!route.doc || NOT_IN_OPENAPI[route.key]) continue;
    const path = openApiPath(route.path);
    const method = route.method.toLowerCase();
    paths[path] = { ...(paths[path] as OpenApiObject | undefined), [method]: operation(route, route.doc) };
    tags.add(route.doc.tag);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Shikhon REST paths',
      version: '1',
      description:
        "The REST paths of Shikhon: the old API's paths, kept in their old shapes, and the newer ones for documents, uploads and providers. Most of the API is GraphQL (POST /graphql), described by GET /schema.graphql and the reference at /docs/api/; the integrator guide at /docs/ covers authentication, API keys, errors, rate limits and webhooks. An error answers its HTTP status with `{ message, code, category }`.",
    },
    servers: [{ url: publicUrl.replace(/\/$/, '') }],
    tags: [...Object.keys(TAGS).filter((tag) => tags.has(tag)), ...[...tags].filter((tag) => !TAGS[tag]).sort()].map((name) => ({
      name,
      ...(TAGS[name] ? { description: TAGS[name] } : {}),
    })),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: "A person's 15-minute access token (from GraphQL `login`), or an API key (`shk_…`, made by an admin) acting within its scopes",
        },
      },
      schemas: { [ERROR_SCHEMA_NAME]: errorSchema },
    },
  };
}

/** In tests: the query parameters each route read (`GET /api/courses` → offset, limit, …), whether the request had them or not. */
export const queryReads = new Map<string, Set<string>>();

/**
 * In tests only: records every query parameter a route's handlers read, so a test can check that the
 * description of each route names every one it reads (a parameter added to a route but not to its
 * description fails `authorization.test.ts`, which calls every REST path as every kind of caller).
 */
export function recordQueryReads(req: Request, _res: Response, next: NextFunction) {
  // Express's own getter is on the request's prototypes; it parses the query string on each read.
  const owner = Object.getPrototypeOf(req) as object;
  if ('query' in owner) {
    Object.defineProperty(req, 'query', {
      configurable: true,
      enumerable: true,
      get() {
        const query = Reflect.get(owner, 'query', req) as Record<string, unknown>;
        return new Proxy(query, {
          get(target, name, receiver) {
            const route = (req as { route?: { path?: unknown } }).route;
            if (typeof name === 'string' && typeof route?.path === 'string') {
              const key = `${req.method === 'HEAD' ? 'GET' : req.method} ${req.baseUrl}${route.path}`;
              if (!queryReads.has(key)) queryReads.set(key, new Set());
              queryReads.get(key)!.add(name);
            }
            return Reflect.get(target, name, receiver) as unknown;
          },
        });
      },
    });
  }
  next();
}
