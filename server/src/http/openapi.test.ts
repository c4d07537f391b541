import { compileErrors, validate } from '@readme/openapi-parser';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../test/app';
import { closeTestDatabase, openTestDatabase } from '../test/database';
import { makeCourse } from '../test/factories';
import { mountedRoutes, NOT_IN_OPENAPI, openApiPath, routeDocProblems, type MountedRoute } from './openapi';

// An integrator generates a client from /openapi.json: it must be valid OpenAPI 3.1, and say exactly
// which REST paths the server answers, each as it answers it.

interface Operation {
  parameters?: Array<{ name: string; in: string; schema: object }>;
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
}

let db: DataSource;
let app: TestApp;
let document: OpenApi;
let routes: MountedRoute[];

beforeAll(async () => {
  db = await openTestDatabase();
  app = await startTestApp(db);
  const res = await fetch(`${app.url}/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  document = (await res.json()) as OpenApi;
  routes = mountedRoutes(app.server.listeners('request')[0]);
});
afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
});

/** A JSON Schema validator that knows the document's component schemas (`#/components/schemas/X`). */
function validatorOf(strict: boolean) {
  const ajv = new Ajv2020({ strict, strictTypes: false, allErrors: true });
  addFormats(ajv);
  for (const [name, schema] of Object.entries(document.components.schemas)) ajv.addSchema(schema, `component-${name}`);
  return (schema: object) => ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"component-')) as object);
}

const operationsOf = (openApi: OpenApi) =>
  Object.entries(openApi.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );

describe('GET /openapi.json', () => {
  it('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.valid).toBe(true);
  });

  it('lists exactly the REST paths the app has mounted: every route is described unless it is no REST path', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routeDocProblems(routes)).toEqual([]);
    const rest = routes.filter((route) => !NOT_IN_OPENAPI[route.key]).map((route) => `${route.method} ${openApiPath(route.path)}`);
    expect(
      operationsOf(document)
        .map(({ key }) => key)
        .sort(),
    ).toEqual([...new Set(rest)].sort());
  });

  it('keeps every path under /api and every old path in it, and excludes only routes the app has', () => {
    const listed = new Set(operationsOf(document).map(({ key }) => key));
    for (const key of [
      'GET /api/courses',
      'GET /api/courses/{id}',
      'POST /api/enroll',
      'GET /Course.json',
      'GET /reviews.json',
      'GET /blogs.json',
      'POST /payment',
    ]) {
      expect(listed).toContain(key);
    }
    expect(routes.filter((route) => route.path.startsWith('/api/') && !listed.has(`${route.method} ${openApiPath(route.path)}`))).toEqual([]);
    expect(Object.keys(NOT_IN_OPENAPI).filter((key) => key.split(' ')[1].startsWith('/api'))).toEqual([]);
    const mounted = new Set(routes.map((route) => route.key));
    expect(Object.keys(NOT_IN_OPENAPI).filter((key) => !mounted.has(key))).toEqual([]);
  });

  it('describes parameters, bodies and answers with JSON Schemas a validator compiles', () => {
    const compile = validatorOf(true);
    let compiled = 0;
    for (const { operation } of operationsOf(document)) {
      const schemas = [
        ...(operation.parameters ?? []).map((parameter) => parameter.schema),
        ...Object.values(operation.requestBody?.content ?? {}).map((media) => media.schema),
        ...Object.values(operation.responses).flatMap((response) => Object.values(response.content ?? {}).map((media) => media.schema)),
      ];
      for (const schema of schemas) {
        compile(schema);
        compiled += 1;
      }
    }
    expect(compiled).toBeGreaterThan(100);
  });

  it('answers the old catalogue paths as their descriptions say', async () => {
    const course = await makeCourse(db, { name: 'Described course' });
    const compile = validatorOf(false);
    const answers = {
      'GET /api/courses': '/api/courses?limit=5',
      'GET /api/courses/{id}': `/api/courses/${course.id}`,
      'GET /api/courses/searchCourse/{text}': '/api/courses/searchCourse/Described',
      'GET /Course.json': '/Course.json',
      'GET /reviews.json': '/reviews.json',
      'GET /blogs.json': '/blogs.json',
      'GET /healthz': '/healthz',
    };
    for (const [key, address] of Object.entries(answers)) {
      const [method, path] = key.split(' ');
      const schema = document.paths[path][method.toLowerCase()].responses['200'].content!['application/json'].schema;
      const validateAnswer = compile(schema);
      const body: unknown = await (await fetch(`${app.url}${address}`)).json();
      expect({ key, valid: validateAnswer(body), errors: validateAnswer.errors ?? null }).toEqual({ key, valid: true, errors: null });
    }
  });
});
