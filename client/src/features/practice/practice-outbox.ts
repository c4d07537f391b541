import { sendWhenOnline } from '../../lib/kept-changes-sync';
import { oneAtATime } from '../../lib/one-at-a-time';
import { outcomeOf } from './pending-answers';

/**
 * Practice answers given with no network, kept on the phone until the server has them, in the order
 * they were given. A question is answered once: the first answer kept for it stays (the server keeps
 * the first one too, so sending one again after a cut changes nothing). A practice set finished
 * offline is noted, to be submitted once its answers have all been sent.
 */
export interface KeptPracticeAnswer {
  attemptId: string;
  questionId: string;
  optionId: string;
}

const ANSWERS_KEY = 'practice:answers-outbox';
const FINISH_KEY = 'practice:finish-outbox';

function read<T>(key: string): T[] {
  try {
    return (JSON.parse(localStorage.getItem(key) ?? '[]') as T[] | null) ?? [];
  } catch {
    return [];
  }
}

function write<T>(key: string, items: T[]): void {
  try {
    if (items.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(items));
  } catch {
    // Storage full: the answer is lost, as it would be with no outbox.
  }
}

/** The answers waiting to be sent, oldest first (of one attempt, when named). */
export function waitingAnswers(attemptId?: string): KeptPracticeAnswer[] {
  const all = read<KeptPracticeAnswer>(ANSWERS_KEY);
  return attemptId ? all.filter((answer) => answer.attemptId === attemptId) : all;
}

/** Keeps an answer to send later, last in line; a second answer to a question already kept is ignored. */
export function keepPracticeAnswer(answer: KeptPracticeAnswer): void {
  const all = waitingAnswers();
  if (all.some((kept) => kept.attemptId === answer.attemptId && kept.questionId === answer.questionId)) return;
  write(ANSWERS_KEY, [...all, answer]);
}

export function forgetPracticeAnswer(answer: KeptPracticeAnswer): void {
  write(
    ANSWERS_KEY,
    waitingAnswers().filter((kept) => kept.attemptId !== answer.attemptId || kept.questionId !== answer.questionId),
  );
}

/** Notes that the student finished the set with no network: it is submitted once its answers are sent. */
export function keepFinish(attemptId: string): void {
  const all = read<string>(FINISH_KEY);
  if (!all.includes(attemptId)) write(FINISH_KEY, [...all, attemptId]);
}

export const finishWaiting = (attemptId: string): boolean => read<string>(FINISH_KEY).includes(attemptId);

export function forgetFinish(attemptId: string): void {
  write(
    FINISH_KEY,
    read<string>(FINISH_KEY).filter((id) => id !== attemptId),
  );
}

/**
 * Sends an attempt's waiting answers one after another, in the order they were given. An answer the
 * server took, or refused for good (the set was finished elsewhere, the question is not of it), is
 * forgotten; the first one that did not arrive (no network, a server fault) stops the round and keeps
 * it and those after it for the next. Answers with what each send gave and whether the round was stopped.
 */
export async function sendWaitingAnswers<T>(
  attemptId: string,
  send: (answer: KeptPracticeAnswer) => Promise<T>,
): Promise<{ sent: T[]; refused: unknown[]; stopped: boolean }> {
  const sent: T[] = [];
  const refused: unknown[] = [];
  for (const answer of waitingAnswers(attemptId)) {
    try {
      sent.push(await send(answer));
    } catch (failure) {
      if (outcomeOf(failure) === 'retry') {
        sendWhenOnline();
        return { sent, refused, stopped: true };
      }
      refused.push(failure);
    }
    forgetPracticeAnswer(answer);
  }
  return { sent, refused, stopped: false };
}

/** The attempts with something waiting on the phone (answers, or a finish), in the order they were kept. */
export function attemptsWaiting(): string[] {
  return [...new Set([...waitingAnswers().map((answer) => answer.attemptId), ...read<string>(FINISH_KEY)])];
}

// One round at a time on this page, the set's own page and the app's (app/kept-changes.tsx) alike: a
// round that starts while another runs waits for it, and then finds only what is still waiting.
export const inTurn = oneAtATime();

/**
 * Sends everything waiting, attempt by attempt: its answers in order, then, once none is left, the
 * finish noted for it. A finish the server refused for good (the set was finished elsewhere) is
 * forgotten; one that found no network stays. Answers whether a round was stopped by the network.
 */
export async function sendPracticeOutbox(
  send: (answer: KeptPracticeAnswer) => Promise<unknown>,
  submit: (attemptId: string) => Promise<unknown>,
): Promise<{ stopped: boolean }> {
  return inTurn(async () => {
    for (const attemptId of attemptsWaiting()) {
      const round = await sendWaitingAnswers(attemptId, send);
      if (round.stopped) return { stopped: true };
      if (!finishWaiting(attemptId)) continue;
      try {
        await submit(attemptId);
      } catch (failure) {
        if (outcomeOf(failure) === 'retry') {
          sendWhenOnline();
          return { stopped: true };
        }
      }
      forgetFinish(attemptId);
    }
    return { stopped: false };
  });
}
