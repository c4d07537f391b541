import type { ApolloServerPlugin, GraphQLRequestContextWillSendResponse } from '@apollo/server';
import type { NextFunction, Request, Response } from 'express';
import { Kind, OperationTypeNode, parse, visit, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { Client } from 'pg';
import type { AppLogger } from '../logger';
import type { GraphQLContext } from '../kernel/context';

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
/** Changes remembered for the answers being made meanwhile; one made before all of them is not kept. */
const MAX_RECENT_CHANGES = 1000;
const RECONNECT_MS = 2000;
/**
 * How long the catalogue's figures may lag behind a change to the accounts they count: the first
 * such change forgets them this long after, and the ones meanwhile wait for that same forgetting,
 * so through a rush of sign-ups the home page is drawn again at most once in this time.
 */
export const FIGURES_LAG_MS = 5000;
export const CATALOGUE_CHANGED = 'catalogue_changed';
/** A notice that names its row (`enrollment:<courseId>`, `review:<courseId>`, `user:<userId>`); any other notice empties the cache. */
const ROW_NOTICE = /^(\w+):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const FIGURES = 'catalogueFigures';
/**
 * The fields of a course that count its enrollments: an enrollment makes stale only what shows one
 * of them for its course (public-response-cache-drift.test.ts checks no other public field reads enrollments).
 */
export const ENROLLMENT_FIELDS = ['enrolledCount'];
/** The fields the rules below ask about, noted on what is kept when its query selects them (by name, whatever the alias). */
const NOTED_FIELDS = new Set(['reviews', FIGURES, ...ENROLLMENT_FIELDS]);

/**
 * A change heard from the database: what it makes stale, among the things kept with `tag` (an id,
 * or `field:<name>`), or among everything when `tag` is null; `stale` narrows it further.
 */
interface Change {
  tag: string | null;
  stale?: (tags: ReadonlySet<string>) => boolean;
}
const EVERYTHING: Change = { tag: null };
const FIGURES_CHANGED: Change = { tag: `field:${FIGURES}` };

/**
 * What a change notice makes stale: `now` at once, `lagged` after FIGURES_LAG_MS. These are the
 * rules; they hold because each public field reads those tables only as written here (the drift test).
 */
function changesOf(payload: string | undefined): { now: Change[]; lagged?: Change } {
  const row = ROW_NOTICE.exec(payload ?? '');
  if (!row) return { now: [EVERYTHING] };
  const [, table, id] = row;
  switch (table) {
    // An enrollment changes its course's counts of students, nothing else a visitor sees.
    case 'enrollment':
      return { now: [{ tag: id, stale: (tags) => ENROLLMENT_FIELDS.some((field) => tags.has(`field:${field}`)) }] };
    // A review shows on its course (its rating) and in the lists of reviews (the home page's testimonials).
    case 'review':
      return { now: [{ tag: id }, { tag: 'field:reviews' }] };
    // Of an account, visitors see only the count of students in the figures (the instructor's name
    // on a course is the course's own); anything showing the account's id goes too.
    case 'user':
      return { now: [{ tag: id }], lagged: FIGURES_CHANGED };
    default:
      return { now: [EVERYTHING] };
  }
}

const isStale = (change: Change, tags: ReadonlySet<string>) => (change.tag === null || tags.has(change.tag)) && (change.stale?.(tags) ?? true);

/** The names of the noted fields a GraphQL document selects anywhere (fragments too), whatever their aliases. */
function fieldsSelected(document: DocumentNode): string[] {
  const names: string[] = [];
  visit(document, {
    Field: (node) => {
      if (NOTED_FIELDS.has(node.name.value)) names.push(node.name.value);
    },
  });
  return names;
}

/**
 * What a kept answer or page shows, to forget just those on a change: the ids in its key and text,
 * and the noted fields its queries select (`fields`); in a page's text also the noted fields named
 * in its state (`"reviews"`, `"reviews(`), for a page drawn without saying its queries.
 */
function tagsOf(key: string, text: string, fields: Iterable<string> = []): Set<string> {
  const tags = new Set([...key.matchAll(ID), ...text.matchAll(ID)].map((match) => match[0]));
  for (const field of fields) tags.add(`field:${field}`);
  for (const field of NOTED_FIELDS) if (text.includes(`"${field}"`) || text.includes(`"${field}(`)) tags.add(`field:${field}`);
  return tags;
}

/** The noted fields in the GraphQL requests a page was drawn with (their JSON bodies). */
function fieldsRequested(bodies: string[]): string[] {
  return bodies.flatMap((body) => {
    try {
      const { query } = JSON.parse(body) as { query?: unknown };
      return typeof query === 'string' ? fieldsSelected(parse(query)) : [];
    } catch {
      return [];
    }
  });
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
 * catalogue's tables) and forgets what each makes stale (`changesOf`): an enrollment, only what shows
 * its course's count of students; a review, what shows its course and the lists of reviews; an
 * account, the figures a few seconds later; any other notice empties the cache. While it cannot
 * listen, it caches nothing.
 */
export class PublicResponseCache {
  private readonly entries = new Map<string, string>();
  /** Other things made only from public data (server-rendered pages), by key. */
  private readonly derived = new Map<string, unknown>();
  /** What each entry (`e <key>`) and derived thing (`d <key>`) shows: ids, and `field:<name>` for the noted fields. */
  private readonly tagsByKey = new Map<string, Set<string>>();
  /** The same, the other way: the keys of what shows each tag. */
  private readonly tagged = new Map<string, Set<string>>();
  private figuresTimer: NodeJS.Timeout | null = null;
  private readonly deriving = new Map<string, Promise<unknown>>();
  private listener: Client | null = null;
  private listening = false;
  /** How many changes have been heard; `recent` holds the last of them, for the answers being made meanwhile. */
  private changeCount = 0;
  private readonly recent: Change[] = [];
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly log: AppLogger,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Forgets what `change` makes stale, and remembers it for what is being made now. */
  private apply(change: Change) {
    this.changeCount += 1;
    this.recent.push(change);
    if (this.recent.length > MAX_RECENT_CHANGES) this.recent.shift();
    if (change.tag === null) {
      this.entries.clear();
      this.derived.clear();
      this.tagsByKey.clear();
      this.tagged.clear();
      return;
    }
    for (const key of [...(this.tagged.get(change.tag) ?? [])]) {
      if (isStale(change, this.tagsByKey.get(key) ?? new Set())) this.drop(key);
    }
  }

  /** Whether something made since `changeCount` was `since`, showing `tags`, is stale already (or too old to tell). */
  private staleSince(since: number, tags: ReadonlySet<string>): boolean {
    const heard = this.changeCount - since;
    if (heard > this.recent.length) return true;
    return this.recent.slice(this.recent.length - heard).some((change) => isStale(change, tags));
  }

  /** Notes what an entry (`e <key>`) or derived thing (`d <key>`) about to be kept shows, instead of what the one before it showed. */
  private keep(key: string, tags: Set<string>) {
    this.drop(key);
    this.tagsByKey.set(key, tags);
    for (const tag of tags) {
      let keys = this.tagged.get(tag);
      if (!keys) this.tagged.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  /** Forgets an entry (`e <key>`) or derived thing (`d <key>`) and what it showed. */
  private drop(key: string) {
    if (key.startsWith('e ')) this.entries.delete(key.slice(2));
    else this.derived.delete(key.slice(2));
    for (const tag of this.tagsByKey.get(key) ?? []) {
      const keys = this.tagged.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.tagged.delete(tag);
    }
    this.tagsByKey.delete(key);
  }

  private onNotice(payload: string | undefined) {
    const { now, lagged } = changesOf(payload);
    for (const change of now) this.apply(change);
    if (lagged) {
      this.figuresTimer ??= setTimeout(() => {
        this.figuresTimer = null;
        this.apply(lagged);
      }, FIGURES_LAG_MS).unref();
    }
  }

  async start(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 2000 });
    client.on('notification', (notice) => this.onNotice(notice.payload));
    client.on('error', (error) => this.log.warn({ err: error }, 'response cache: lost the change notices'));
    client.on('end', () => {
      this.listening = false;
      this.apply(EVERYTHING);
      if (!this.stopped) this.scheduleReconnect();
    });
    this.listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOGUE_CHANGED}`);
      this.apply(EVERYTHING);
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
    this.apply(EVERYTHING);
    await this.listener?.end().catch(() => undefined);
  }

  /** Express middleware for POST /graphql, after the body is parsed and the viewer is known. */
  serve = (req: Request, res: Response, next: NextFunction) => {
    if (!this.listening || req.method !== 'POST' || req.viewer || req.apiKey) return next();
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
        if (!this.listening || contextValue.viewer || contextValue.apiKey) return Promise.resolve();
        const since = this.changeCount;
        return Promise.resolve({
          willSendResponse: (requestContext) => {
            this.keepAnswer(since, requestContext);
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
   * What `make` gives for `key`, made once and kept until a change makes it stale; `make` must use
   * only what every anonymous visitor sees, and passes the body of each GraphQL request it sends to
   * `requested` (what it shows is told by those queries and by its text). Visitors asking at the
   * same time share one making. Null answers are not kept; while change notices cannot be heard,
   * nothing is kept.
   */
  remember<T>(key: string, make: (requested: (body: string) => void) => Promise<T | null>): Promise<T | null> {
    if (this.derived.has(key)) return Promise.resolve(this.derived.get(key) as T);
    const inFlight = this.deriving.get(key);
    if (inFlight) return inFlight as Promise<T | null>;
    const since = this.changeCount;
    const requests: string[] = [];
    const making = make((body) => requests.push(body))
      .then((value) => {
        if (value === null || !this.listening) return value;
        const tags = tagsOf(key, textOf(value), fieldsRequested(requests));
        // Made while a change it shows was heard: it may predate the change, so it is not kept.
        if (this.staleSince(since, tags)) return value;
        this.keep(`d ${key}`, tags);
        this.derived.set(key, value);
        if (this.derived.size > MAX_DERIVED_ENTRIES) this.drop(`d ${this.derived.keys().next().value!}`);
        return value;
      })
      .finally(() => this.deriving.delete(key));
    this.deriving.set(key, making);
    return making;
  }

  /** Keeps a successful answer to a public query, unless a change it shows was heard while it was made. */
  private keepAnswer(since: number, { request, response, operation, document, contextValue }: GraphQLRequestContextWillSendResponse<GraphQLContext>) {
    if (!operation || !document || !onlyPublicFields(operation) || response.body.kind !== 'single') return;
    if (response.body.singleResult.errors || (response.http.status ?? 200) !== 200) return;
    if (!this.listening) return;
    const key = keyOf(request, contextValue.language);
    const body = `${JSON.stringify(response.body.singleResult)}\n`;
    if (key === null || body.length > MAX_BODY_BYTES) return;
    const tags = tagsOf(key, body, fieldsSelected(document));
    if (this.staleSince(since, tags)) return;
    this.keep(`e ${key}`, tags);
    this.entries.set(key, body);
    if (this.entries.size > MAX_ENTRIES) this.drop(`e ${this.entries.keys().next().value!}`);
  }
}
