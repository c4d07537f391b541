import type { DataSource } from 'typeorm';
import type { AppLogger } from '../../logger';
import { hashPassword, verifyPassword } from '../auth/password';
import { checkEmail, checkPassword, normalizeEmail } from '../auth/sign-up-rules';
import { defaultAvatar, Role } from '../../kernel/role';
import { User } from './user.entity';
import { Course } from '../course/course.entity';

/** Demo accounts for development and the browser tests; never created in production. */
export const demoAccounts = [
  { name: 'Demo Student', email: 'student@shikhon.test', password: 'Student123!', role: Role.STUDENT, phone: '+880 1711-000001', date: '2008-03-14' },
  { name: 'Tanvir Ahmed', email: 'instructor@shikhon.test', password: 'Instructor123!', role: Role.INSTRUCTOR, phone: '+880 1711-000002', date: '1990-07-02' },
  { name: 'Demo Admin', email: 'admin@shikhon.test', password: 'Admin123!', role: Role.ADMIN, phone: '+880 1711-000003', date: '1988-11-20' },
];

/** Adds the demo accounts when the database has no accounts at all. */
export async function seedDemoAccounts(db: DataSource): Promise<boolean> {
  if ((await db.getRepository(User).count()) > 0) return false;
  for (const account of demoAccounts) {
    const { password, ...fields } = account;
    const user = await db.getRepository(User).save({
      ...fields,
      passwordHash: await hashPassword(password),
      image: defaultAvatar[account.role],
      emailVerifiedAt: new Date(),
      instructorApprovedAt: account.role === Role.INSTRUCTOR ? new Date() : null,
    });
    if (user.role === Role.INSTRUCTOR) {
      // The demo instructor teaches the demo courses under their name.
      await db.getRepository(Course).update({ instructor: user.name }, { instructorId: user.id, instructorEmail: user.email });
    }
  }
  return true;
}

export const ADMIN_ACCOUNT_CLOSED = 'ADMIN_EMAIL belongs to a closed account. Reopen it from the admin dashboard, or choose another address.';
export const ADMIN_ACCOUNT_NOT_PROVEN =
  'ADMIN_EMAIL belongs to an existing account that is not an admin. It is promoted only when its email is confirmed and its password is ADMIN_PASSWORD; otherwise promote it from the admin dashboard, or choose another address.';

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD, checked at every start:
 * - no account has the address: the admin is created (address confirmed, since the operator gave it);
 * - an admin has it: nothing changes (not even the password);
 * - a closed account has it: the server refuses to start (a closed account is never reopened this way);
 * - another account has it: it is promoted only if its address is confirmed and its password is
 *   ADMIN_PASSWORD (so whoever registered it first cannot be handed the admin role); otherwise the
 *   server refuses to start.
 */
export async function ensureAdmin(db: DataSource, log: AppLogger, email: string, password: string): Promise<void> {
  const problem = checkEmail(email, 'ADMIN_EMAIL') ?? checkPassword(password);
  if (problem) throw new Error(`ADMIN_EMAIL/ADMIN_PASSWORD: ${problem}`);
  const users = db.getRepository(User);
  const existing = await users.findOneBy({ email: normalizeEmail(email) });
  if (!existing) {
    await users.save({
      name: 'Administrator',
      email: normalizeEmail(email),
      passwordHash: await hashPassword(password),
      role: Role.ADMIN,
      image: defaultAvatar[Role.ADMIN],
      emailVerifiedAt: new Date(),
    });
    log.info('first admin created from ADMIN_EMAIL');
    return;
  }
  if (existing.deletedAt) throw new Error(ADMIN_ACCOUNT_CLOSED);
  if (existing.role === Role.ADMIN) return;
  const proven = existing.emailVerifiedAt !== null && (await verifyPassword(existing.passwordHash, password));
  if (!proven) throw new Error(ADMIN_ACCOUNT_NOT_PROVEN);
  await users.update(existing.id, { role: Role.ADMIN, previousRole: existing.role });
  log.info('the ADMIN_EMAIL account was promoted to admin');
}
