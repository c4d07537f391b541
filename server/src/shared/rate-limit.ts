import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource } from 'typeorm';
import { AppError } from './errors';

export interface Limit {
  /** What is counted, e.g. `login-ip`. */
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * Where a request stands under the limits it was counted against: the tightest of them (the one with
 * the fewest attempts left, or the one that refused it). Answers say it in the IETF RateLimit header
 * fields (`rateLimitHeaders`), written by `http/rate-limit-headers.ts`.
 */
export interface LimitStanding {
  limit: number;
  remaining: number;
  /** Seconds until the window ends. */
  resetSeconds: number;
  refused: boolean;
}

const standings = new AsyncLocalStorage<{ standing?: LimitStanding }>();

/** Runs `fn` (a request) with the limits it is counted against noted in `record`. */
export function noteLimitsInto<T>(record: { standing?: LimitStanding }, fn: () => T): T {
  return standings.run(record, fn);
}

const secondsUntil = (resetAt: Date) => Math.max(1, Math.ceil((new Date(resetAt).getTime() - Date.now()) / 1000));

/** Notes a count under `limit` for the request in hand, keeping the tightest standing (a refusal first). */
function noteStanding(limit: Limit, hits: number, resetAt: Date, refused: boolean): void {
  const record = standings.getStore();
  if (!record) return;
  const standing = { limit: limit.max, remaining: Math.max(0, limit.max - hits), resetSeconds: secondsUntil(resetAt), refused };
  const known = record.standing;
  if (!known || (refused && !known.refused) || (refused === known.refused && standing.remaining < known.remaining)) record.standing = standing;
}

/**
 * The IETF RateLimit header fields of an answer (seconds until the window ends), and `Retry-After`
 * when the request was refused for it: the one rule for REST and GraphQL, keys, sessions and visitors.
 */
export function rateLimitHeaders(standing: LimitStanding): Record<string, string> {
  return {
    'RateLimit-Limit': String(standing.limit),
    'RateLimit-Remaining': String(standing.remaining),
    'RateLimit-Reset': String(standing.resetSeconds),
    ...(standing.refused ? { 'Retry-After': String(standing.resetSeconds) } : {}),
  };
}

function tooManyAttempts(resetAt: Date): AppError {
  const seconds = secondsUntil(resetAt);
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new AppError('RATE_LIMITED', `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, { retryAfterSeconds: seconds });
}

/** Counts one attempt for `subject` under `limit` and answers how many the window holds now and when it ends. */
export async function countAttempt(db: DataSource, limit: Limit, subject: string): Promise<{ hits: number; resetAt: Date }> {
  const [row] = await db.query<Array<{ hits: number; resetAt: Date }>>(
    `INSERT INTO rate_limit (key, hits, "resetAt") VALUES ($1, 1, now() + make_interval(secs => $2))
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limit."resetAt" <= now() THEN 1 ELSE rate_limit.hits + 1 END,
       "resetAt" = CASE WHEN rate_limit."resetAt" <= now() THEN now() + make_interval(secs => $2) ELSE rate_limit."resetAt" END
     RETURNING hits, "resetAt"`,
    [`${limit.name}:${subject.toLowerCase()}`, limit.windowSeconds],
  );
  return { hits: row.hits, resetAt: new Date(row.resetAt) };
}

/** How many attempts the window of `subject` under `limit` holds now (0 once it has ended). */
export async function attemptsCounted(db: DataSource, limit: Limit, subject: string): Promise<number> {
  const [row] = await db.query<Array<{ hits: number }>>(`SELECT hits FROM rate_limit WHERE key = $1 AND "resetAt" > now()`, [
    `${limit.name}:${subject.toLowerCase()}`,
  ]);
  return row?.hits ?? 0;
}

/** Counts one attempt for `key` and refuses it, with a clear message, once the window's limit is passed. */
export async function hitRateLimit(db: DataSource, limit: Limit, subject: string): Promise<void> {
  const row = await countAttempt(db, limit, subject);
  noteStanding(limit, row.hits, row.resetAt, row.hits > limit.max);
  if (row.hits > limit.max) throw tooManyAttempts(row.resetAt);
}

/** For limits that count only failures: refuses, with the same message, once `max` failures are counted in the window; counts nothing. */
export async function refuseWhenLimited(db: DataSource, limit: Limit, subject: string): Promise<void> {
  const [row] = await db.query<Array<{ hits: number; resetAt: Date }>>(`SELECT hits, "resetAt" FROM rate_limit WHERE key = $1 AND "resetAt" > now()`, [
    `${limit.name}:${subject.toLowerCase()}`,
  ]);
  const refused = Boolean(row && row.hits >= limit.max);
  noteStanding(limit, row?.hits ?? 0, row?.resetAt ?? new Date(Date.now() + limit.windowSeconds * 1000), refused);
  if (row && refused) throw tooManyAttempts(row.resetAt);
}

/** Counts one failure for `key` without refusing anything (refuseWhenLimited refuses the next attempt). */
export async function countFailure(db: DataSource, limit: Limit, subject: string): Promise<void> {
  await countAttempt(db, limit, subject);
}

/** Forgets the attempts counted for `key`, e.g. after a successful sign-in. */
export async function clearRateLimit(db: DataSource, limit: Limit, subject: string): Promise<void> {
  await db.query(`DELETE FROM rate_limit WHERE key = $1`, [`${limit.name}:${subject.toLowerCase()}`]);
}

// Per-address limits are generous: a school lab or a mobile operator puts many learners behind one address.
export const limits = {
  // Sign-in (modules/auth/sign-in-throttle.ts) counts failures only, and never refuses a correct password
  // from a browser the account used before (OWASP's device cookies):
  // - per address: past `max` failures, each further failure from the address is answered more slowly;
  loginFailuresPerAddress: { name: 'login-ip', max: 100, windowSeconds: 15 * 60 },
  // - per account, from browsers it never signed in from: past `max`, such browsers wait a growing delay;
  loginFailuresPerAccount: { name: 'login-account', max: 10, windowSeconds: 60 * 60 },
  // - per known browser: past `max`, its device cookie no longer vouches for it (a stolen cookie guesses little).
  loginFailuresPerDevice: { name: 'login-device', max: 10, windowSeconds: 15 * 60 },
  // Changing the password (signed in): wrong current passwords per account and address.
  passwordChangePerAccountAndAddress: { name: 'login-account-ip', max: 10, windowSeconds: 15 * 60 },
  signUpPerAddress: { name: 'signup-ip', max: 50, windowSeconds: 60 * 60 },
  resetPerAddress: { name: 'reset-ip', max: 30, windowSeconds: 60 * 60 },
  // Reset mails per account: further requests within the hour send nothing (the link already sent keeps working).
  resetMailsPerAccount: { name: 'reset-account', max: 3, windowSeconds: 60 * 60 },
  verifyPerAccount: { name: 'verify-account', max: 5, windowSeconds: 60 * 60 },
  formsPerAddress: { name: 'forms-ip', max: 30, windowSeconds: 60 * 60 },
  // Failed purchases (declined cards, refused payments): card testing stops, a student retrying a few times does not.
  purchaseFailuresPerAccount: { name: 'purchase-failures-account', max: 30, windowSeconds: 60 * 60 },
  purchaseFailuresPerAddress: { name: 'purchase-failures-ip', max: 100, windowSeconds: 60 * 60 },
  // Sign-in codes by SMS (modules/phone): SMS cost money, so each number, address and number range is held to a few.
  codesPerNumber: { name: 'sms-code-number', max: 3, windowSeconds: 15 * 60 },
  codesPerNumberDaily: { name: 'sms-code-number-day', max: 10, windowSeconds: 24 * 60 * 60 },
  // Generous: a mobile operator's carrier-grade NAT puts a whole town behind one address (IPv6: its /64).
  codesPerAddress: { name: 'sms-code-ip', max: 60, windowSeconds: 60 * 60 },
  // ...but not a day's worth of the site's SMS budget (a tenth of the default 2000).
  codesPerAddressDaily: { name: 'sms-code-ip-day', max: 200, windowSeconds: 24 * 60 * 60 },
  // Wrong codes slow the guesser down with growing waits, never end a code for its owner: per address,
  // and per number for each browser (a stranger's guesses never delay the browser that asked for the code).
  codeGuessesPerAddress: { name: 'sms-guess-ip', max: 30, windowSeconds: 15 * 60 },
  codeGuessesPerNumber: { name: 'sms-guess-number', max: 10, windowSeconds: 15 * 60 },
  // Per range of 100,000 numbers (+880 17123 xxxxx): someone spraying made-up numbers to run up the bill.
  codesPerPrefix: { name: 'sms-code-prefix', max: 40, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;
