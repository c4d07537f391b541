/**
 * What the phone kept with no network (lesson progress, practice answers) goes to the server when the
 * network is back: from the page (app/kept-changes.tsx, on start and on `online`), and where the
 * browser has Background Sync, also when the browser sees the network return with the page in the
 * background: the service worker's `sync` asks an open page to send (service-worker/sw.ts says why
 * it does not send them itself). Elsewhere they go at the next visit.
 */
export const SEND_KEPT_CHANGES = 'shikhon-send-kept-changes';

/** A page's answer to the worker: whether nothing is left waiting. */
export interface KeptChangesAnswer {
  sent: boolean;
}

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks the browser to wake the worker once the network is back; nothing where it has no Background Sync. */
export function sendWhenOnline(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !navigator.serviceWorker) return;
  // `ready` waits for a worker that runs this site; with none (refused, a test's window) it never answers.
  void navigator.serviceWorker.ready
    .then((registration: SyncRegistration) => registration.sync?.register(SEND_KEPT_CHANGES))
    .catch(() => {
      // Refused (permission, a private window): the page sends on its next start or `online`.
    });
}
