import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { countAttempt } from '../../shared/rate-limit';
import type { AuthDeps } from '../auth/auth-deps';
import { mailText } from '../mail/mail-text';
import { Role } from '../../kernel/role';
import { User } from '../user/user.entity';
import type { CodeEvent } from './sign-in-code.entity';
import { countCodeEvent, DROPPED_CODE_BODY, endUnsentCodes, STALE_CODE_MINUTES, STALE_CODE_REASON } from './code-delivery';

/**
 * The site's daily SMS budget (SMS_DAILY_BUDGET, per day in Asia/Dhaka): codes taken from it, the
 * admins' warnings, the SMS an earlier version held for it, and the counts the dashboard shows.
 */

/** Admins are warned once a day when this share of the budget is used. */
export const BUDGET_WARNING_SHARE = 0.8;
/** This last share of the budget goes only to numbers that have an account (and to confirming a number on one). */
export const BUDGET_RESERVE_SHARE = 0.1;

/** Phone sign-in's settings, the daily budget among them. */
export interface PhoneSettings {
  /** PHONE_SIGN_IN: false refuses every code. */
  enabled: boolean;
  /** SMS_DAILY_BUDGET: codes sent per day (Asia/Dhaka) for the whole site. */
  dailyBudget: number;
  /** SMS_PUMPING_CHECK: new numbers solve a proof of work while codes go unused (pumping-check.ts). */
  pumpingCheck: boolean;
}

export const DEFAULT_PHONE_SETTINGS: PhoneSettings = { enabled: true, dailyBudget: 2000, pumpingCheck: true };

export const settingsOf = (deps: AuthDeps): PhoneSettings => deps.phone ?? DEFAULT_PHONE_SETTINGS;

/** Takes one code from today's budget up to `cap`: the codes taken today with this one, or null when none is left. */
export async function takeFromBudget(db: DataSource | EntityManager, cap: number): Promise<number | null> {
  const rows = await db.query<Array<{ count: number }>>(
    `INSERT INTO sign_in_code_stat (day, kind, count) SELECT (now() AT TIME ZONE 'Asia/Dhaka')::date, 'sent', 1 WHERE $1 > 0
     ON CONFLICT (day, kind) DO UPDATE SET count = sign_in_code_stat.count + 1 WHERE sign_in_code_stat.count < $1
     RETURNING count`,
    [cap],
  );
  return rows[0]?.count ?? null;
}

/** Mails every admin with an address, once a day per notice. */
export async function tellAdmins(deps: AuthDeps, notice: 'smsBudget' | 'smsBudgetWarning', values: Record<string, number>): Promise<void> {
  const { hits } = await countAttempt(deps.db, { name: `${notice}-notice`, max: 1, windowSeconds: 24 * 60 * 60 }, 'site');
  if (hits !== 1) return;
  const admins = await deps.db
    .getRepository(User)
    .find({ where: { role: Role.ADMIN, deletedAt: IsNull() }, select: { id: true, email: true, language: true } });
  for (const admin of admins) {
    if (admin.email) await deps.mailer.send({ to: admin.email, ...mailText(admin.language, notice, values) });
  }
}

/**
 * Codes asked for past the daily budget are refused now (SMS_UNAVAILABLE); an earlier version held
 * them in the outbox instead (`heldAt`), and this still sends or drops any such waiting SMS: it sends
 * the waiting ones, oldest first, as far as today's budget allows (at a new
 * day in Asia/Dhaka, or after SMS_DAILY_BUDGET is raised and the server restarted), and drops those
 * asked for more than STALE_CODE_MINUTES ago, unsent, counting them as refused. It runs before every
 * new code (the waiting go first) and every minute as scheduled work (held-codes-job.ts); an advisory lock lets one
 * copy at a time take from the budget, so no message is paid for twice.
 */
export async function releaseHeldCodes(deps: AuthDeps): Promise<{ released: number; dropped: number }> {
  const { dailyBudget } = settingsOf(deps);
  const { released, dropped } = await deps.db.transaction(async (manager) => {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('sms-held-codes'))`);
    const stale = await manager.query<[Array<{ signInCodeId: string | null }>, number]>(
      `UPDATE outbox_message SET "heldAt" = NULL, "gaveUpAt" = now(), "lastError" = $1, text = $2
        WHERE "heldAt" IS NOT NULL AND "createdAt" <= now() - make_interval(mins => $3) RETURNING "signInCodeId"`,
      [STALE_CODE_REASON, DROPPED_CODE_BODY, STALE_CODE_MINUTES],
    );
    await endUnsentCodes(
      manager,
      stale[0].flatMap((row) => (row.signInCodeId ? [row.signInCodeId] : [])),
    );
    await countCodeEvent(manager, 'refused', stale[0].length);
    const waiting = await manager.query<Array<{ id: string }>>(`SELECT id FROM outbox_message WHERE "heldAt" IS NOT NULL ORDER BY "createdAt", id`);
    const taken: string[] = [];
    for (const { id } of waiting) {
      if ((await takeFromBudget(manager, dailyBudget)) === null) break;
      taken.push(id);
    }
    if (taken.length > 0) await manager.query(`UPDATE outbox_message SET "heldAt" = NULL WHERE id = ANY($1)`, [taken]);
    return { released: taken, dropped: stale[0].length };
  });
  for (const id of released) await deps.mailer.handOverHeldSms(id);
  return { released: released.length, dropped };
}

export interface CodeCounts {
  sent: number;
  used: number;
  refused: number;
  held: number;
}

/** Codes sent, used, refused and held (that had to wait for the daily budget), today (Asia/Dhaka) and over the last 30 days. */
export async function codeCounts(db: DataSource): Promise<{ today: CodeCounts; last30Days: CodeCounts }> {
  const rows = await db.query<Array<{ kind: CodeEvent; today: number; month: number }>>(
    `SELECT kind,
            COALESCE(SUM(count) FILTER (WHERE day = (now() AT TIME ZONE 'Asia/Dhaka')::date), 0)::int AS today,
            COALESCE(SUM(count), 0)::int AS month
       FROM sign_in_code_stat WHERE day > (now() AT TIME ZONE 'Asia/Dhaka')::date - 30 GROUP BY kind`,
  );
  const empty = (): CodeCounts => ({ sent: 0, used: 0, refused: 0, held: 0 });
  const today = empty();
  const last30Days = empty();
  for (const row of rows) {
    today[row.kind] = row.today;
    last30Days[row.kind] = row.month;
  }
  return { today, last30Days };
}
