import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { waitingChanges } from '../features/player/progress-outbox';
import { attemptsWaiting } from '../features/practice/practice-outbox';
import { SEND_KEPT_CHANGES, type KeptChangesAnswer } from '../lib/kept-changes-sync';
import { useSession } from '../lib/session-context';

// The mutations' code loads only when something waits and someone is signed in.
const KeptChangesSender = lazy(() => import('./kept-changes-sender'));

const somethingWaiting = () => waitingChanges().length > 0 || attemptsWaiting().length > 0;

/**
 * Lesson progress and practice answers kept on the phone with no network go to the server from any
 * page: when the app starts, when the network comes back (`online`), and when the service worker's
 * Background Sync asks (lib/kept-changes-sync.ts). Loaded after the page, with the providers.
 */
export default function KeptChanges() {
  const status = useSession().state.status;
  const [round, setRound] = useState(0);
  const [waiting, setWaiting] = useState(false);
  // The worker's questions, answered once a round ends (or at once when there is nothing to send).
  const asking = useRef<MessagePort[]>([]);
  const answer = useCallback((sent: boolean) => {
    const reply: KeptChangesAnswer = { sent };
    asking.current.splice(0).forEach((port) => port.postMessage(reply));
  }, []);

  useEffect(() => {
    const again = () => setRound((count) => count + 1);
    const workerAsks = (event: MessageEvent<{ type?: string } | null>) => {
      if (event.data?.type !== SEND_KEPT_CHANGES) return;
      asking.current.push(...event.ports);
      again();
    };
    window.addEventListener('online', again);
    const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
    worker?.addEventListener('message', workerAsks);
    worker?.startMessages();
    return () => {
      window.removeEventListener('online', again);
      worker?.removeEventListener('message', workerAsks);
    };
  }, []);

  useEffect(() => {
    const now = somethingWaiting();
    setWaiting(now);
    if (!now) answer(true);
    // What waits is sent once someone is signed in (it may be their next sign-in); the worker asks again later.
    else if (status === 'signedOut') answer(false);
  }, [round, status, answer]);

  if (status !== 'signedIn' || !waiting) return null;
  return (
    <Suspense fallback={null}>
      <KeptChangesSender
        round={round}
        onSent={(sent) => {
          answer(sent);
          setWaiting(!sent && somethingWaiting());
        }}
      />
    </Suspense>
  );
}
