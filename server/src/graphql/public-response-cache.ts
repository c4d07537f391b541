import type { ApolloServerPlugin, GraphQLRequestContextWillSendResponse } from '@apollo/server';
import type { NextFunction, Request, Response } from 'express';
import { Kind, OperationTypeNode, type OperationDefinitionNode } from 'graphql';
import { Client } from 'pg';
import type { AppLogger } from '../logger';
import type { GraphQLContext } from './context';

/**
 * Root fields whose answer is the same for every anonymous visitor. Every table they read must send
 * change notices (CatalogueChangeNotices migrations): public-response-cache-drift.test.ts checks it.
 */
export const PUBLIC_FIELDS = new Set([
  'courses',
  'course',
  'courseSearch',
  'searchCourses',
  'similarCourses',
  'recommendedCourses',
  'catalogueFigures',
  'reviews',
  'blogs',
  'blog',
  '__typename',
]);
const MAX_ENTRIES = 500;
const MAX_DERIVED_ENTRIES = 100;
const MAX_BODY_BYTES = 512 * 1024;
const MAX_TAGS = 50_000;
const RECONNECT_MS = 2000;
/** How long the catalogue's figures (students, courses) may lag behind enrollments. */
export const FIGURES_LAG_MS = 5000;
export const CATALOGUE_CHANGED = 'catalogue_changed';
/** A notice that names a course (`enrollment:<id>`, `review:<id>`); any other notice empties the cache. */
const COURSE_NOTICE = /^(\w+):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const FIGURES = 'catalogueFigures';

/**
 * What a kept answer or page shows, to forget just those on a change: the ids in it and the public
 * root fields whose answers it holds (`"reviews"` in an answer, `"reviews(` in a page's Apollo state).
 */
function tagsOf(text: string): Set<string> {
  const tags = new Set(text.match(ID) ?? []);
  for (const field of PUBLIC_FIELDS) if (text.includes(`"${field}"`) || text.includes(`"${field}(`)) tags.add(`field:${field}`);
  return tags;
}

const textOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Buffer.isBuffer((value as { identity?: unknown })?.identity)
      ? (value as { identity: Buffer }).identity.toString('utf8')
      : JSON.stringify(value);

interface OperationRequest {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

/** Answers hold text in the request's language (money's `formatted`), so the language is part of the key. */
function keyOf(body: OperationRequest | undefined, language: string): string | null {
  if (!body || typeof body.query !== 'string') return null;
  return JSON.stringify([language, body.operationName ?? null, body.query, body.variables ?? null]);
}

const onlyPublicFields = (operation: OperationDefinitionNode) =>
  operation.operation === OperationTypeNode.QUERY &&
  operation.selectionSet.selections.every((selection) => selection.kind === Kind.FIELD && PUBLIC_FIELDS.has(selection.name.value));

/**
 * Answers to anonymous catalogue queries, kept in memory and served before GraphQL runs. Every copy
 * of the server listens for the database's `catalogue_changed` notices (sent by triggers on the
 * catalogue's tables). A notice that names a course (an enrollment, a review) forgets only what
 * shows that course, and the figures a few seconds later; any other notice empties the cache.
 * While it cannot listen, it caches nothing.
 */
export class PublicResponseCache {
  private readonly entries = new Map<string, string>();
  /** Other things made only from public data (server-rendered pages), by key. */
  private readonly derived = new Map<string, unknown>();
  /** Keys of entries (`e `) and derived things (`d `) by what they show: an id, or `field:<root field>`. */
  private readonly tagged = new Map<string, Set<string>>();
  private figuresTimer: NodeJS.Timeout | null = null;
  private readonly deriving = new Map<string, Promise<unknown>>();
  private listener: Client | null = null;
  private listening = false;
  /** Bumped on every change notice, so an answer computed before a change is never stored after it. */
  private generation = 0;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly log: AppLogger,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  private forgetAll() {
    this.generation += 1;
    this.entries.clear();
    this.derived.clear();
    this.tagged.clear();
  }

