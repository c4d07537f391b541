import type { RequestHandler } from 'express';
import type { HttpExchange, LoaderFactories, RequestFacts, RequestFields } from './context';
import type { ModuleServices, Services } from './services';

/**
 * What a module of the product brings to the whole: the services it builds, its GraphQL resolvers,
 * its entities, its HTTP routes, its jobs, its per-request loaders and context fields. The
 * composition (`kernel/composition.ts`) reads these manifests (`modules/index.ts` lists them) for the
 * server, the worker and the tests alike, so a new feature touches its own folder and one line there.
 */
export interface ProductModule {
  /** The module's folder under `modules/`. */
  name: string;
  /** The services it builds, by name; each factory is given every service (each built once, when first asked for). */
  services?: ServiceFactories;
  // Classes, as type-graphql and TypeORM take them.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  resolvers?: Function[];
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities?: Function[];
  /** Its HTTP routes (REST, uploads, streams, notifications), each with the phase it is mounted in. */
  routes?: (services: Services) => ModuleRoute[];
  /** Its jobs on the process's one job queue. */
  jobs?: (services: Services) => ModuleJob[];
  /** Its batching loaders, made anew for every GraphQL request. */
  loaders?: LoaderFactories;
  /** Its fields of a request's GraphQL context (`http` is null for an operation run in-process). */
  requestFields?: (services: Services, http: HttpExchange, facts: RequestFacts) => Partial<RequestFields>;
}

export type ServiceFactories = { [K in keyof ModuleServices]?: (services: Services) => ModuleServices[K] };

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

/** The processes that work jobs: the web server (`index.ts`) and `npm run worker` (`worker.ts`). */
export type JobProcess = 'server' | 'worker';

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
  /** The processes that work it; the server alone unless given. */
  processes?: readonly JobProcess[];
  start(): Promise<void>;
}
