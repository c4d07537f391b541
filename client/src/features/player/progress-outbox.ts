import { sendWhenOnline } from '../../lib/kept-changes-sync';
import { oneAtATime } from '../../lib/one-at-a-time';

/**
 * Lesson progress made with no network (a lesson marked done, the place reached in a video), kept on
 * the phone until the server has it. One entry per lesson and kind, the newest winning, in the order
 * they happened; sending one again changes nothing on the server (a lesson is set done, not counted
 * up; a position is set), so a send cut halfway is safe to repeat.
 */
export type ProgressChange = { kind: 'completed'; lessonId: string; completed: boolean } | { kind: 'position'; lessonId: string; seconds: number };

const KEY = 'player:progress-outbox';

export function waitingChanges(): ProgressChange[] {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '[]') as ProgressChange[];
  } catch {
    return [];
  }
}

function write(changes: ProgressChange[]) {
  try {
    if (changes.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(changes));
  } catch {
    // Storage full: the change is lost, as it was before there was an outbox.
  }
}

const sameSlot = (a: ProgressChange, b: ProgressChange) => a.kind === b.kind && a.lessonId === b.lessonId;

/** Keeps a change to send later; it replaces an older one of the same lesson and kind, and goes last. */
export function keepChange(change: ProgressChange): void {
  write([...waitingChanges().filter((waiting) => !sameSlot(waiting, change)), change]);
  sendWhenOnline();
}

/** Forgets a change once sent (unless a newer one of the same slot came meanwhile). */
export function forgetChange(change: ProgressChange): void {
  write(waitingChanges().filter((waiting) => JSON.stringify(waiting) !== JSON.stringify(change)));
}

/** Forgets every waiting change of the change's lesson and kind: a newer one reached the server. */
export function forgetOlder(change: ProgressChange): void {
  write(waitingChanges().filter((waiting) => !sameSlot(waiting, change)));
}

// Every save of progress on this page goes through one line, the player's and the app's round alike
// (app/kept-changes.tsx), so the server sees them in the order they happened and a round never
// overtakes a newer change.
export const inOrder = oneAtATime();

/**
 * Sends what the phone kept, oldest first, each in the line above. A change the server took or
 * refused for good (`refusedForGood`: a quiz not passed, a course no longer owned) is forgotten; the
 * first one that found no network stops the round and stays, with those after it, for the next.
 */
export async function sendWaitingChanges(
  send: (change: ProgressChange) => Promise<unknown>,
  refusedForGood: (failure: unknown) => boolean,
): Promise<{ stopped: boolean }> {
  const stillWaiting = (change: ProgressChange) => waitingChanges().some((waiting) => JSON.stringify(waiting) === JSON.stringify(change));
  for (const change of waitingChanges()) {
    try {
      // Another round (the player's, the app's) may have sent it while this one waited its turn.
      await inOrder(() => (stillWaiting(change) ? send(change) : Promise.resolve()));
    } catch (failure) {
      if (!refusedForGood(failure)) return { stopped: true };
    }
    forgetChange(change);
  }
  return { stopped: false };
}
