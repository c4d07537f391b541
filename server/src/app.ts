import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import cookieParser from 'cookie-parser';
import express from 'express';
import type { DataSource } from 'typeorm';
import type { Env } from './config/env';
import type { DatabaseState } from './db/embedded';
import { createErrorFormatter, serviceUnavailableStatus, translatedErrors } from './graphql/errors';
import { inputPathOfFields } from './graphql/error-fields';
import { graphqlLimits } from './graphql/limits';
import { operationLogPlugin } from './graphql/operation-log';
import { PublicResponseCache } from './graphql/public-response-cache';
import { createSchema, printSchemaFile } from './graphql/schema';
import { crossOriginCalls } from './http/cors';
import { pageFormsRouter } from './http/page-forms';
import { clientFilesRouter, playgroundFile } from './http/client-files';
import { LANGUAGES } from './i18n/languages';
import { pageRenderer } from './http/server-rendered-pages';
import { errorHandler, notFoundHandler } from './http/errors';
import { healthRouter } from './http/health';
import { integratorDocsRouter } from './http/integrator-docs';
import { mountedRoutes, recordQueryReads } from './http/openapi';
import { repoRoot } from './config/paths';
import { noNulInGraphQLStrings, refuseNulCharacters } from './http/nul-characters';
import { requestContext } from './http/request-context';
import { rateLimitHeadersOnAnswers } from './http/rate-limit-headers';
import { chooseLanguage } from './http/request-language';
import { noOverlongGraphQLStrings, refuseOverlongText } from './http/text-limits';
import { graphqlBodyErrors } from './http/graphql-refusal';
import { securityHeaders } from './http/security';
import type { AppLogger } from './logger';
import { identifyViewer } from './modules/auth/passport';
import { productModules } from './modules';
import type { ModuleRoute, ProductModule, ServiceFactories } from './kernel/product-module';
import type { GraphQLContext } from './kernel/context';
import { compose, type Composition } from './kernel/composition';
import { coreServices } from './kernel/core';
import type { Services } from './kernel/services';
import { apiKeyScopes } from './graphql/api-key-scopes';
import { readsOnlyRead, type QueryWriteReport } from './graphql/reads-only-read';
import { identifyApiKey, restApiKeyGate } from './http/api-keys';
import type { JobQueue } from './db/job-queue';

export const BODY_LIMIT = '100kb';

export interface AppDeps {
  env: Env;
  db: DataSource;
  log: AppLogger;
  /** The embedded database's state, for /healthz (openDatabase's `state`). */
  databaseState?: () => DatabaseState;
  /** Runs the queue's clock for scheduled jobs (the server does; tests ask for runs themselves). */
  jobScheduling?: boolean;
  /** The product's modules; tests may add one. */
  modules?: readonly ProductModule[];
  /** Services built otherwise than their module says (tests: shorter retries). */
  overrides?: ServiceFactories;
  /** Told of every query operation that wrote to the database (tests fail on one). */
  onQueryWrite?: QueryWriteReport;
}

export interface App {
  server: http.Server;
  /** The process's one job queue, which every module's jobs run on. */
  jobs: JobQueue;
  apollo: ApolloServer<GraphQLContext>;
  responseCache: PublicResponseCache | null;
  /** Every service the modules built (`index.ts` starts their jobs from `composition`). */
  services: Services;
  composition: Composition;
}

