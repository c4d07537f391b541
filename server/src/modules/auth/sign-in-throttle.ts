import type { DataSource } from 'typeorm';
import { AppError } from '../../shared/errors';
import { attemptsCounted, clearRateLimit, countAttempt, limits } from '../../shared/rate-limit';

/**
 * Sign-in protection without lockouts (OWASP: device cookies; ASVS 2.2.1).
 *
 * - A browser the account signed in from before (a valid device cookie) is never refused a correct
 *   password. Its own failures are counted; past a few, its cookie stops vouching for it.
 * - Failures from other browsers are counted per account; past `loginFailuresPerAccount.max` in an
 *   hour, such browsers must wait before each further try, twice as long each time (at most
 *   MAX_WAIT_SECONDS). The wait is keyed on the address typed, so it says nothing about which exist.
 * - Failures are counted per network address too, but only to slow the answers to further failures:
 *   many students share one address (carrier-grade NAT, a school lab), and none of them is refused.
 * - A completed password reset clears the account's counters.
 */
export const MAX_WAIT_SECONDS = 300;
export const MAX_ADDRESS_SLOWDOWN_MS = 5000;

const waitKey = (email: string) => `login-wait:${email.toLowerCase()}`;

/** The wait message: with seconds under a minute, minutes above. */
export function waitMessage(seconds: number): string {
  if (seconds < 60)
    return `Too many failed sign-ins to this account from new browsers. Try again in ${seconds} second${seconds === 1 ? '' : 's'}, or sign in from a browser you used before.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed sign-ins to this account from new browsers. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or sign in from a browser you used before.`;
}

/** Refuses a try from an unknown browser while the account's wait runs (the password is not even checked). */
export async function refuseWhileAccountWaits(db: DataSource, email: string): Promise<void> {
  const [row] = await db.query<Array<{ seconds: number }>>(
    `SELECT ceil(extract(epoch FROM "resetAt" - now()))::int AS seconds FROM rate_limit WHERE key = $1 AND "resetAt" > now()`,
    [waitKey(email)],
  );
  if (row) throw new AppError('RATE_LIMITED', waitMessage(Math.max(1, row.seconds)), { retryAfterSeconds: Math.max(1, row.seconds) });
}

/** Whether a device cookie still vouches for its browser (it has not failed too often lately). */
export async function deviceStillTrusted(db: DataSource, nonce: string): Promise<boolean> {
  return (await attemptsCounted(db, limits.loginFailuresPerDevice, nonce)) < limits.loginFailuresPerDevice.max;
}

export interface Failure {
  email: string;
  clientAddress: string;
  /** The device cookie's nonce when the browser was a known one for this account. */
  deviceNonce: string | null;
}

/** Counts a failed sign-in; answers how long to hold the answer back (the address's slowdown). */
export async function countFailure(db: DataSource, failure: Failure): Promise<number> {
  if (failure.deviceNonce) {
    await countAttempt(db, limits.loginFailuresPerDevice, failure.deviceNonce);
  } else if (failure.email) {
    const { hits } = await countAttempt(db, limits.loginFailuresPerAccount, failure.email);
    const over = hits - limits.loginFailuresPerAccount.max;
    if (over >= 0) {
      const seconds = Math.min(2 ** over, MAX_WAIT_SECONDS);
      await db.query(
        `INSERT INTO rate_limit (key, hits, "resetAt") VALUES ($1, 0, now() + make_interval(secs => $2))
         ON CONFLICT (key) DO UPDATE SET "resetAt" = excluded."resetAt"`,
        [waitKey(failure.email), seconds],
      );
    }
  }
  const { hits } = await countAttempt(db, limits.loginFailuresPerAddress, failure.clientAddress);
  const over = hits - limits.loginFailuresPerAddress.max;
  return over > 0 ? Math.min(over * 250, MAX_ADDRESS_SLOWDOWN_MS) : 0;
}

/** After a completed password reset: the account starts afresh everywhere. */
export async function clearAccountCounters(db: DataSource, email: string): Promise<void> {
  await clearRateLimit(db, limits.loginFailuresPerAccount, email);
  await db.query(`DELETE FROM rate_limit WHERE key = $1`, [waitKey(email)]);
}
