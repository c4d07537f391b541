import type { DataSource } from 'typeorm';
import type { Env } from '../config/env';
import { resolveJwtSecret } from '../config/jwt-secret';
import { JobQueue } from '../db/job-queue';
import type { AppLogger } from '../logger';
import type { CoreServices } from './services';

export interface CoreOptions {
  env: Env;
  db: DataSource;
  log: AppLogger;
  /** Runs the queue's clock for scheduled jobs (the server does; the worker and tests do not). */
  scheduling?: boolean;
  /** This process's own address, once it listens; a process that does not listen has none. */
  selfUrl?: () => string;
}

/** What the process gives every module: settings, the database, the log, the one job queue and the secret. */
export function coreServices({ env, db, log, scheduling = false, selfUrl }: CoreOptions): CoreServices {
  const jobs = new JobQueue((db.options as { url: string }).url, log, {
    maintenanceIntervalSeconds: env.video.queueCheckSeconds,
    scheduling,
    // Each video being processed holds a connection beside the queue's own.
    connections: 5 + env.video.concurrency,
  });
  const noAddress = () => {
    throw new Error('This process does not listen: it has no address of its own.');
  };
  return { env, db, log, jobs, jwtSecret: resolveJwtSecret(env), selfUrl: selfUrl ?? noAddress };
}
