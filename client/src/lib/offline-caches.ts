/**
 * The caches the service worker (service-worker/sw.ts) and the pages share. Pages this phone opened
 * are kept under their address; a page reached inside the app was never fetched as a page, so it
 * adds itself (lib/offline-pages.ts).
 */
export const PAGES_CACHE = 'shikhon-pages-v1';
/** Where the service worker notes the language of the last page it saw, for its offline page. */
export const SETTINGS_CACHE = 'shikhon-settings-v1';
export const LANGUAGE_KEY = '/offline/language';
