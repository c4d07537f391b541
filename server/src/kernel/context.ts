import type { Request, Response } from 'express';
import type { Language } from '../i18n/languages';
import type { AppLogger } from '../logger';
import type { Services } from './services';
import type { Viewer } from './viewer';

/** What every request has, whoever handles it (`http/request-context.ts` and the viewer's identification set them). */
export interface RequestFacts {
  log: AppLogger;
  requestId: string;
  /** The language answers are given in (error messages; mail sent because of the request). */
  language: Language;
  viewer: Viewer | null;
  clientAddress: string;
  /** The request's access log fields, where the operation's name is put. */
  logFields?: Record<string, unknown>;
}

/**
 * A module's fields of one request's GraphQL context (cookies it reads and writes, the API key it
 * identified), added by declaration merging in its manifest like `ModuleServices`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RequestFields {}

/** The request's batching loaders, new for every request and never shared; each module adds its own. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Loaders {}

/** The request a context is made for; null for an operation run in-process (tests, server-side calls). */
export type HttpExchange = { req: Request; res: Response } | null;

/** Per-request GraphQL context: every service, the request's facts, the modules' request fields and fresh loaders. */
export type GraphQLContext = Services & RequestFacts & RequestFields & { loaders: Loaders };

/** What loader factories are given. */
export type LoaderFactories = { [K in keyof Loaders]?: (services: Services, viewer: Viewer | null) => Loaders[K] };
