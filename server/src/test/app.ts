import net, { type AddressInfo } from 'node:net';
import type { DataSource } from 'typeorm';
import type { ApolloServer } from '@apollo/server';
import { createApp, type App } from '../app';
import { createLoaders, type GraphQLContext } from '../graphql/context';
import { loadEnv, type Env } from '../config/env';
import { noSessionCookie } from '../modules/auth/session-cookie';
import { noDeviceCookie } from '../modules/auth/device-cookie';
import { testLog } from './database';
import type { WebhookQueueOptions } from '../modules/integration/webhook-queue';
import type { Viewer } from '../modules/auth/viewer';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export interface GraphQLBody<T> {
  data?: T;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

export interface TestApp {
  url: string;
  apollo: ApolloServer<GraphQLContext>;
  services: App['services'];
  video: App['video'];
  practice: App['practice'];
  webhooks: App['webhooks'];
  mail: App['mail'];
  /** What the modules' manifests are given (their routes and jobs). */
  modules: App['modules'];
  /** Runs an operation in-process with a fresh per-request context, as an HTTP request would; `viewer`: who is signed in. */
  execute(document: string, operationName?: string, variables?: Record<string, unknown>, viewer?: Viewer | null): Promise<{ data?: unknown; errors?: unknown }>;
  graphql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>): Promise<{ status: number; body: GraphQLBody<T> }>;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The real HTTP app on a free port, over the given database. */
export async function startTestApp(
  db: DataSource,
  envOverrides: Record<string, string> = {},
  options: { webhookRetries?: WebhookQueueOptions } = {},
): Promise<TestApp> {
  // PUBLIC_URL 'self': the app's own address, for what must call it back (the SSLCommerz imitation's IPN).
  const port = envOverrides.PUBLIC_URL === 'self' ? await freePort() : 0;
  const overrides = port ? { ...envOverrides, PUBLIC_URL: `http://127.0.0.1:${port}` } : envOverrides;
  // The public response cache is proven by its own tests; elsewhere a write is read back at once.
  const env: Env = loadEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused', JWT_SECRET: TEST_JWT_SECRET, GRAPHQL_RESPONSE_CACHE: 'false', ...overrides });
  const { server, jobs, apollo, services, video, practice, webhooks, mail, modules } = await createApp({
    env,
    db,
    log: testLog,
    webhookRetries: options.webhookRetries,
  });
  // Delivers queued mail as a server does (nothing to do without SMTP_URL).
  await mail.work();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    apollo,
    services,
    video,
    practice,
    webhooks,
    mail,
    modules,
    async execute(document, operationName, variables, viewer = null) {
      const response = await apollo.executeOperation(
        { query: document, operationName, variables },
        {
          contextValue: {
            db,
            log: testLog,
            requestId: 'test',
            language: 'en',
            viewer,
            clientAddress: '127.0.0.1',
            session: noSessionCookie,
            device: noDeviceCookie,
            auth: services.auth,
            checkPassword: () => Promise.reject(new Error('not available in-process')),
            payments: services.payments,
            mail,
            paymentsTestMode: env.paymentsTestMode,
            stream: video.stream,
            webhooks,
            loaders: createLoaders(db, viewer),
            practice: practice.queue,
          },
        },
      );
      if (response.body.kind !== 'single') throw new Error('unexpected incremental response');
      return response.body.singleResult;
    },
    async graphql<T>(query: string, variables?: Record<string, unknown>) {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      return { status: res.status, body: (await res.json()) as GraphQLBody<T> };
    },
    async close() {
      await apollo.stop();
      await jobs.stop();
      server.closeAllConnections();
    },
  };
}
