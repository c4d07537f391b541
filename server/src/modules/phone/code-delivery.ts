import type { DataSource, EntityManager } from 'typeorm';
import type { CodeEvent } from './sign-in-code.entity';

/**
 * What the outbox (modules/mail) and sign-in by code share about an SMS that carries a code: when
 * the code starts to work, and when its SMS is too old to be worth sending.
 *
 * A code works for CODE_TTL_MINUTES from the moment its SMS is handed to the provider (without a
 * provider, from the moment it is written to the outbox, where development and tests read it), not
 * from the request: an SMS that waited for the daily budget or for a gateway's retry still gives
 * its reader the full five minutes. Until then the code has no expiry and works for nobody.
 * An SMS whose code was asked for more than STALE_CODE_MINUTES ago is never sent: the person has
 * long since given up or asked again, and the SMS would cost money for nothing.
 */
export const CODE_TTL_MINUTES = 5;
export const STALE_CODE_MINUTES = 30;

/** The body kept for a code SMS that was dropped (never sent): the code itself is not kept. */
export const DROPPED_CODE_BODY = '(not sent; the body is not kept)';
export const STALE_CODE_REASON = `not sent: the code was asked for more than ${STALE_CODE_MINUTES} minutes earlier`;

/** Counts one event for today's dashboard line (Asia/Dhaka). */
export async function countCodeEvent(db: DataSource | EntityManager, kind: CodeEvent, count = 1): Promise<void> {
  if (count <= 0) return;
  await db.query(
    `INSERT INTO sign_in_code_stat (day, kind, count) VALUES ((now() AT TIME ZONE 'Asia/Dhaka')::date, $1, $2)
     ON CONFLICT (day, kind) DO UPDATE SET count = sign_in_code_stat.count + $2`,
    [kind, count],
  );
}

/**
 * The code's five minutes start now: its SMS has just been handed over (an SMS takes seconds to
 * reach a phone, this takes milliseconds). Only a code still waiting starts: one ended meanwhile by a
 * newer code, or dropped, keeps its expiry in the past.
 */
export async function startCodeValidity(db: DataSource | EntityManager, codeId: string): Promise<void> {
  await db.query(`UPDATE sign_in_code SET "expiresAt" = now() + make_interval(mins => $2) WHERE id = $1 AND "expiresAt" IS NULL`, [codeId, CODE_TTL_MINUTES]);
}

/** Ends codes whose SMS will never be sent, so they cannot work later. */
export async function endUnsentCodes(db: DataSource | EntityManager, codeIds: string[]): Promise<void> {
  if (codeIds.length === 0) return;
  await db.query(`UPDATE sign_in_code SET "expiresAt" = now() WHERE id = ANY($1) AND "expiresAt" IS NULL`, [codeIds]);
}