  private tag(key: string, text: string) {
    // Keys of answers since dropped for room stay listed until a full change; this bounds them.
    if (this.tagged.size > MAX_TAGS) this.forgetAll();
    for (const tag of tagsOf(text)) {
      let keys = this.tagged.get(tag);
      if (!keys) this.tagged.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  /** Forgets the entries and derived things that show `tag`. */
  private forgetTagged(tag: string) {
    for (const key of this.tagged.get(tag) ?? []) {
      if (key.startsWith('e ')) this.entries.delete(key.slice(2));
      else this.derived.delete(key.slice(2));
    }
    this.tagged.delete(tag);
  }

  private onNotice(payload: string | undefined) {
    const course = COURSE_NOTICE.exec(payload ?? '');
    if (!course) return this.forgetAll();
    const [, table, courseId] = course;
    // Answers being made now may predate the change: they are not kept.
    this.generation += 1;
    this.forgetTagged(courseId);
    // Reviews also show on their own pages and on the home page, whatever their course.
    if (table === 'review') {
      this.forgetTagged(`field:reviews`);
      this.forgetTagged(`field:${FIGURES}`);
    }
    this.figuresTimer ??= setTimeout(() => {
      this.figuresTimer = null;
      this.forgetTagged(`field:${FIGURES}`);
    }, FIGURES_LAG_MS).unref();
  }

  async start(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 2000 });
    client.on('notification', (notice) => this.onNotice(notice.payload));
    client.on('error', (error) => this.log.warn({ err: error }, 'response cache: lost the change notices'));
    client.on('end', () => {
      this.listening = false;
      this.forgetAll();
      if (!this.stopped) this.scheduleReconnect();
    });
    this.listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOGUE_CHANGED}`);
      this.forgetAll();
      this.listening = true;
    } catch (error) {
      this.log.warn({ err: error }, 'response cache: cannot listen for changes; caching paused');
      await client.end().catch(() => undefined);
      if (!this.stopped) this.scheduleReconnect();
    }
  }

  private scheduleReconnect() {
    if (this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) void this.start();
    }, RECONNECT_MS);
    this.reconnectTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.figuresTimer) clearTimeout(this.figuresTimer);
    this.listening = false;
    this.entries.clear();
    this.derived.clear();
    this.tagged.clear();
    await this.listener?.end().catch(() => undefined);
  }

  /** Express middleware for POST /graphql, after the body is parsed and the viewer is known. */
  serve = (req: Request, res: Response, next: NextFunction) => {
    if (!this.listening || req.method !== 'POST' || req.viewer || req.apiKey || req.authProblem) return next();
    const key = keyOf(req.body as OperationRequest, req.language);
    const body = key === null ? undefined : this.entries.get(key);
    if (body === undefined) return next();
    // Most recently used last, so the oldest entry is the first to go.
    this.entries.delete(key!);
    this.entries.set(key!, body);
    const { operationName } = req.body as OperationRequest;
    Object.assign(req.logFields, { operation: typeof operationName === 'string' ? operationName : undefined, responseCache: 'hit' });
    res.status(200).set({ 'content-type': 'application/json; charset=utf-8', 'x-response-cache': 'hit' }).send(body);
  };

  /** Apollo plugin that stores successful anonymous answers to public queries. */
  plugin(): ApolloServerPlugin<GraphQLContext> {
    return {
      serverWillStart: async () => {
        await this.start();
        return { serverWillStop: () => this.stop() };
      },
      requestDidStart: ({ contextValue }) => {
        if (!this.listening || contextValue.viewer || contextValue.apiKey || contextValue.authProblem) return Promise.resolve();
        const generation = this.generation;
        return Promise.resolve({
          willSendResponse: (requestContext) => {
            this.keepAnswer(generation, requestContext);
            return Promise.resolve();
          },
        });
      },
    };
  }

  /** Whether `remember` would answer `key` with what it keeps, without making it. */
  keeps(key: string): boolean {
    return this.derived.has(key);
  }

  /**
   * What `make` gives for `key`, made once and kept until the catalogue changes; `make` must use
   * only what every anonymous visitor sees. Visitors asking at the same time share one making.
   * Null answers are not kept; while change notices cannot be heard, nothing is kept.
   */
  remember<T>(key: string, make: () => Promise<T | null>): Promise<T | null> {
    if (this.derived.has(key)) return Promise.resolve(this.derived.get(key) as T);
    const inFlight = this.deriving.get(key);
    if (inFlight) return inFlight as Promise<T | null>;
    const generation = this.generation;
    const making = make()
      .then((value) => {
        if (value !== null && this.listening && generation === this.generation) {
          this.derived.set(key, value);
          this.tag(`d ${key}`, textOf(value));
          if (this.derived.size > MAX_DERIVED_ENTRIES) this.derived.delete(this.derived.keys().next().value!);
        }
        return value;
      })
      .finally(() => this.deriving.delete(key));
    this.deriving.set(key, making);
    return making;
  }

  /** Keeps a successful answer to a public query, unless the catalogue changed while it was made. */
  private keepAnswer(generation: number, { request, response, operation, contextValue }: GraphQLRequestContextWillSendResponse<GraphQLContext>) {
    if (!operation || !onlyPublicFields(operation) || response.body.kind !== 'single') return;
    if (response.body.singleResult.errors || (response.http.status ?? 200) !== 200) return;
    if (generation !== this.generation || !this.listening) return;
    const key = keyOf(request, contextValue.language);
    const body = `${JSON.stringify(response.body.singleResult)}\n`;
    if (key === null || body.length > MAX_BODY_BYTES) return;
    this.store(key, body);
  }

  private store(key: string, body: string) {
    this.entries.set(key, body);
    this.tag(`e ${key}`, body);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}
