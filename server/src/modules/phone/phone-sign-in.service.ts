import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { IsNull, MoreThan, Not, type DataSource, type EntityManager } from 'typeorm';
import type { Language } from '../../i18n/languages';
import { text } from '../../i18n/translate';
import { AppError, badInput } from '../../shared/errors';
import { banglaDigits, latinDigits } from '../../shared/digits';
import { sameHash } from '../../shared/hashing';
import { normalizeBangladeshMobile } from '../../shared/phone';
import { countAttempt, hitRateLimit, limits, refuseWhenLimited, type Limit } from '../../shared/rate-limit';
import { ACCOUNT_CLOSED } from '../auth/auth.service';
import type { AuthDeps } from '../auth/auth-deps';
import { startSession, type IssuedSession } from '../auth/session.service';
import { checkName } from '../auth/sign-up-rules';
import type { Viewer } from '../../kernel/viewer';
import { defaultAvatar, Role } from '../../kernel/role';
import { User } from '../user/user.entity';
import { SignInCode, type CodeEvent, type CodePurpose } from './sign-in-code.entity';
import { pumpingSuspected, requireProofOfWork } from './pumping-check';
import { CODE_TTL_MINUTES, countCodeEvent, STALE_CODE_MINUTES } from './code-delivery';
import { BUDGET_RESERVE_SHARE, BUDGET_WARNING_SHARE, releaseHeldCodes, settingsOf, takeFromBudget, tellAdmins } from './sms-budget';
import { addressKey } from './client-address';
import { browserHash, browserToken, type CodeCookie } from './code-cookie';
import { countWrongGuess, refuseWhileGuessesWait } from './guess-throttle';

/**
 * Sign-in and sign-up with a Bangladeshi mobile number and a 6-digit code by SMS; adding and
 * confirming a number on an existing account.
 *
 * - A code is 6 random digits, works for CODE_TTL_MINUTES, once, and for at most MAX_WRONG_TRIES
 *   wrong tries. Only an HMAC of it is kept.
 * - A sign-in code belongs to the browser that asked for it (code-cookie.ts): only that browser can
 *   try it, and a new code from it ends its own earlier one; a confirm code belongs to its account.
 *   So nobody else's guesses or requests use up, end or delay it. Wrong codes make the guesser wait,
 *   growing, per address and per number and browser (guess-throttle.ts).
 * - Asking for a code answers the same whether or not the number has an account (a new number's
 *   code makes the account).
 * - SMS cost money: codes are limited per address (IPv4, or IPv6 /64; per hour and per day), per
 *   number, per range of numbers and per day for the whole site (SMS_DAILY_BUDGET). Every limit is
 *   checked before any is counted, so a refused request counts against nothing. Admins are warned at
 *   BUDGET_WARNING_SHARE of the budget and told when it is spent; the last BUDGET_RESERVE_SHARE is kept
 *   for numbers that have an account; past it, the request is refused with SMS_UNAVAILABLE (never a
 *   true for a code that will not come).
 * - A code works for CODE_TTL_MINUTES from when its SMS is handed over, not from the request (code-delivery.ts).
 * - Only a confirmed number signs in, and a number is confirmed only by a code sent to it: nothing
 *   (ownership, a role) ever follows from a number typed in a profile.
 */
export const MAX_WRONG_TRIES = 5;

/**
 * Asking again for a code: the first new code 30 s after the code was sent, each later one 60 s
 * after the previous. A series is the asker's codes for the number within RESEND_SERIES_MINUTES of
 * now; the asker is the browser (its code cookie) or its address, for a sign-in code, and the
 * account or its address for a confirm code, so neither a stranger's requests delay the owner nor
 * does a script dropping its cookie escape the wait. Asking earlier sends nothing and counts nothing.
 */
export const FIRST_RESEND_SECONDS = 30;
export const LATER_RESEND_SECONDS = 60;
export const RESEND_SERIES_MINUTES = 30;

