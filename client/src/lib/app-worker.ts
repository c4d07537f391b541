import { useSyncExternalStore } from 'react';

/** Chromium's event offering to install the site as an app (not in the DOM's types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

const CHANGED = 'shikhon-app-worker';
/** What the browser and the service worker have said: their offer to install the app, a new version waiting. */
const appWorker: { installPrompt: InstallPromptEvent | null; updateReady: boolean } = { installPrompt: null, updateReady: false };
const change = (next: Partial<typeof appWorker>) => {
  Object.assign(appWorker, next);
  window.dispatchEvent(new Event(CHANGED));
};

/** Re-renders with `read(state)` whenever the browser or the service worker says something new. */
export const useAppWorker = <T>(read: (state: typeof appWorker) => T): T =>
  useSyncExternalStore(
    (listener) => {
      window.addEventListener(CHANGED, listener);
      return () => window.removeEventListener(CHANGED, listener);
    },
    () => read(appWorker),
    () => read(appWorker),
  );

/** A worker that finished installing while another one runs this page is the next version. */
function watchForUpdates(registration: ServiceWorkerRegistration) {
  if (registration.waiting && navigator.serviceWorker.controller) change({ updateReady: true });
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) change({ updateReady: true });
    });
  });
}

let started = false;
/**
 * Listens for the browser's offer to install the app (Chromium makes it only after the visitor has
 * used the page a while; the menu offers it instead of the browser's bar), and registers the site's
 * service worker (service-worker/sw.ts, built into /sw.js) once the page has loaded, so it never
 * competes with the page's first paint. Called after the page's own code has run (components/layout/app-worker-parts.tsx).
 */
export function startAppWorker(): void {
  if (started) return;
  started = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    change({ installPrompt: event as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => change({ installPrompt: null }));
  if (!('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register('/sw.js').then(
      // A browser that blocks workers (a policy, a test's window) may answer no registration at all.
      (registration: ServiceWorkerRegistration | undefined) => registration && watchForUpdates(registration),
      () => {
        // No worker (storage refused): the site works as before, online.
      },
    );
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

/** Shows the browser's install dialog; its offer is used up either way. */
export function installApp(): void {
  const prompt = appWorker.installPrompt;
  change({ installPrompt: null });
  void prompt?.prompt();
}

/** Forgets the announcement of a new version for this visit. */
export const dismissUpdate = () => change({ updateReady: false });
