import type * as AltchaModule from 'altcha-lib' with { 'resolution-mode': 'import' };
import type { Challenge, Solution } from 'altcha-lib' with { 'resolution-mode': 'import' };
import type * as Pbkdf2Module from 'altcha-lib/algorithms/pbkdf2' with { 'resolution-mode': 'import' };
import type { DataSource } from 'typeorm';
import { AppError } from '../../shared/errors';
import { countAttempt } from '../../shared/rate-limit';

// altcha-lib ships CommonJS beside its ES modules, but types for the ES modules only.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createChallenge, randomInt, verifySolution } = require('altcha-lib') as typeof AltchaModule;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { deriveKey } = require('altcha-lib/algorithms/pbkdf2') as typeof Pbkdf2Module;

/**
 * SMS pumping (codes asked for numbers nobody will read, for the operator's fee) shows as codes sent
 * and never used. As SMS providers advise, the share of sign-in codes used in the last hour is
 * watched for the asking address, the number's range and the whole site; when it falls below
 * USED_SHARE_FLOOR (with at least MIN_SENT codes to judge by), a number with no account solves a
 * proof of work (ALTCHA, computed by the page in a second or two, no third party) before its code is
 * sent. Numbers with an account are never asked, and nobody is refused for the share alone.
 */
export const USED_SHARE_FLOOR = 0.3;
/** Codes an address or a range must have been sent in the hour before its share says anything; the whole site, more. */
export const MIN_SENT = 10;
export const MIN_SENT_SITE = 100;
export const CHECK_NEEDED = 'Checking this device before sending the code';
export const CHECK_FAILED = 'The device check did not pass. Please try again.';

/** PBKDF2 rounds per try, and the range of tries the answer hides in: about a second on a cheap phone. */
const COST = 1_000;
const CHALLENGE_SECONDS = 300;

/** Whether the codes sent lately to this address, this range or anyone were used too rarely to send more to new numbers unchecked. */
export async function pumpingSuspected(db: DataSource, addressKey: string, phone: string): Promise<boolean> {
  const [row] = await db.query<Array<Record<'addressSent' | 'addressUsed' | 'rangeSent' | 'rangeUsed' | 'sent' | 'used', number>>>(
    `SELECT count(*) FILTER (WHERE "addressKey" = $1)::int AS "addressSent",
            count(*) FILTER (WHERE "addressKey" = $1 AND "usedAt" IS NOT NULL)::int AS "addressUsed",
            count(*) FILTER (WHERE left(phone, 9) = $2)::int AS "rangeSent",
            count(*) FILTER (WHERE left(phone, 9) = $2 AND "usedAt" IS NOT NULL)::int AS "rangeUsed",
            count(*)::int AS "sent", count(*) FILTER (WHERE "usedAt" IS NOT NULL)::int AS "used"
       FROM sign_in_code WHERE purpose = 'sign-in' AND "createdAt" > now() - interval '1 hour'`,
    [addressKey, phone.slice(0, 9)],
  );
  const low = (sent: number, used: number, least = MIN_SENT) => sent >= least && used < sent * USED_SHARE_FLOOR;
  return low(row.addressSent, row.addressUsed) || low(row.rangeSent, row.rangeUsed) || low(row.sent, row.used, MIN_SENT_SITE);
}

const secretFor = (jwtSecret: string) => `shikhon sms check v1:${jwtSecret}`;

async function newChallenge(jwtSecret: string): Promise<Challenge> {
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: COST,
    counter: randomInt(1_500, 300),
    deriveKey,
    expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_SECONDS,
    hmacSignatureSecret: secretFor(jwtSecret),
  });
}

/**
 * Passes when `proof` solves a challenge this server signed, in time, and was not used before;
 * otherwise refuses with CHECK_REQUIRED and a new challenge in the error (`extensions.challenge`).
 */
export async function requireProofOfWork(db: DataSource, jwtSecret: string, proof: string | null | undefined): Promise<void> {
  if (proof && (await proofHolds(db, jwtSecret, proof))) return;
  throw new AppError('CHECK_REQUIRED', proof ? CHECK_FAILED : CHECK_NEEDED, { challenge: await newChallenge(jwtSecret) });
}

/** Whether `proof`, as the page sends it (its challenge and solution as base64 JSON), holds. */
async function proofHolds(db: DataSource, jwtSecret: string, proof: string): Promise<boolean> {
  let decoded: { challenge: Challenge; solution: Solution };
  try {
    decoded = JSON.parse(Buffer.from(proof, 'base64').toString('utf8')) as { challenge: Challenge; solution: Solution };
  } catch {
    return false;
  }
  if (!decoded?.challenge?.signature || !decoded.solution) return false;
  const result = await verifySolution({
    challenge: decoded.challenge,
    solution: decoded.solution,
    deriveKey,
    hmacSignatureSecret: secretFor(jwtSecret),
  }).catch(() => null);
  if (!result?.verified) return false;
  // One solution sends one code.
  const { hits } = await countAttempt(db, { name: 'sms-check-used', max: 1, windowSeconds: CHALLENGE_SECONDS * 2 }, decoded.challenge.signature);
  return hits === 1;
}