export const NOT_A_MOBILE = 'Enter a Bangladeshi mobile number: 01 and 9 more digits (013 to 019)';
export const WRONG_CODE = 'This code is wrong or has expired. Ask for a new one.';
export const CODE_USED_UP = 'This code can no longer be used; ask for a new one.';
export const resendTooSoonMessage = (seconds: number) => `You can ask for a new code in ${seconds} second${seconds === 1 ? '' : 's'}.`;
export const NAME_NEEDED = 'Tell us your name to make your account';
export const PHONE_SIGN_IN_OFF = 'Sign-in with a mobile number is turned off on this site';
export const PHONE_TAKEN = 'This number belongs to another account';
export const SMS_UNAVAILABLE =
  "We cannot send codes by SMS any more today: the site's daily SMS limit is reached. Sign in with your email and password if your account has one, or try again tomorrow.";

/** +8801XXXXXXXXX for a typed number (Bangla or English digits), or a field error. */
export function requireMobile(typed: string | null | undefined): string {
  const phone = normalizeBangladeshMobile(typed);
  if (!phone) throw badInput(NOT_A_MOBILE, { field: 'phone' });
  return phone;
}

/** The code as keyed hash: a server secret and the row's id, so six digits cannot be looked up from the table alone. */
function codeHash(jwtSecret: string, rowId: string, code: string): string {
  const key = createHmac('sha256', jwtSecret).update('shikhon sms code v1').digest();
  return createHmac('sha256', key).update(`${rowId}:${code}`).digest('hex');
}

/** The SMS text: the code in the reader's language and in English digits, and the WebOTP line `@host #code` last. */
export function codeSmsText(language: Language, code: string, publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return text(language, 'sms.code', { code, localCode: language === 'bn' ? banglaDigits(code) : code, minutes: CODE_TTL_MINUTES, host });
}

/** Counts one event for today's dashboard line. */
const countEvent = (db: DataSource | EntityManager, kind: CodeEvent) => countCodeEvent(db, kind);

/** Refuses, and counts the refusal, when a limit is passed. */
async function limited(db: DataSource, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') await countEvent(db, 'refused');
    throw error;
  }
}

/** Where a code goes and who asks: the number, what the code is for, and the asker. */
interface CodeRequest {
  phone: string;
  purpose: CodePurpose;
  /** For `confirm`: the account adding the number; for `sign-in`: the account the number signs in to, if any. */
  userId: string | null;
  language: Language;
  clientAddress: string;
  /** For `sign-in`: the hash of the asking browser's token. */
  browser: string | null;
  /** For a new number while pumping is suspected: the page's solved check (pumping-check.ts). */
  proofOfWork?: string | null;
}

/** What asking for a code answers: how long until the asker may ask for the next one. */
export interface CodeSent {
  resendAfterSeconds: number;
}

/** The asker's codes for the number in the current series: how many, and how many seconds until the next may be sent (0: now). */
async function resendWait(
  db: DataSource,
  request: Pick<CodeRequest, 'phone' | 'purpose' | 'userId' | 'browser'>,
  address: string,
): Promise<{ sent: number; waitSeconds: number }> {
  const [row] = await db.query<Array<{ sent: number; wait: number | null }>>(
    `SELECT count(*)::int AS sent,
            ceil(extract(epoch FROM max("createdAt") + make_interval(secs => CASE WHEN count(*) <= 1 THEN $6::int ELSE $7::int END) - now()))::int AS wait
       FROM sign_in_code
      WHERE phone = $1 AND purpose = $2 AND "createdAt" > now() - make_interval(mins => $8::int)
        AND ("addressKey" = $5 OR (CASE WHEN $2 = 'confirm' THEN "userId" = $3 ELSE "browserHash" = $4 END))`,
    [request.phone, request.purpose, request.userId, request.browser, address, FIRST_RESEND_SECONDS, LATER_RESEND_SECONDS, RESEND_SERIES_MINUTES],
  );
  return { sent: row?.sent ?? 0, waitSeconds: Math.max(0, row?.wait ?? 0) };
}

