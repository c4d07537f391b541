import type { AttemptPageQuery } from './api/practice.generated';

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
