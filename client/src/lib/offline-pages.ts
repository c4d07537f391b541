import { matchPath } from 'react-router-dom';
import { PAGES_CACHE } from './offline-caches';
import { paths, routePatterns } from './paths';

/** The pages a student comes back to (the catalogue, their courses, lessons and tests): kept on the phone once opened. */
const KEPT_PAGES = [
  paths.home,
  paths.allCourses,
  paths.myCourses,
  routePatterns.course,
  routePatterns.player,
  paths.modelTests,
  routePatterns.modelTest,
  routePatterns.attempt,
  paths.practice,
];

const isKeptOffline = (pathname: string) => KEPT_PAGES.some((path) => matchPath({ path, caseSensitive: false, end: true }, pathname));

const ASSETS_CACHE = 'shikhon-assets-v1';

/**
 * Keeps the page on screen (when it is one of `KEPT_PAGES`) in the phone's cache, with any file it ran that the service worker does
 * not hold yet, so it opens with no network. A page reached inside the app was never fetched as a
 * page, so it fetches itself once (only when it is not kept yet: a page opened from the network is
 * kept again by the worker itself). Nothing happens without service workers (or in tests).
 */
export async function keepPageForOffline(pathname: string): Promise<void> {
  if (!isKeptOffline(pathname) || typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof caches === 'undefined') return;
  try {
    // The worker is active once it has precached the app's code.
    await navigator.serviceWorker.ready;
    const files = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && /^\/(assets\/|start-scripts\.js$|favicon\.svg$)/.test(url.pathname))
      .map((url) => url.pathname);
    // Each file on its own, so a connection lost halfway keeps what already came for the next try;
    // the page last, once all its files are kept: a page in the cache opens offline.
    const missing: string[] = [];
    for (const address of new Set(files)) if (!(await caches.match(address, { ignoreVary: true }))) missing.push(address);
    const assets = await caches.open(ASSETS_CACHE);
    const kept = await Promise.allSettled(missing.map((address) => assets.add(address)));
    const page = location.pathname + location.search;
    const pages = await caches.open(PAGES_CACHE);
    if (kept.every((file) => file.status === 'fulfilled') && !(await pages.match(page, { ignoreVary: true }))) await pages.add(page);
  } catch {
    // Offline already, or storage refused: the page works as before, only not from the cache.
  }
}