/**
 * Writes a new code (ending the earlier one of the same browser, or of the same account for
 * `confirm`) and queues its SMS. Refuses, sending and counting nothing, when asked again too soon
 * (RESEND_TOO_SOON, with `retryAfterSeconds`) or when a limit is reached; refuses with
 * SMS_UNAVAILABLE when the day's budget is spent. Answers when the next code may be asked for.
 */
async function issueCode(deps: AuthDeps, request: CodeRequest): Promise<CodeSent> {
  const { phone, purpose, userId, language, browser } = request;
  const settings = settingsOf(deps);
  if (!settings.enabled) throw new AppError('FORBIDDEN', PHONE_SIGN_IN_OFF);
  const address = addressKey(request.clientAddress);
  // Asked again too soon: nothing is sent or counted (the same answer whether or not the number has an account).
  const series = await resendWait(deps.db, request, address);
  if (series.waitSeconds > 0) throw new AppError('RESEND_TOO_SOON', resendTooSoonMessage(series.waitSeconds), { retryAfterSeconds: series.waitSeconds });
  // The address first: a request it refuses is counted against no number and no range.
  const checks: Array<[Limit, string]> = [
    [limits.codesPerAddress, address],
    [limits.codesPerAddressDaily, address],
    [limits.codesPerNumber, phone],
    [limits.codesPerNumberDaily, phone],
    [limits.codesPerPrefix, phone.slice(0, 9)],
  ];
  await limited(deps.db, async () => {
    for (const [limit, subject] of checks) await refuseWhenLimited(deps.db, limit, subject);
  });
  // A new number is sent its code unchecked unless codes lately went unused (SMS pumping).
  if (settings.pumpingCheck && purpose === 'sign-in' && !userId && (await pumpingSuspected(deps.db, address, phone)))
    await requireProofOfWork(deps.db, deps.jwtSecret, request.proofOfWork);
  // SMS held by an earlier version go before this one.
  await releaseHeldCodes(deps);
  // Numbers with an account keep the budget's last share: a flood of new numbers cannot lock their owners out.
  const budget = settings.dailyBudget;
  const cap = userId ? budget : Math.floor(budget * (1 - BUDGET_RESERVE_SHARE));
  const taken = await takeFromBudget(deps.db, cap);
  if (taken === null) {
    await countEvent(deps.db, 'refused');
    await tellAdmins(deps, 'smsBudget', { budget, minutes: STALE_CODE_MINUTES });
    throw new AppError('SMS_UNAVAILABLE', SMS_UNAVAILABLE);
  }
  for (const [limit, subject] of checks) await countAttempt(deps.db, limit, subject);
  if (taken >= Math.ceil(budget * BUDGET_WARNING_SHARE))
    await tellAdmins(deps, 'smsBudgetWarning', { budget, used: taken, percent: Math.round(BUDGET_WARNING_SHARE * 100) });
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = randomUUID();
  await deps.db.transaction(async (manager) => {
    // Only the asker's own earlier code ends: the same browser's (sign-in) or the same account's (confirm).
    await manager.query(
      `UPDATE sign_in_code SET "expiresAt" = now()
        WHERE phone = $1 AND purpose = $2 AND "usedAt" IS NULL AND ("expiresAt" IS NULL OR "expiresAt" > now())
          AND (CASE WHEN $2 = 'confirm' THEN "userId" = $3 ELSE "browserHash" = $4 END)`,
      [phone, purpose, userId, browser],
    );
    await manager.getRepository(SignInCode).insert({
      id,
      phone,
      purpose,
      userId,
      codeHash: codeHash(deps.jwtSecret, id, code),
      browserHash: purpose === 'sign-in' ? browser : null,
      addressKey: address,
      // Set when the SMS is handed over (code-delivery.ts).
      expiresAt: null,
      usedAt: null,
    });
  });
  await deps.mailer.sendSms(phone, codeSmsText(language, code, deps.publicUrl), { signInCodeId: id, held: false });
  return { resendAfterSeconds: series.sent === 0 ? FIRST_RESEND_SECONDS : LATER_RESEND_SECONDS };
}

