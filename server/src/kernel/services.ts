import type { DataSource } from 'typeorm';
import type { Env } from '../config/env';
import type { JobQueue } from '../db/job-queue';
import type { AppLogger } from '../logger';

/** What the process gives every module, built before any module's services. */
export interface CoreServices {
  env: Env;
  db: DataSource;
  log: AppLogger;
  /** The process's one job queue (`db/job-queue.ts`); every module's jobs run on it. */
  jobs: JobQueue;
  /** The secret every signing key is derived from (`config/jwt-secret.ts`). */
  jwtSecret: string;
  /** This process's own address, for what calls it back over loopback; known once it listens. */
  selfUrl: () => string;
}

/**
 * The services the modules build, by name. A module adds its own by declaration merging in its
 * manifest (`declare module '../../kernel/services' { interface ModuleServices { mail: MailService } }`),
 * so the kernel names no module and a module's types stay in its folder.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModuleServices {}

/** Everything the composition has built: the core and every module's services. */
export type Services = CoreServices & ModuleServices;
