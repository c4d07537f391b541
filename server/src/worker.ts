import 'reflect-metadata';
import { ConfigError, loadEnv } from './config/env';
import { openDatabase } from './db/database';
import { createLogger } from './logger';
import { productModules } from './modules';
import { compose } from './kernel/composition';
import { coreServices } from './kernel/core';

/**
 * `npm run worker`: the modules' jobs meant for a process apart from the web server (lesson videos,
 * queued mail), from the same PostgreSQL job queue and the same composition as the server.
 */
async function main() {
  const env = loadEnv();
  const log = createLogger(env.logLevel);
  if (!env.databaseUrl) throw new ConfigError('The worker needs DATABASE_URL: the database the server uses (an embedded one belongs to its server process).');
  const database = await openDatabase(env, log);
  const { services, jobs } = compose(productModules, coreServices({ env, db: database.dataSource, log }));
  for (const job of jobs('worker')) await job.start();
  log.info('the worker is waiting for jobs');
  const stop = async (signal: string) => {
    log.info({ signal }, 'the worker is stopping: finishing the job in hand');
    await services.jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `The worker could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
