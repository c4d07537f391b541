import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadEnv, startWarnings } from './config/env';
import { createApp } from './app';
import { openDatabase } from './db/database';
import { seedDemoData } from './db/seed/seed';
import { createLogger } from './logger';
import { ensureAdmin, seedDemoAccounts } from './modules/user/account-bootstrap';

/** A stopping server exits within this long (orchestrators such as Docker kill after 10 s). */
const SHUTDOWN_GRACE_MS = 10_000;
/** Of which requests in flight get this long before their connections are closed. */
const HTTP_GRACE_MS = 8_000;

async function main() {
  const env = loadEnv();
  const log = createLogger(env.logLevel);
  for (const warning of startWarnings(env)) log.warn(warning);
  const database = await openDatabase(env, log);
  // Production never gets demo data: no demo catalogue, no demo accounts with published passwords.
  if (env.nodeEnv !== 'production') {
    if (await seedDemoData(database.dataSource)) log.info('empty database: demo catalogue loaded');
    if (await seedDemoAccounts(database.dataSource)) log.info('demo accounts created');
  }
  if (env.adminEmail && env.adminPassword) await ensureAdmin(database.dataSource, log, env.adminEmail, env.adminPassword);
  const { server, jobs, apollo, composition } = await createApp({
    env,
    db: database.dataSource,
    log,
    databaseState: database.state,
    jobScheduling: true,
  });
  // Every module's jobs on the one queue (their manifests say which, when and on what schedule):
  // some are worked before the server answers, the others once it listens.
  const moduleWork = composition.jobs('server');
  for (const job of moduleWork.filter(({ phase }) => phase === 'before-listening')) await job.start();
  await new Promise<void>((resolve) => server.listen(env.port, () => resolve()));
  const { port } = server.address() as AddressInfo;
  for (const job of moduleWork.filter(({ phase }) => phase === 'listening')) await job.start();
  log.info({ port, url: `http://localhost:${port}` }, 'Shikhon is serving the site and the API');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const deadline = Date.now() + SHUTDOWN_GRACE_MS;
    log.info({ signal }, 'shutting down: finishing requests in flight');
    // Requests in flight get until HTTP_GRACE_MS; only then are connections still open closed. The
    // timer covers HTTP alone: once every request is answered it is cleared, so queues that take their
    // time to stop (a job in hand) never make a clean shutdown look like a forced one.
    const forced = setTimeout(() => {
      log.error('shutdown took too long: closing open connections');
      server.closeAllConnections();
    }, HTTP_GRACE_MS);
    forced.unref();
    try {
      // Apollo's drain plugin stops the listener and waits for requests in flight.
      await apollo.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      clearTimeout(forced);
      // The job queue stops, waiting for the jobs in hand at most until the deadline (an unfinished
      // job is taken up again by the next process to start).
      await jobs.stop(Math.max(1000, deadline - Date.now() - 2500));
      await database.close();
      log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Shikhon could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