/** Builds the whole HTTP face of the product (GraphQL, REST shims, health, client) without listening. */
export async function createApp({
  env,
  db,
  log,
  databaseState,
  jobScheduling = false,
  modules = productModules,
  overrides,
  onQueryWrite,
}: AppDeps): Promise<App> {
  const app = express();
  const server = http.createServer(app);
  app.disable('x-powered-by');
  app.set('trust proxy', env.trustProxy);

  const limits = graphqlLimits({ suggestions: env.graphqlSuggestions });
  const responseCache = env.graphqlResponseCache ? new PublicResponseCache((db.options as { url: string }).url, log) : null;
  const schema = await createSchema(modules);
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    formatError: createErrorFormatter(log, { stacktraces: env.graphqlStacktraces }),
    csrfPrevention: true,
    introspection: env.graphqlIntrospection,
    includeStacktraceInErrorResponses: env.graphqlStacktraces,
    allowBatchedHttpRequests: false,
    parseOptions: limits.parseOptions,
    validationRules: [...limits.validationRules, noNulInGraphQLStrings, noOverlongGraphQLStrings],
    // index.ts owns shutdown: it drains HTTP, then closes the database.
    stopOnTerminationSignals: false,
    plugins: [
      ...limits.plugins,
      serviceUnavailableStatus,
      translatedErrors,
      inputPathOfFields,
      operationLogPlugin,
      apiKeyScopes,
      readsOnlyRead(onQueryWrite),
      ...(responseCache ? [responseCache.plugin()] : []),
      ApolloServerPluginDrainHttpServer({ httpServer: server }),
      ApolloServerPluginLandingPageDisabled(),
      // No cache hints are used (the public response cache keys on whole answers); without this,
      // Apollo wraps every field's resolver to track them, which was a measurable cost per request.
      ApolloServerPluginCacheControlDisabled(),
    ],
  });
  await apollo.start();

  /** A request's GraphQL context (also what the plain sign-in forms run their services with). */
  const contextFor = (req: express.Request, res: express.Response) =>
    composition.context(
      { log: req.log, requestId: req.id, language: req.language, viewer: req.viewer, clientAddress: req.ip ?? 'unknown', logFields: req.logFields },
      { req, res },
    );
  const selfUrl = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const composition = compose(modules, coreServices({ env, db, log, scheduling: jobScheduling, selfUrl }), overrides);
  const { services } = composition;
  // Every module's routes, mounted in their phase (product-module.ts says what each phase has read by then).
  const routes = composition.routes();
  const mount = (phase: ModuleRoute[]) => phase.forEach(({ path = '/', router }) => app.use(path, router));

  app.use(requestContext(log));
  // In tests, which query parameters each route reads, to hold its description to them (http/openapi.ts).
  if (env.nodeEnv === 'test') app.use(recordQueryReads);
  app.use(rateLimitHeadersOnAnswers());
  app.use(chooseLanguage());
  app.use(securityHeaders());
  app.use(crossOriginCalls(env.corsOrigins));
  app.use(healthRouter(db, databaseState));
  mount(routes['raw-body']);
  app.use(cookieParser());
  app.use(identifyApiKey(db));
  app.use(identifyViewer(services.passport));
  mount(routes.streams);

  // What describes the API, in every environment, production too (where introspection is off), so
  // integrators' tools always have something machine-readable: the schema as SDL (the same text as
  // schema.graphql), the REST paths as OpenAPI (walked from this app's routes once all are mounted),
  // the webhook bodies' JSON Schemas and the guide.
  app.use(
    integratorDocsRouter({
      docsDir: path.join(repoRoot, 'docs'),
      publicUrl: env.publicUrl,
      schemaText: printSchemaFile(schema),
      playground: env.graphqlPlayground,
      routes: () => mountedRoutes(app),
    }),
  );

  const playground = env.graphqlPlayground ? playgroundFile(env.clientDist) : undefined;
  app.get('/graphql', (req, res, next) => {
    const wantsPage = req.accepts(['json', 'html']) === 'html' && req.query.query === undefined;
    if (!wantsPage || !playground) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(playground);
  });
  app.use(
    '/graphql',
    express.json({ limit: BODY_LIMIT }),
    // Every refusal here is a GraphQL answer (`errors[]`), whatever stage refuses.
    graphqlBodyErrors,
    refuseNulCharacters('graphql'),
    refuseOverlongText((req) => ({ variables: (req.body as { variables?: unknown } | undefined)?.variables }), 'graphql'),
    ...(responseCache ? [responseCache.serve] : []),
    expressMiddleware(apollo, {
      context: ({ req, res }) => Promise.resolve(contextFor(req, res)),
    }),
  );

  app.use(
    express.json({ limit: BODY_LIMIT }),
    refuseNulCharacters('rest'),
    refuseOverlongText((req) => req.query),
    refuseOverlongText((req) => req.body),
    restApiKeyGate,
  );
  mount(routes.rest);
  app.use('/api', notFoundHandler);
  const renderPage = pageRenderer({
    clientDist: env.clientDist,
    // Pages are rendered with this server's own GraphQL answers, asked over loopback like a visitor.
    graphqlUrl: () => `${selfUrl()}/graphql`,
    cache: responseCache,
    log,
  });
  // The first visitors after a restart are answered from the cache: the home page is drawn, in
  // each language, as soon as the server listens (its GraphQL is asked over loopback).
  if (responseCache) server.once('listening', () => void Promise.all(LANGUAGES.map((language) => renderPage('/', { language }))));
  // Sign-in, sign-up and the phone code as plain forms, for browsers without scripts.
  app.use(pageFormsRouter({ contextFor, renderPage }));
  app.use(clientFilesRouter(env.clientDist, renderPage));
  app.use(notFoundHandler);
  app.use(errorHandler);

  return { server, jobs: services.jobs, apollo, responseCache, services, composition };
}
