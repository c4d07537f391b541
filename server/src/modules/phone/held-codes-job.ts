import type { Jobs } from '../../db/job-queue';
import { startScheduledWork } from '../../db/job-queues';
import type { AppLogger } from '../../logger';
import type { AuthDeps } from '../auth/auth-deps';
import { releaseHeldCodes } from './sms-budget';

/** The scheduled release of sign-in codes held for the SMS budget. */
export const HELD_CODES_QUEUE = 'release-held-sign-in-codes';
/** Every minute (pg-boss cron's finest step). */
export const HELD_CODES_CRON = '* * * * *';

/** One run: sends the held codes the budget now allows and drops those that waited too long. */
export async function releaseHeldCodesNow(auth: AuthDeps, log: AppLogger): Promise<void> {
  try {
    const { released, dropped } = await releaseHeldCodes(auth);
    if (released + dropped > 0) log.info({ released, dropped }, 'sign-in codes that waited for the SMS budget: sent or dropped');
  } catch (error) {
    // The next tick tries again.
    log.error({ err: error }, 'releasing sign-in codes held for the SMS budget failed');
  }
}

/**
 * Sign-in codes that wait for the daily SMS budget go as soon as it allows (a new day in Asia/Dhaka,
 * or now, after SMS_DAILY_BUDGET was raised), and those waiting too long are dropped: a run at start
 * and one every minute, one at a time across server copies (each run also takes a lock, so no code
 * is ever sent twice).
 */
export function startHeldCodesRelease(jobs: Jobs, auth: AuthDeps, log: AppLogger): Promise<void> {
  return startScheduledWork(jobs, { queue: HELD_CODES_QUEUE, cron: HELD_CODES_CRON, expireInSeconds: 120, runAtStart: true }, () =>
    releaseHeldCodesNow(auth, log),
  );
}
