import { IsNull, type DataSource } from 'typeorm';
import { AppError, badInput } from '../../shared/errors';
import { sha256 } from '../../shared/hashing';
import { createHmac, randomUUID } from 'node:crypto';
import { countAttempt, hitRateLimit, limits } from '../../shared/rate-limit';
import { knownDevice } from './device-cookie';
import { clearAccountCounters, countFailure, deviceStillTrusted, refuseWhileAccountWaits } from './sign-in-throttle';
import type { AuthDeps } from './auth-deps';
import { defaultAvatar } from '../../kernel/role';
import { User } from '../user/user.entity';
import type { Viewer } from '../../kernel/viewer';
import { hashPassword, verifyPassword } from './password';
import { sendVerificationEmail } from './email-verification.service';
import { PasswordReset } from './password-reset.entity';
import { RESET_TOKEN_TTL_MINUTES, usableLink } from './link-delivery';
import { endAllSessions, startSession, type IssuedSession } from './session.service';
import { normalizeEmail, validateSignUp, type SignUpFields } from './sign-up-rules';
import type { Language } from '../../i18n/languages';
import { mailText } from '../mail/mail-text';

export const WRONG_CREDENTIALS = 'Wrong email or password';
export const ACCOUNT_CLOSED =
  'This account is closed. To reopen it, call +880 9612-345678 or send us a message from the Support page; an admin will reopen it.';
export const EMAIL_TAKEN = 'An account with this email already exists';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Ask for a new one.';

/** Creates a student or instructor account and signs the person in. */
export async function signUp(deps: AuthDeps, input: SignUpFields, clientAddress: string, language: Language = 'en'): Promise<IssuedSession> {
  const valid = validateSignUp(input);
  await hitRateLimit(deps.db, limits.signUpPerAddress, clientAddress);
  const users = deps.db.getRepository(User);
  if (await users.existsBy({ email: valid.email })) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN, { fields: { email: EMAIL_TAKEN } });
  const passwordHash = await hashPassword(valid.password);
  let user: User;
  try {
    user = await users.save({ ...valid, passwordHash, image: defaultAvatar[valid.role], previousRole: null, deletedAt: null, language });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if ((error as { code?: string }).code === '23505') throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN, { fields: { email: EMAIL_TAKEN } });
    throw error;
  }
  await sendVerificationEmail(deps, user);
  return startSession(deps.db, deps.jwtSecret, user);
}

/** The browser's device cookie, when the sign-in comes through a request that has one. */
export interface SigningBrowser {
  key: Buffer;
  cookie: string | undefined;
}

/**
 * Checks an email and password; one message for every failure, so it reveals nothing. A correct password
 * from a browser the account used before is never refused (sign-in-throttle.ts says why and how).
 */
export async function verifyCredentials(db: DataSource, email: string, password: string, clientAddress: string, browser?: SigningBrowser): Promise<User> {
  const normalized = normalizeEmail(email ?? '');
  const user = normalized ? await db.getRepository(User).findOneBy({ email: normalized }) : null;
  const device = user && browser ? knownDevice(browser.key, browser.cookie, user.id) : null;
  const trusted = device !== null && (await deviceStillTrusted(db, device.nonce));
  if (!trusted && normalized) await refuseWhileAccountWaits(db, normalized);
  const matches = await verifyPassword(user?.passwordHash, password ?? '');
  if (!user || !matches) {
    const slowdown = await countFailure(db, { email: normalized, clientAddress, deviceNonce: trusted ? device.nonce : null });
    if (slowdown > 0) await new Promise((resolve) => setTimeout(resolve, slowdown));
    throw new AppError('WRONG_CREDENTIALS', WRONG_CREDENTIALS);
  }
  if (user.deletedAt) throw new AppError('ACCOUNT_CLOSED', ACCOUNT_CLOSED);
  return user;
}

/** Reset links are derived from their row's id with a key of their own, so a live link can be sent again (only its hash is kept). */
function resetLinkToken(jwtSecret: string, resetId: string): string {
  const key = createHmac('sha256', jwtSecret).update('shikhon reset link v1').digest();
  return createHmac('sha256', key).update(resetId).digest('base64url');
}

/** A live link (one whose mail has not gone yet, or that has at least this long to run) is sent again rather than a new one made. */
export const RESET_LINK_REUSE_MINUTES = 10;

