import type { AttemptPageQuery } from './api/practice.generated';

/** The cache the practice pages' service worker (public/practice-sw.js) reads when there is no network. */
const CACHE = 'shikhon-practice-v1';

/**
 * Keeps the page on screen and the scripts it ran in the browser's cache, and registers the service
 * worker that opens them when the page is reloaded offline. A page reached inside the app was never
 * fetched as a page, so it fetches itself once here. Nothing happens where the browser has no service
 * workers (or in tests).
 */
export async function keepPageForOffline(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof caches === 'undefined') return;
  try {
    await navigator.serviceWorker.register('/practice-sw.js');
    // From now on the worker keeps every file the page fetches; those fetched before are added here.
    await navigator.serviceWorker.ready;
    const cache = await caches.open(CACHE);
    const scripts = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && /^\/(assets\/|start-scripts\.js$|favicon\.svg$)/.test(url.pathname))
      .map((url) => url.pathname);
    // Each file on its own, so a connection lost halfway keeps what already came for the next try;
    // the page last, once all its files are kept: a page in the cache opens offline.
    const missing = [];
    for (const address of ['/start-scripts.js', ...new Set(scripts)]) if (!(await cache.match(address, { ignoreVary: true }))) missing.push(address);
    const kept = await Promise.allSettled(missing.map((address) => cache.add(address)));
    const page = location.pathname + location.search;
    if (kept.every((file) => file.status === 'fulfilled') && !(await cache.match(page, { ignoreVary: true }))) await cache.add(page);
  } catch {
    // Offline already, or storage refused: the page works as before, only not from the cache.
  }
}

interface KeptAttempt {
  data: AttemptPageQuery;
  /** The phone's clock when the data came, to move its `serverTime` on. */
  keptAt: number;
}

const keptKey = (attemptId: string) => `practice:attempt:${attemptId}`;

/** Keeps an unfinished attempt as the server last gave it, for a reload with no network. */
export function keepAttempt(attemptId: string, data: AttemptPageQuery): void {
  try {
    localStorage.setItem(keptKey(attemptId), JSON.stringify({ data, keptAt: Date.now() } satisfies KeptAttempt));
  } catch {
    // Storage full: the attempt still works online.
  }
}

/** Adds an answer the server saved to the kept attempt, so a reload with no network shows it too. */
export function keepSavedAnswer(attemptId: string, questionId: string, optionId: string): void {
  try {
    const kept = JSON.parse(localStorage.getItem(keptKey(attemptId)) ?? 'null') as KeptAttempt | null;
    if (!kept) return;
    const answers = [...kept.data.attempt.answers.filter((answer) => answer.questionId !== questionId), { questionId, optionId }];
    localStorage.setItem(keptKey(attemptId), JSON.stringify({ ...kept, data: { ...kept.data, attempt: { ...kept.data.attempt, answers } } }));
  } catch {
    // Storage full: the answer is saved on the server all the same.
  }
}

export function forgetKeptAttempt(attemptId: string): void {
  localStorage.removeItem(keptKey(attemptId));
}

/** The attempt as last kept, its server clock moved on by the time since; null when none was kept. */
export function keptAttempt(attemptId: string): AttemptPageQuery | null {
  try {
    const kept = JSON.parse(localStorage.getItem(keptKey(attemptId)) ?? 'null') as KeptAttempt | null;
    if (!kept) return null;
    const serverTime = new Date(new Date(kept.data.attempt.serverTime).getTime() + (Date.now() - kept.keptAt)).toISOString();
    return { ...kept.data, attempt: { ...kept.data.attempt, serverTime } };
  } catch {
    return null;
  }
}
