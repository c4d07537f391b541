import type { DataSource } from 'typeorm';
import { AppError } from '../../shared/errors';
import { countAttempt, limits, type Limit } from '../../shared/rate-limit';

/**
 * Wrong sign-in codes are answered with growing waits, never by ending a code: past a limit's
 * `max` wrong codes in its window, each further one makes that subject wait twice as long as the
 * last (2 s, 4 s, ... at most MAX_GUESS_WAIT_SECONDS) before any code is tried again. Subjects are
 * the address (IPv4, or IPv6 /64) and the number as tried from one browser (or from browsers with
 * no code cookie, together): a stranger's guesses never make the browser that asked for the code wait.
 */
export const MAX_GUESS_WAIT_SECONDS = 300;

export interface GuessSubjects {
  address: string;
  /** The number and the browser's code hash (or `none`). */
  numberAndBrowser: string;
}

const waitKey = (limit: Limit, subject: string) => `${limit.name}-wait:${subject.toLowerCase()}`;

export function guessWaitMessage(seconds: number): string {
  return seconds < 60
    ? `Too many wrong codes. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`
    : `Too many wrong codes. Try again in ${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}.`;
}

const pairs = (subjects: GuessSubjects): Array<[Limit, string]> => [
  [limits.codeGuessesPerAddress, subjects.address],
  [limits.codeGuessesPerNumber, subjects.numberAndBrowser],
];

/** Refuses a try while one of its subjects waits (the code is not even looked at). */
export async function refuseWhileGuessesWait(db: DataSource, subjects: GuessSubjects): Promise<void> {
  const [row] = await db.query<Array<{ seconds: number | null }>>(
    `SELECT max(ceil(extract(epoch FROM "resetAt" - now())))::int AS seconds FROM rate_limit WHERE key = ANY($1) AND "resetAt" > now()`,
    [pairs(subjects).map(([limit, subject]) => waitKey(limit, subject))],
  );
  if (row?.seconds) {
    const seconds = Math.max(1, row.seconds);
    throw new AppError('RATE_LIMITED', guessWaitMessage(seconds), { retryAfterSeconds: seconds });
  }
}

/** Counts a wrong code against each subject; past a limit, starts that subject's next wait. */
export async function countWrongGuess(db: DataSource, subjects: GuessSubjects): Promise<void> {
  for (const [limit, subject] of pairs(subjects)) {
    const { hits } = await countAttempt(db, limit, subject);
    const over = hits - limit.max;
    if (over <= 0) continue;
    await db.query(
      `INSERT INTO rate_limit (key, hits, "resetAt") VALUES ($1, 0, now() + make_interval(secs => $2))
       ON CONFLICT (key) DO UPDATE SET "resetAt" = excluded."resetAt"`,
      [waitKey(limit, subject), Math.min(2 ** over, MAX_GUESS_WAIT_SECONDS)],
    );
  }
}
