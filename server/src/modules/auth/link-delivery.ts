import { IsNull, MoreThan, type DataSource, type EntityManager, type FindOptionsWhere } from 'typeorm';

/**
 * What the outbox (modules/mail) and the emailed links (password reset, email confirmation) share:
 * when a link starts to run out, and when its mail is too old to be worth sending.
 *
 * A link works for its lifetime from the moment its mail is handed to the SMTP server (without
 * SMTP, from the moment it is written to the outbox, where development and tests read it), not from
 * the request: mail that waited out an SMTP outage still gives its reader the full 30 minutes (reset)
 * or 48 hours (confirmation) the mail promises. Each mail carrying the link, when handed over, gives
 * it at least its lifetime from then (a reset link mailed again, reset-password's repeats).
 *
 * Until its mail is handed over a link has no expiry, but it is never usable forever: a link asked
 * for more than its cap ago (24 hours for reset, 7 days for confirmation) whose mail has still not
 * gone is refused. A mail whose link can no longer be used (past its cap, used, or run out) is
 * dropped unsent. So a link works at most cap + lifetime after the request, and always its full
 * lifetime after a mail carrying it arrives.
 */
export type LinkKind = 'password-reset' | 'email-verification';

export const RESET_TOKEN_TTL_MINUTES = 30;
export const VERIFY_TOKEN_TTL_HOURS = 48;

interface LinkRule {
  table: 'password_reset' | 'email_verification';
  lifetimeMinutes: number;
  /** Past this after the request, a link whose mail has not gone is refused and its mail is not sent. */
  capMinutes: number;
}

export const linkRules: Record<LinkKind, LinkRule> = {
  'password-reset': { table: 'password_reset', lifetimeMinutes: RESET_TOKEN_TTL_MINUTES, capMinutes: 24 * 60 },
  'email-verification': { table: 'email_verification', lifetimeMinutes: VERIFY_TOKEN_TTL_HOURS * 60, capMinutes: 7 * 24 * 60 },
};

/** The reason the outbox keeps for a link's mail that was dropped unsent. */
export const DEAD_LINK_REASON = 'not sent: its link was used, ran out, or waited past its limit';

const usableSql = `"usedAt" IS NULL AND ("expiresAt" > now() OR ("expiresAt" IS NULL AND "createdAt" > now() - make_interval(mins => $2)))`;

/** True while the link can be used: a mail carrying a link that cannot is not worth sending. */
export async function linkStillUsable(db: DataSource | EntityManager, kind: LinkKind, linkId: string): Promise<boolean> {
  const { table, capMinutes } = linkRules[kind];
  const rows = await db.query<unknown[]>(`SELECT 1 FROM ${table} WHERE id = $1 AND ${usableSql}`, [linkId, capMinutes]);
  return rows.length > 0;
}

/**
 * The link's lifetime starts (or starts again) now: a mail carrying it has just been handed over
 * (checked with `linkStillUsable` just before). A used link, or one that already ran out, stays so.
 */
export async function startLinkValidity(db: DataSource | EntityManager, kind: LinkKind, linkId: string): Promise<void> {
  const { table, lifetimeMinutes } = linkRules[kind];
  await db.query(
    `UPDATE ${table} SET "expiresAt" = GREATEST("expiresAt", now() + make_interval(mins => $2))
      WHERE id = $1 AND "usedAt" IS NULL AND ("expiresAt" IS NULL OR "expiresAt" > now())`,
    [linkId, lifetimeMinutes],
  );
}

interface LinkRow {
  tokenHash: string;
  usedAt: Date | null;
  expiresAt: Date | null;
  createdAt: Date;
}

/**
 * Where a usable link matches: unused, and either running (delivered, not run out) or still waiting
 * for its mail within its cap. `minutesLeft`: a running link must have at least this long to run.
 */
export function usableLink<T extends LinkRow>(kind: LinkKind, tokenHash: string | undefined, minutesLeft = 0, now = Date.now()): FindOptionsWhere<T>[] {
  const base = { ...(tokenHash === undefined ? {} : { tokenHash }), usedAt: IsNull() };
  return [
    { ...base, expiresAt: MoreThan(new Date(now + minutesLeft * 60_000)) },
    { ...base, expiresAt: IsNull(), createdAt: MoreThan(new Date(now - linkRules[kind].capMinutes * 60_000)) },
  ] as FindOptionsWhere<T>[];
}
