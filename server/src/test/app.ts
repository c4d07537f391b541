import net, { type AddressInfo } from 'node:net';
import type http from 'node:http';
import type { DataSource } from 'typeorm';
import type { ApolloServer } from '@apollo/server';
import { createApp } from '../app';
import type { GraphQLContext } from '../kernel/context';
import type { Composition } from '../kernel/composition';
import type { ProductModule, ServiceFactories } from '../kernel/product-module';
import type { Services } from '../kernel/services';
import { loadEnv, type Env } from '../config/env';
import { testLog } from './database';
import { countInto, currentTally } from '../db/query-counter';
import type { Viewer } from '../kernel/viewer';
import { MAIL_QUEUE } from '../modules/mail/mailer';
import { WEBHOOK_QUEUE } from '../modules/integration/webhook-events';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export interface GraphQLBody<T> {
  data?: T;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

export interface TestApp {
  url: string;
  /** The HTTP server; its request listener is the Express app. */
  server: http.Server;
  apollo: ApolloServer<GraphQLContext>;
  /** Every service the modules built, as the server has them. */
  services: Services;
  composition: Composition;
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

export interface TestAppOptions {
  /** Services built otherwise than their module says (shorter retries, a resolver of names). */
  overrides?: ServiceFactories;
  /** The product's modules; a test may add one. */
  modules?: readonly ProductModule[];
  /** The queues whose jobs are worked, as a server would: queued mail and webhook deliveries unless given. */
  workQueues?: readonly string[];
}

/** The real HTTP app on a free port, over the given database: the server's own composition. */
export async function startTestApp(db: DataSource, envOverrides: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  // PUBLIC_URL 'self': the app's own address, for what must call it back (the SSLCommerz imitation's IPN).
  const port = envOverrides.PUBLIC_URL === 'self' ? await freePort() : 0;
  const overrides = port ? { ...envOverrides, PUBLIC_URL: `http://127.0.0.1:${port}` } : envOverrides;
  // The public response cache is proven by its own tests; elsewhere a write is read back at once.
  const env: Env = loadEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused', JWT_SECRET: TEST_JWT_SECRET, GRAPHQL_RESPONSE_CACHE: 'false', ...overrides });
  // Reads only read: a query operation that writes fails the test file when its app closes.
  const queryWrites: string[] = [];
  const { server, apollo, services, composition } = await createApp({
    env,
    db,
    log: testLog,
    modules: options.modules,
    overrides: options.overrides,
    onQueryWrite: (operation, statements) => queryWrites.push(`${operation}: ${statements.join('; ')}`),
  });
  const workQueues = options.workQueues ?? [MAIL_QUEUE, WEBHOOK_QUEUE];
  for (const job of composition.jobs('server').filter(({ queue }) => workQueues.includes(queue))) await job.start();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    server,
    apollo,
    services,
    composition,
    async execute(document, operationName, variables, viewer = null) {
      const run = () =>
        apollo.executeOperation(
          { query: document, operationName, variables },
          { contextValue: composition.context({ log: testLog, requestId: 'test', language: 'en', viewer, clientAddress: '127.0.0.1' }, null) },
        );
      // Counted like a request (a test's own count, if it keeps one), so writes inside a query are seen.
      const response = await (currentTally() ? run() : countInto({ statements: 0 }, run));
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
      await services.jobs.stop();
      server.closeAllConnections();
      if (queryWrites.length > 0) throw new Error(`Queries wrote to the database (reads only read):\n- ${queryWrites.join('\n- ')}`);
    },
  };
}
