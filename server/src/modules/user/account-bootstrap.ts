import type { DataSource } from 'typeorm';
import type { AppLogger } from '../../logger';
import { hashPassword } from '../auth/password';
import { checkEmail, checkPassword, normalizeEmail } from '../auth/sign-up-rules';
import { defaultAvatar, Role } from './role';
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
    const user = await db.getRepository(User).save({ ...fields, passwordHash: await hashPassword(password), image: defaultAvatar[account.role] });
    if (user.role === Role.INSTRUCTOR) {
      // The demo instructor teaches the demo courses under their name.
      await db.getRepository(Course).update({ instructor: user.name }, { instructorId: user.id, instructorEmail: user.email });
    }
  }
  return true;
}

/** ADMIN_EMAIL + ADMIN_PASSWORD: creates that admin, or promotes the existing account (keeping its password). */
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
    });
    log.info({ email: normalizeEmail(email) }, 'first admin created');
  } else if (existing.role !== Role.ADMIN || existing.deletedAt) {
    await users.update(existing.id, { role: Role.ADMIN, previousRole: existing.role === Role.ADMIN ? existing.previousRole : existing.role, deletedAt: null });
    log.info({ email: existing.email }, 'account promoted to admin');
  }
}
