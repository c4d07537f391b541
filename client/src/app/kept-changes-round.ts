import { sendWaitingChanges, type ProgressChange } from '../features/player/progress-outbox';
import { oneAtATime } from '../lib/one-at-a-time';
import { sendPracticeOutbox, type KeptPracticeAnswer } from '../features/practice/practice-outbox';

export interface KeptChangesSenders {
  progress: (change: ProgressChange) => Promise<unknown>;
  /** Whether a failed progress save was refused for good (the server answered), not lost on the way. */
  refusedForGood: (failure: unknown) => boolean;
  answer: (answer: KeptPracticeAnswer) => Promise<unknown>;
  finish: (attemptId: string) => Promise<unknown>;
}

const inTurn = oneAtATime();

/**
 * One round of sending what the phone kept: lesson progress first, then practice answers and the
 * sets finished offline, each in the order it happened. Rounds follow one another (a round asked
 * for while one runs starts after it and finds only what is still waiting), and each outbox keeps
 * its own line with the pages' sends, so nothing is sent twice. True when nothing is left waiting.
 */
export function sendKeptChanges(senders: KeptChangesSenders): Promise<boolean> {
  const round = async () => {
    const progress = await sendWaitingChanges(senders.progress, senders.refusedForGood);
    if (progress.stopped) return false;
    const practice = await sendPracticeOutbox(senders.answer, senders.finish);
    return !practice.stopped;
  };
  return inTurn(round);
}
