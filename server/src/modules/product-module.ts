import type { RequestHandler } from 'express';
import type { DataSource } from 'typeorm';
import type { Env } from '../config/env';
import type { JobQueue } from '../db/job-queue';
import type { AppLogger } from '../logger';
import type { AuthDeps } from './auth/auth.service';
import type { WebhookDeps } from './integration/webhook.service';
import type { MailService } from './mail/mailer';
import type { PaymentServices } from './payment/payment-services';
import type { PracticeQueue } from './practice/practice-queue';
import type { StreamSettings } from './video/stream-signature';
import type { VideoQueue } from './video/video-queue';
import type { VideoStorage } from './video/video-storage';

/**
 * What a module of the product brings to the whole: its GraphQL resolvers, its entities, its HTTP
 * routes and its jobs. The composition root reads these manifests (`modules/index.ts` lists the
 * modules: `graphql/schema.ts`, `db/entities.ts`, `app.ts` and `index.ts` loop over them), so a new
 * feature touches its own folder and one line there.
 */
export interface ProductModule {
  /** The module's folder under `modules/`. */
  name: string;
  // Classes, as type-graphql and TypeORM take them.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  resolvers?: Function[];
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities?: Function[];
  /** Its HTTP routes (REST, uploads, streams, notifications), each with the phase it is mounted in. */
  routes?: (services: ModuleServices) => ModuleRoute[];
  /** Its jobs on the process's one job queue, started by the server (`index.ts`). */
  jobs?: (services: ModuleServices) => ModuleJob[];
}

/** What the composition root has built, handed to the modules' `routes` and `jobs`. */
export interface ModuleServices {
  env: Env;
  db: DataSource;
  log: AppLogger;
  /** The process's one job queue (`db/job-queue.ts`). */
  jobs: JobQueue;
  auth: AuthDeps;
  payments: PaymentServices;
  mail: MailService;
  video: { storage: VideoStorage; queue: VideoQueue; stream: StreamSettings };
  /** Model test attempts submitted by the server at their deadline. */
  practice: { queue: PracticeQueue };
  webhooks: WebhookDeps;
}

/**
 * Where in the app's middleware a route is mounted (`app.ts`), in this order:
 * - `raw-body`: before cookies, the viewer and any body parsing; sees the exact bytes (provider webhooks).
 * - `streams`: with the viewer identified, the body left unread (resumable uploads, video streams); before `/graphql`.
 * - `rest`: after `/graphql`, with the JSON body read (100 kB), the text limits and the API key gate; before `/api`'s 404.
 */
export const ROUTE_PHASES = ['raw-body', 'streams', 'rest'] as const;
export type RoutePhase = (typeof ROUTE_PHASES)[number];

export interface ModuleRoute {
  phase: RoutePhase;
  /** Within a phase, lower first; equal ones in the order of `productModules`, then of the module's list. */
  order: number;
  /** Where it is mounted; `/` (the router's own paths are whole) unless given. */
  path?: string;
  router: RequestHandler;
}

/**
 * A job of a module: a named pg-boss queue on the one `JobQueue`, which `start` creates (with its
 * retry settings and, for scheduled work, its cron) and works in this process.
 */
export interface ModuleJob {
  /** The pg-boss queue's name. */
  queue: string;
  /** pg-boss cron of scheduled work (UTC, minutes its finest step); none: the job runs when something sends it. */
  cron?: string;
  /**
   * When the server starts it: `before-listening` (the process is not serving until it works), or
   * `listening` (once the server answers: jobs that call the server over HTTP or must not hold up serving).
   */
  phase: 'before-listening' | 'listening';
  start(): Promise<void>;
}

/** The routes of every module (each module's `routes` called once), by phase, each phase in mounting order. */
export function moduleRoutes(modules: readonly ProductModule[], services: ModuleServices): Record<RoutePhase, ModuleRoute[]> {
  const routes = modules.flatMap((module) => module.routes?.(services) ?? []);
  // Array.prototype.sort is stable: equal orders keep the modules' order.
  const inPhase = (phase: RoutePhase) => routes.filter((route) => route.phase === phase).sort((a, b) => a.order - b.order);
  return { 'raw-body': inPhase('raw-body'), streams: inPhase('streams'), rest: inPhase('rest') };
}

/** The jobs of every module, in the order of `productModules`. */
export function moduleJobs(modules: readonly ProductModule[], services: ModuleServices): ModuleJob[] {
  return modules.flatMap((module) => module.jobs?.(services) ?? []);
}