/**
 * Checks a code for `phone` and uses it up when `use` says so (after the caller's own checks pass).
 * Only the asker's own code is looked at: the browser's (`scope.browser`) for a sign-in, the account's
 * for a confirmation; without one, nothing is, and the answer is the same as for a wrong code. A
 * wrong code counts against that code (past MAX_WRONG_TRIES it no longer works, even when right) and
 * makes the guesser wait, growing; it never touches anyone else's code.
 */
async function checkCode(
  deps: AuthDeps,
  phone: string | null,
  purpose: CodePurpose,
  typed: string,
  scope: { userId?: string; browser?: string | null; clientAddress: string },
  use: (manager: EntityManager, code: SignInCode) => Promise<boolean>,
): Promise<void> {
  const code = latinDigits(typed ?? '').replace(/\s/g, '');
  const subjects = {
    address: addressKey(scope.clientAddress),
    numberAndBrowser: `${phone ?? ''}:${scope.userId ?? scope.browser ?? 'none'}`,
  };
  await refuseWhileGuessesWait(deps.db, subjects);
  const bound = purpose === 'confirm' ? Boolean(scope.userId) : Boolean(scope.browser);
  type Outcome = { wrong: true; triesLeft: number | null } | { wrong: false; used: boolean };
  const outcome: Outcome = !bound
    ? { wrong: true, triesLeft: null }
    : await deps.db.transaction(async (manager): Promise<Outcome> => {
        const codes = manager.getRepository(SignInCode);
        const live = await codes.findOne({
          where: {
            ...(phone ? { phone } : {}),
            ...(purpose === 'confirm' ? { userId: scope.userId } : { browserHash: scope.browser! }),
            purpose,
            usedAt: IsNull(),
            expiresAt: MoreThan(new Date()),
          },
          order: { createdAt: 'DESC' },
          lock: { mode: 'pessimistic_write' },
        });
        if (!live) return { wrong: true, triesLeft: null };
        // Only the asker's own code is here (its browser's cookie, or its account): its tries are theirs to know.
        if (live.failedAttempts >= MAX_WRONG_TRIES) return { wrong: true, triesLeft: 0 };
        if (!/^\d{6}$/.test(code) || !sameHash(codeHash(deps.jwtSecret, live.id, code), live.codeHash)) {
          await codes.increment({ id: live.id }, 'failedAttempts', 1);
          return { wrong: true, triesLeft: MAX_WRONG_TRIES - live.failedAttempts - 1 };
        }
        if (!(await use(manager, live))) return { wrong: false, used: false };
        await codes.update(live.id, { usedAt: new Date() });
        return { wrong: false, used: true };
      });
  if (!bound || outcome.wrong) {
    await countEvent(deps.db, 'refused');
    await countWrongGuess(deps.db, subjects);
    const triesLeft = bound && outcome.wrong ? outcome.triesLeft : null;
    if (triesLeft === 0) throw new AppError('CODE_USED_UP', CODE_USED_UP, { field: 'code' });
    throw badInput(WRONG_CODE, { field: 'code', ...(triesLeft !== null ? { triesLeft } : {}) });
  }
  if (outcome.used) await countEvent(deps.db, 'used');
}

/** The account a confirmed number signs in to. */
function accountWithNumber(manager: EntityManager | DataSource, phone: string): Promise<User | null> {
  return manager.getRepository(User).findOneBy({ phone, phoneConfirmedAt: Not(IsNull()) });
}

