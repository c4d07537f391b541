import { errorFacts } from '../../lib/graphql-errors';

/**
 * Answers chosen on the phone and not yet saved by the server, kept in localStorage so that a
 * lost connection, a server restart or a reload loses none of them. Each carries when it was chosen
 * by the server's clock, so one chosen before the deadline still counts in the test's grace window.
 */
export interface PendingAnswer {
  optionId: string;
  /** ISO time by the server's clock. */
  chosenAt: string;
}

const pendingKey = (attemptId: string) => `practice:pending:${attemptId}`;
const lateKey = (attemptId: string) => `practice:late:${attemptId}`;

function readJson<T>(key: string, fallback: T): T {
  try {
    return (JSON.parse(localStorage.getItem(key) ?? 'null') as T | null) ?? fallback;
  } catch {
    return fallback;
  }
}

export function readPending(attemptId: string): Record<string, PendingAnswer> {
  const stored = readJson<Record<string, PendingAnswer | string>>(pendingKey(attemptId), {});
  // An answer kept by an earlier version of the page is a bare option id: chosen, at the latest, now.
  return Object.fromEntries(
    Object.entries(stored).map(([questionId, answer]) => [
      questionId,
      typeof answer === 'string' ? { optionId: answer, chosenAt: new Date().toISOString() } : answer,
    ]),
  );
}

export function keepPending(attemptId: string, questionId: string, answer: PendingAnswer): void {
  localStorage.setItem(pendingKey(attemptId), JSON.stringify({ ...readPending(attemptId), [questionId]: answer }));
}

/** Forgets a pending answer once it was settled, unless another was chosen for the question meanwhile. */
export function settlePending(attemptId: string, questionId: string, answer: PendingAnswer): void {
  const pending = readPending(attemptId);
  if (pending[questionId]?.optionId !== answer.optionId || pending[questionId]?.chosenAt !== answer.chosenAt) return;
  delete pending[questionId];
  localStorage.setItem(pendingKey(attemptId), JSON.stringify(pending));
}

/** The questions whose answer reached the server too late to count, for the result page's line. */
export const readLate = (attemptId: string): string[] => readJson<string[]>(lateKey(attemptId), []);

export function markLate(attemptId: string, questionId: string): void {
  const late = readLate(attemptId);
  if (!late.includes(questionId)) localStorage.setItem(lateKey(attemptId), JSON.stringify([...late, questionId]));
}

export function forgetAttempt(attemptId: string): void {
  localStorage.removeItem(pendingKey(attemptId));
}

/** What became of a save the server refused or that never arrived. */
export type SaveOutcome = 'late' | 'refused' | 'retry';

/**
 * Only a refusal that will never change drops an answer: the attempt ended (ATTEMPT_CLOSED,
 * ANSWER_TOO_LATE) or the answer is not one of the attempt's. No connection, a 5xx, a database
 * restart (SERVICE_UNAVAILABLE), an unexpected fault, an ended session or a rate limit keep it to be sent again.
 */
export function outcomeOf(error: unknown): SaveOutcome {
  const { code, category } = errorFacts(error);
  if (code === 'ATTEMPT_CLOSED' || code === 'ANSWER_TOO_LATE') return 'late';
  if (category === 'BAD_USER_INPUT' || category === 'FORBIDDEN' || category === 'NOT_FOUND') return 'refused';
  return 'retry';
}

/** Waits between tries of a save that did not arrive: 1, 2, 4... seconds, at most 30. */
export const retryDelay = (tries: number): number => Math.min(30_000, 1000 * 2 ** Math.max(0, tries - 1));
