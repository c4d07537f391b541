import { forgetKeptAnswer, keepAnswer, keptAnswer } from '../../lib/kept-answers';
import type { PracticeKeysQuery } from './api/practice.generated';

/** The key and explanation of a question of a practice set, as the server gave them when it started. */
export type PracticeKey = PracticeKeysQuery['attempt']['practiceKeys'][number];

// Kept with the signed-in person's other answers: forgotten once nobody is signed in.
const name = (attemptId: string) => `practice-keys:${attemptId}`;

/** Keeps a practice set's keys on the phone, to answer it with no network. */
export const keepPracticeKeys = (attemptId: string, keys: PracticeKey[]): void => keepAnswer(name(attemptId), keys);

export const keptPracticeKeys = (attemptId: string): PracticeKey[] => keptAnswer<PracticeKey[]>(name(attemptId)) ?? [];

export const forgetPracticeKeys = (attemptId: string): void => forgetKeptAnswer(name(attemptId));
