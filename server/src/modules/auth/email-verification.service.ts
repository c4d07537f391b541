import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { AppError } from '../../shared/errors';
import { randomToken, sha256 } from '../../shared/hashing';
import { hitRateLimit, limits } from '../../shared/rate-limit';
import { mailText } from '../mail/mail-text';
import { User } from '../user/user.entity';
import type { AuthDeps } from './auth-deps';
import { EmailVerification } from './email-verification.entity';
import { usableLink, VERIFY_TOKEN_TTL_HOURS } from './link-delivery';
import type { Viewer } from '../../kernel/viewer';

export const VERIFY_LINK_INVALID = 'This verification link is invalid or has expired. Ask for a new one from your profile.';

/** Emails a link that proves the person reads their address; it works for VERIFY_TOKEN_TTL_HOURS from when its mail is handed over (link-delivery.ts). */
export async function sendVerificationEmail(deps: AuthDeps, user: Pick<User, 'id' | 'email' | 'name' | 'language'>): Promise<void> {
  if (!user.email) return;
  const token = randomToken();
  const saved = await deps.db.getRepository(EmailVerification).save({
    userId: user.id,
    email: user.email,
    tokenHash: sha256(token),
    expiresAt: null,
    usedAt: null,
  });
  const link = new URL(`/verify-email?token=${encodeURIComponent(token)}`, deps.publicUrl).toString();
  await deps.mailer.send({
    to: user.email,
    ...mailText(user.language ?? 'en', 'verify', { name: user.name, hours: VERIFY_TOKEN_TTL_HOURS, link }),
    link: { kind: 'email-verification', id: saved.id },
  });
}

/** Sends a new link to the signed-in person, unless their address is already confirmed. */
export async function resendVerificationEmail(deps: AuthDeps, viewer: Viewer): Promise<boolean> {
  const user = await deps.db.getRepository(User).findOneByOrFail({ id: viewer.id });
  if (user.emailVerifiedAt || !user.email) return false;
  await hitRateLimit(deps.db, limits.verifyPerAccount, user.id);
  await sendVerificationEmail(deps, user);
  return true;
}

/** Uses up a verification link; the address is confirmed only if the account still has the address the link was sent to. */
export async function verifyEmail(db: DataSource, token: string): Promise<User> {
  return db.transaction(async (manager) => {
    const links = manager.getRepository(EmailVerification);
    const link = await links.findOne({
      where: usableLink<EmailVerification>('email-verification', sha256(token ?? '')),
      lock: { mode: 'pessimistic_write' },
    });
    if (!link) throw new AppError('BAD_USER_INPUT', VERIFY_LINK_INVALID);
    await links.update(link.id, { usedAt: new Date() });
    const user = await manager.getRepository(User).findOneBy({ id: link.userId, deletedAt: IsNull() });
    if (!user || user.email !== link.email) throw new AppError('BAD_USER_INPUT', VERIFY_LINK_INVALID);
    if (!user.emailVerifiedAt) {
      user.emailVerifiedAt = new Date();
      await manager.getRepository(User).update(user.id, { emailVerifiedAt: user.emailVerifiedAt });
    }
    return user;
  });
}

export const UNVERIFIED_EMAIL = 'Confirm your email address first: open the link we sent you, or ask for a new one from your profile.';

/** Anything keyed on an address (publishing as an instructor, taking the admin role) waits for it to be confirmed. */
export async function requireVerifiedEmail(manager: EntityManager | DataSource, userId: string): Promise<void> {
  const user = await manager.getRepository(User).findOne({ select: { id: true, emailVerifiedAt: true }, where: { id: userId } });
  if (!user?.emailVerifiedAt) throw new AppError('EMAIL_NOT_CONFIRMED', UNVERIFIED_EMAIL);
}

export const CONFIRM_BEFORE_AUTHORING = 'Confirm your email address or mobile number first: then you can write questions, tests and quizzes.';

/** Authoring (questions, tests, quizzes) waits for an account that proved its email address or its mobile number. */
export async function requireConfirmedAccount(manager: EntityManager | DataSource, userId: string): Promise<void> {
  const user = await manager
    .getRepository(User)
    .findOne({ select: { id: true, role: true, emailVerifiedAt: true, phoneConfirmedAt: true }, where: { id: userId } });
  if (!user?.emailVerifiedAt && !user?.phoneConfirmedAt) throw new AppError('ACCOUNT_NOT_CONFIRMED', CONFIRM_BEFORE_AUTHORING);
}
