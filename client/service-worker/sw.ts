/// <reference lib="webworker" />
// The site's one service worker, built by vite-plugin-pwa (injectManifest) into /sw.js.
// - The app's shell and the students' route code are precached (vite.config.ts chooses the files).
// - Pages: the network first, so a reachable server always answers and signed-in pages are never
//   stale; the copy this phone kept when there is no network, or after PAGE_WAIT_SECONDS (the
//   network's answer still replaces the copy). A page never opened: the offline page, in the
//   language of the pages last seen.
// - Pictures: the kept copy at once, refreshed behind it (stale-while-revalidate).
// - Downloaded lessons: from their cache only, until they expire.
// - GraphQL and the REST API are never touched: signed-in answers stay off the phone's cache (a
//   model test keeps its attempt in the page's own storage, features/practice/offline-practice.ts, and a
//   practice set its keys and the answers given offline, practice-keys.ts and practice-outbox.ts).
// - Background Sync: a change kept offline wakes the worker when the network is back, and it asks
//   an open page to send it (at the end of this file, and why the worker does not send it itself).
// - A new version waits until every tab of the old one is closed: an open test is never reloaded
//   or switched to code it did not start with; the page announces it (lib/app-worker.ts).
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { keptLesson, LESSONS_CACHE, OFFLINE_LESSONS } from '../src/lib/lesson-downloads';
import { LANGUAGE_KEY, PAGES_CACHE, SETTINGS_CACHE } from '../src/lib/offline-caches';
import { SEND_KEPT_CHANGES, type KeptChangesAnswer } from '../src/lib/kept-changes-sync';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };
/** Background Sync's event (Chromium; not in TypeScript's worker types). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

const LANGUAGES = ['bn', 'en'];
const DEFAULT_LANGUAGE = 'en';
const PAGE_WAIT_SECONDS = 6;
const DAYS = 24 * 3600;
/** Addresses that are no page even when a browser navigates to them. */
const NOT_PAGES = /^\/(graphql|api|docs|uploads|media|test-mode|sslcommerz-sandbox|payment|offline)(\/|$)|\.[a-z0-9]+$/i;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('install', (event) => {
  // The first worker of this browser starts at once; a new version waits for the old one's tabs to close.
  if (!self.registration.active) event.waitUntil(self.skipWaiting());
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Notes the language a page was answered in (the server says it in Content-Language). */
const languageNoted = {
  fetchDidSucceed: async ({ response }: { response: Response }) => {
    const language = response.headers.get('content-language');
    if (response.ok && language && LANGUAGES.includes(language)) {
      const settings = await caches.open(SETTINGS_CACHE);
      await settings.put(LANGUAGE_KEY, new Response(language));
    }
    return response;
  },
};

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && !NOT_PAGES.test(url.pathname),
  new NetworkFirst({
    cacheName: PAGES_CACHE,
    networkTimeoutSeconds: PAGE_WAIT_SECONDS,
    // Pages vary by the sign-in hint and language cookies: the copy kept is the one this phone saw.
    matchOptions: { ignoreVary: true },
    plugins: [
      languageNoted,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * DAYS, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin && !url.pathname.startsWith('/api/'),
  new StaleWhileRevalidate({
    cacheName: 'shikhon-pictures-v1',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * DAYS, purgeOnQuotaError: true })],
  }),
);

// Lessons downloaded to the phone: only ever from the cache (lib/lesson-downloads.ts saves them), and
// only until they expire: a lesson past its keeping is removed at its first request and never plays.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith(OFFLINE_LESSONS),
  async ({ request, url }) => {
    const lessonId = url.pathname.slice(OFFLINE_LESSONS.length).split('/')[0];
    const kept = await keptLesson(lessonId);
    const answer = kept && (await (await caches.open(LESSONS_CACHE)).match(request));
    return answer || new Response(null, { status: 404 });
  },
);

// Built files that are not precached (the staff pages' code): they never change under their name.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'shikhon-assets-v1',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 60 * DAYS, purgeOnQuotaError: true })],
  }),
);

async function offlineLanguage(url: URL): Promise<string> {
  const asked = url.searchParams.get('lang');
  if (asked && LANGUAGES.includes(asked)) return asked;
  const noted = await (await caches.open(SETTINGS_CACHE)).match(LANGUAGE_KEY);
  const language = noted ? await noted.text() : DEFAULT_LANGUAGE;
  return LANGUAGES.includes(language) ? language : DEFAULT_LANGUAGE;
}

// No network and nothing in the route's own cache: a copy in any cache (a model test page an older
// version of this worker kept), else, for a page, the offline page.
setCatchHandler(async ({ request, url }) => {
  const kept = await caches.match(request, { ignoreVary: true });
  if (kept) return kept;
  if (request.mode === 'navigate') {
    const offline = await matchPrecache(`/offline/${await offlineLanguage(url)}`);
    if (offline) return offline;
  }
  return Response.error();
});

// Background Sync: progress and practice answers kept with no network (lib/kept-changes-sync.ts).
// The worker does not send them itself, by choice: requests carry a bearer access token that lives
// only in the page's memory (lib/session.ts), and the outboxes live in the page's localStorage, which
// workers cannot read. Sending from here would mean moving both outboxes to IndexedDB (the player and
// the practice set read them synchronously while they draw) and a session refresh of the worker's own
// from the httpOnly cookie, rotating the refresh token behind the page's back. So `sync` asks the
// open pages to send (app/kept-changes.tsx), and fails when none could: the browser then tries
// again later, and the next visit sends them anyway.
const PAGE_ANSWER_MS = 60_000;

function askToSend(client: Client): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), PAGE_ANSWER_MS);
    channel.port1.onmessage = (event: MessageEvent<KeptChangesAnswer>) => {
      clearTimeout(timer);
      resolve(event.data.sent);
    };
    client.postMessage({ type: SEND_KEPT_CHANGES }, [channel.port2]);
  });
}

self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== SEND_KEPT_CHANGES) return;
  sync.waitUntil(
    (async () => {
      const pages = await self.clients.matchAll({ type: 'window' });
      const answers = await Promise.all(pages.map(askToSend));
      if (!answers.includes(true)) throw new Error('What the phone kept waits for an open page');
    })(),
  );
});