/**
 * Mails a single-use reset link when the address has an account; answers the same either way. The address passed its rule.
 * Asking again while a link is live mails that same link, so nobody can use requests to spoil the owner's link;
 * such repeats are mailed at most `resetMailsPerAccount.max` times an hour (a new link, once the last runs out, always is).
 * The link works for RESET_TOKEN_TTL_MINUTES from when a mail carrying it is handed to the SMTP server (link-delivery.ts).
 */
export async function requestPasswordReset(deps: AuthDeps, email: string, clientAddress: string): Promise<void> {
  const normalized = normalizeEmail(email);
  await hitRateLimit(deps.db, limits.resetPerAddress, clientAddress);
  const user = await deps.db.getRepository(User).findOneBy({ email: normalized, deletedAt: IsNull() });
  if (!user) return;
  const resets = deps.db.getRepository(PasswordReset);
  const live = await resets.findOne({
    where: usableLink<PasswordReset>('password-reset', undefined, RESET_LINK_REUSE_MINUTES).map((where) => ({ ...where, userId: user.id })),
    order: { createdAt: 'DESC' },
  });
  let resetId = live?.id;
  let token = live ? resetLinkToken(deps.jwtSecret, live.id) : null;
  if (live && token && sha256(token) === live.tokenHash) {
    const { hits } = await countAttempt(deps.db, limits.resetMailsPerAccount, user.id);
    if (hits > limits.resetMailsPerAccount.max) return;
  } else {
    resetId = randomUUID();
    token = resetLinkToken(deps.jwtSecret, resetId);
    // No expiry yet: the link's minutes start when its mail is handed over.
    await resets.save({ id: resetId, userId: user.id, tokenHash: sha256(token), expiresAt: null, usedAt: null });
  }
  // Each mail carrying the link gives it the full minutes from its delivery, so the mail can promise them.
  const minutes = RESET_TOKEN_TTL_MINUTES;
  const link = new URL(`/reset-password?token=${encodeURIComponent(token)}`, deps.publicUrl).toString();
  await deps.mailer.send({
    to: normalized,
    ...mailText(user.language, 'reset', { name: user.name, minutes, link }),
    link: { kind: 'password-reset', id: resetId! },
  });
}

/**
 * Sets a new password (one that passed its rule) with a valid reset token, uses the token up and ends every sign-in.
 * The account's failed sign-ins are forgotten: its owner starts afresh. Answers the account, whose browser is now a known one.
 */
export async function resetPassword(deps: AuthDeps, token: string, password: string): Promise<Pick<User, 'id' | 'email'>> {
  const passwordHash = await hashPassword(password);
  const account = await deps.db.transaction(async (manager) => {
    const resets = manager.getRepository(PasswordReset);
    const reset = await resets.findOne({
      where: usableLink<PasswordReset>('password-reset', sha256(token ?? '')),
      lock: { mode: 'pessimistic_write' },
    });
    if (!reset) throw new AppError('BAD_USER_INPUT', RESET_LINK_INVALID);
    await resets.update(reset.id, { usedAt: new Date() });
    // The link reached the account's address, so the address is confirmed too.
    await manager
      .createQueryBuilder()
      .update(User)
      .set({ passwordHash, emailVerifiedAt: () => 'COALESCE("emailVerifiedAt", now())' })
      .where('id = :id', { id: reset.userId })
      .execute();
    await endAllSessions(manager, reset.userId);
    return manager.getRepository(User).findOneOrFail({ where: { id: reset.userId }, select: { id: true, email: true } });
  });
  if (account.email) await clearAccountCounters(deps.db, account.email);
  return account;
}

export const WRONG_CURRENT_PASSWORD = 'Your current password is not right';

/** Changes a signed-in person's password (the new one passed its rule): every other sign-in ends, this browser gets a new session. */
export async function changePassword(
  deps: AuthDeps,
  viewer: Viewer,
  currentPassword: string,
  newPassword: string,
  clientAddress: string,
): Promise<IssuedSession> {
  await hitRateLimit(deps.db, limits.passwordChangePerAccountAndAddress, `${viewer.email}|${clientAddress}`);
  const user = await deps.db.getRepository(User).findOneByOrFail({ id: viewer.id });
  if (!(await verifyPassword(user.passwordHash, currentPassword ?? ''))) {
    throw badInput(WRONG_CURRENT_PASSWORD, { fields: { currentPassword: WRONG_CURRENT_PASSWORD } });
  }
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction(async (manager) => {
    await manager.getRepository(User).update(user.id, { passwordHash });
    await endAllSessions(manager, user.id);
  });
  return startSession(deps.db, deps.jwtSecret, await deps.db.getRepository(User).findOneByOrFail({ id: user.id }));
}