/** Sends a sign-in (or sign-up) code; the answer (when the next may be asked for) is the same whether or not the number has an account. */
export async function requestSignInCode(
  deps: AuthDeps,
  typedPhone: string,
  clientAddress: string,
  language: Language,
  cookie: CodeCookie,
  proofOfWork?: string | null,
): Promise<CodeSent> {
  const phone = requireMobile(typedPhone);
  const account = await accountWithNumber(deps.db, phone);
  const browser = browserHash(deps.jwtSecret, browserToken(cookie));
  return issueCode(deps, {
    phone,
    purpose: 'sign-in',
    userId: account?.id ?? null,
    language: account?.language ?? language,
    clientAddress,
    browser,
    proofOfWork,
  });
}

/**
 * Signs in with a number and its code; for a number without an account, makes a student account
 * when `name` is given (without a name the code is kept, and the answer asks for it).
 */
export async function signInWithCode(
  deps: AuthDeps,
  input: { phone: string; code: string; name?: string | null },
  clientAddress: string,
  language: Language,
  cookie: CodeCookie,
): Promise<IssuedSession> {
  if (!settingsOf(deps).enabled) throw new AppError('FORBIDDEN', PHONE_SIGN_IN_OFF);
  const phone = normalizeBangladeshMobile(input.phone);
  if (!phone) throw badInput(NOT_A_MOBILE, { field: 'phone' });
  const name = input.name?.trim() ?? '';
  let account: User | null = null;
  const token = cookie.read();
  const browser = token ? browserHash(deps.jwtSecret, token) : null;
  await checkCode(deps, phone, 'sign-in', input.code, { browser, clientAddress }, async (manager) => {
    account = await accountWithNumber(manager, phone);
    if (account) {
      if (account.deletedAt) throw new AppError('FORBIDDEN', ACCOUNT_CLOSED);
      return true;
    }
    if (!name) throw badInput(NAME_NEEDED, { field: 'name' });
    const problem = checkName(name);
    if (problem) throw badInput(problem, { field: 'name' });
    await hitRateLimit(deps.db, limits.signUpPerAddress, clientAddress);
    const users = manager.getRepository(User);
    await users
      .createQueryBuilder()
      .insert()
      .values({
        name,
        email: null,
        passwordHash: null,
        phone,
        phoneConfirmedAt: new Date(),
        role: Role.STUDENT,
        image: defaultAvatar[Role.STUDENT],
        previousRole: null,
        deletedAt: null,
        language,
      })
      .execute();
    account = await accountWithNumber(manager, phone);
    return true;
  });
  return startSession(deps.db, deps.jwtSecret, account!);
}

/** Sends a code to a number the signed-in person adds; confirmPhone with the code makes it theirs. False when it already is. */
export async function addPhone(deps: AuthDeps, viewer: Viewer, typedPhone: string, clientAddress: string): Promise<boolean> {
  const phone = requireMobile(typedPhone);
  const user = await deps.db.getRepository(User).findOneByOrFail({ id: viewer.id });
  if (user.phone === phone && user.phoneConfirmedAt) return false;
  // Whether another account holds the number is said only to whoever proves they read it (confirmPhone).
  await issueCode(deps, { phone, purpose: 'confirm', userId: user.id, language: user.language, clientAddress, browser: null });
  return true;
}

/** Confirms the number last added with its code: the account's phone becomes that number, and it signs in with it. */
export async function confirmPhone(deps: AuthDeps, viewer: Viewer, code: string, clientAddress: string): Promise<User> {
  await checkCode(deps, null, 'confirm', code, { userId: viewer.id, clientAddress }, async (manager, row) => {
    const holder = await accountWithNumber(manager, row.phone);
    if (holder && holder.id !== viewer.id) throw new AppError('CONFLICT', PHONE_TAKEN, { field: 'phone' });
    await manager.getRepository(User).update(viewer.id, { phone: row.phone, phoneConfirmedAt: new Date() });
    return true;
  });
  return deps.db.getRepository(User).findOneByOrFail({ id: viewer.id });
}
