import http from 'node:http';
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
import { resolveJwtSecret } from './config/jwt-secret';
import { createLoaders, type GraphQLContext } from './graphql/context';
import { createErrorFormatter, serviceUnavailableStatus, translatedErrors } from './graphql/errors';
import { graphqlLimits } from './graphql/limits';
import { operationLogPlugin } from './graphql/operation-log';
import { PublicResponseCache } from './graphql/public-response-cache';
import { createSchema, printSchemaFile } from './graphql/schema';
import { crossOriginCalls } from './http/cors';
import { clientFilesRouter, playgroundFile } from './http/client-files';
import { LANGUAGES } from './i18n/languages';
import { pageRenderer } from './http/server-rendered-pages';
import { errorHandler, notFoundHandler } from './http/errors';
import { healthRouter } from './http/health';
import { noNulInGraphQLStrings, refuseNulCharacters } from './http/nul-characters';
import { requestContext } from './http/request-context';
import { chooseLanguage } from './http/request-language';
import { noOverlongGraphQLStrings, refuseOverlongText } from './http/text-limits';
import { graphqlBodyErrors } from './http/graphql-refusal';
import { securityHeaders } from './http/security';
import type { AppLogger } from './logger';
import type { AuthDeps } from './modules/auth/auth.service';
import { authenticateWithPassword, createPassport, identifyViewer } from './modules/auth/passport';
import { sessionCookie } from './modules/auth/session-cookie';
import { deviceCookie, deviceCookieKey } from './modules/auth/device-cookie';
import { createMailService, type MailService } from './modules/mail/mailer';
import { outboxSealKey } from './modules/mail/sealed-text';
import { createSmsProvider } from './modules/phone/sms-provider';
import { codeCookie } from './modules/phone/code-cookie';
import { createPaymentProviders } from './payments/create-providers';
import { paymentServices, type PaymentServices } from './modules/payment/payment-services';
import { productModules } from './modules';
import { moduleRoutes, type ModuleRoute, type ModuleServices } from './modules/product-module';
import { streamSigningKey } from './modules/video/stream-signature';
import { VideoQueue } from './modules/video/video-queue';
import { PracticeQueue } from './modules/practice/practice-queue';
import { createVideoStorage, type VideoStorage } from './modules/video/video-storage';
import type { StreamSettings } from './modules/video/stream-signature';
import { apiKeyScopes } from './graphql/api-key-scopes';
import { identifyApiKey, restApiKeyGate } from './http/api-keys';
import { WebhookQueue, type WebhookQueueOptions } from './modules/integration/webhook-queue';
import { JobQueue } from './db/job-queue';
import { webhookSecretKey } from './modules/integration/webhook-signature';
import { WebhookTargets } from './modules/integration/webhook-target';
import type { WebhookDeps } from './modules/integration/webhook.service';

export const BODY_LIMIT = '100kb';

export interface AppDeps {
  env: Env;
  db: DataSource;
  log: AppLogger;
  /** The embedded database's state, for /healthz (openDatabase's `state`). */
  databaseState?: () => DatabaseState;
  /** Webhook delivery retries; by default about a day of them. */
  webhookRetries?: WebhookQueueOptions;
  /** Runs the queue's clock for scheduled jobs (the server does; tests ask for runs themselves). */
  jobScheduling?: boolean;
}

export interface App {
  server: http.Server;
  /** The process's one job queue, which every module's jobs run on. */
  jobs: JobQueue;
  apollo: ApolloServer<GraphQLContext>;
  services: { auth: AuthDeps; payments: PaymentServices };
  responseCache: PublicResponseCache | null;
  video: { storage: VideoStorage; queue: VideoQueue; stream: StreamSettings };
  /** Model test attempts submitted by the server at their deadline. */
  practice: { queue: PracticeQueue };
  webhooks: WebhookDeps;
  /** The outbox's delivery: `work()` sends queued mail from this process. */
  mail: MailService;
  /** What the modules' manifests are given: `index.ts` starts their jobs with it. */
  modules: ModuleServices;
}

/** Builds the whole HTTP face of the product (GraphQL, REST shims, health, client) without listening. */
export async function createApp({ env, db, log, databaseState, webhookRetries, jobScheduling = false }: AppDeps): Promise<App> {
  const app = express();
  const server = http.createServer(app);
  app.disable('x-powered-by');
  app.set('trust proxy', env.trustProxy);

  const limits = graphqlLimits({ suggestions: env.graphqlSuggestions });
  const responseCache = env.graphqlResponseCache ? new PublicResponseCache((db.options as { url: string }).url, log) : null;
  const schema = await createSchema();
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
      operationLogPlugin,
      apiKeyScopes,
      ...(responseCache ? [responseCache.plugin()] : []),
      ApolloServerPluginDrainHttpServer({ httpServer: server }),
      ApolloServerPluginLandingPageDisabled(),
      // No cache hints are used (the public response cache keys on whole answers); without this,
      // Apollo wraps every field's resolver to track them, which was a measurable cost per request.
      ApolloServerPluginCacheControlDisabled(),
    ],
  });
  await apollo.start();

  const jwtSecret = resolveJwtSecret(env);
  const storage = createVideoStorage(env);
  const concurrency = env.video.concurrency;
  const jobs = new JobQueue((db.options as { url: string }).url, log, {
    maintenanceIntervalSeconds: env.video.queueCheckSeconds,
    scheduling: jobScheduling,
    connections: 5 + concurrency,
  });
  const queue = new VideoQueue(jobs, { jobTimeoutSeconds: env.video.jobTimeoutSeconds, retryDelaySeconds: env.video.retryDelaySeconds, concurrency });
  // Mail is written to the outbox in the request and delivered by jobs in the same queue.
  const mail = createMailService(
    db,
    log,
    { smtpUrl: env.smtpUrl, from: env.mailFrom, mail: env.mail, sms: createSmsProvider(env.sms), publicUrl: env.publicUrl, sealKey: outboxSealKey(jwtSecret) },
    jobs,
  );
  const mailer = mail.mailer;
  const auth: AuthDeps = {
    db,
    jwtSecret,
    mailer,
    publicUrl: env.publicUrl,
    phone: { enabled: env.sms.phoneSignIn, dailyBudget: env.sms.dailyBudget, pumpingCheck: env.sms.pumpingCheck },
  };
  const selfUrl = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const providers = createPaymentProviders({ env, db, jwtSecret, selfUrl });
  const payments = paymentServices({
    db,
    providers,
    usdToBdt: env.usdToBdt,
    publishableKey: env.stripePublishableKey ?? null,
    mailer,
    publicUrl: env.publicUrl,
    log,
  });
  const passport = createPassport(db, jwtSecret);
  const secureCookies = env.publicUrl.startsWith('https:');
  const practiceQueue = new PracticeQueue(jobs);
  const deviceKey = deviceCookieKey(jwtSecret);
  const stream: StreamSettings = { signingKey: streamSigningKey(jwtSecret), urlTtlSeconds: env.video.urlTtlSeconds };
  const webhooks: WebhookDeps = {
    db,
    queue: new WebhookQueue(jobs, log, webhookRetries, new WebhookTargets(new Set(env.webhookAllowedTargets), webhookRetries?.resolve)),
    secretKey: webhookSecretKey(jwtSecret),
    allowHttp: env.nodeEnv !== 'production',
  };
  await webhooks.queue.startIfNeeded(db, webhooks.secretKey);
  const modules: ModuleServices = { env, db, log, jobs, auth, payments, mail, video: { storage, queue, stream }, practice: { queue: practiceQueue }, webhooks };
  // Every module's routes, mounted in their phase (product-module.ts says what each phase has read by then).
  const routes = moduleRoutes(productModules, modules);
  const mount = (phase: ModuleRoute[]) => phase.forEach(({ path = '/', router }) => app.use(path, router));

  app.use(requestContext(log));
  app.use(chooseLanguage());
  app.use(securityHeaders());
  app.use(crossOriginCalls(env.corsOrigins));
  app.use(healthRouter(db, databaseState));
  mount(routes['raw-body']);
  app.use(cookieParser());
  app.use(identifyApiKey(db));
  app.use(identifyViewer(passport));
  mount(routes.streams);

  // The schema as SDL in every environment, production too (where introspection is off), so
  // integrators' tools always have something machine-readable: the same text as schema.graphql.
  const schemaText = printSchemaFile(schema);
  app.get('/schema.graphql', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('text/plain; charset=utf-8').send(schemaText);
  });

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
      context: ({ req, res }) =>
        Promise.resolve<GraphQLContext>({
          db,
          log: req.log,
          requestId: req.id,
          language: req.language,
          viewer: req.viewer,
          apiKey: req.apiKey,
          webhooks,
          authProblem: req.authProblem,
          clientAddress: req.ip ?? 'unknown',
          session: sessionCookie(req, res, secureCookies, env.corsOrigins),
          device: deviceCookie(req, res, deviceKey, secureCookies),
          codeCookie: codeCookie(req, res, secureCookies),
          auth,
          checkPassword: (email, password) => authenticateWithPassword(passport, req, res, email, password),
          payments,
          mail,
          paymentsTestMode: env.paymentsTestMode,
          stream,
          loaders: createLoaders(db, req.viewer),
          practice: practiceQueue,
          logFields: req.logFields,
        }),
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
    graphqlUrl: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
    cache: responseCache,
    log,
  });
  // The first visitors after a restart are answered from the cache: the home page is drawn, in
  // each language, as soon as the server listens (its GraphQL is asked over loopback).
  if (responseCache) server.once('listening', () => void Promise.all(LANGUAGES.map((language) => renderPage('/', { language }))));
  app.use(clientFilesRouter(env.clientDist, renderPage));
  app.use(notFoundHandler);
  app.use(errorHandler);

  return {
    server,
    jobs,
    apollo,
    services: { auth, payments },
    responseCache,
    video: { storage, queue, stream },
    practice: { queue: practiceQueue },
    webhooks,
    mail,
    modules,
  };
}

export type { PaymentServices };
