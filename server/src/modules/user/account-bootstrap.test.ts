import type { DataSource } from 'typeorm';
import { closeTestDatabase, openTestDatabase, resetDatabase, testLog } from '../../test/database';
import { makeUser } from '../../test/factories';
import { verifyPassword } from '../auth/password';
import { demoAccounts, ensureAdmin, seedDemoAccounts } from './account-bootstrap';
import { Role } from './role';
import { User } from './user.entity';

let db: DataSource;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => closeTestDatabase(db));
beforeEach(() => resetDatabase(db));

describe('the first admin from ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it('creates the admin when the address has no account', async () => {
    await ensureAdmin(db, testLog, 'Boss@Example.com', 'admin password');
    const admin = await db.getRepository(User).findOneByOrFail({ email: 'boss@example.com' });
    expect(admin.role).toBe(Role.ADMIN);
    expect(await verifyPassword(admin.passwordHash, 'admin password')).toBe(true);
  });

  it('promotes an existing account, keeping its password and remembering its role', async () => {
    const teacher = await makeUser(db, { email: 'teacher@example.com', role: Role.INSTRUCTOR }, 'own password');
    await ensureAdmin(db, testLog, 'teacher@example.com', 'ignored password');
    const promoted = await db.getRepository(User).findOneByOrFail({ id: teacher.id });
    expect(promoted).toMatchObject({ role: Role.ADMIN, previousRole: Role.INSTRUCTOR });
    expect(await verifyPassword(promoted.passwordHash, 'own password')).toBe(true);
  });

  it('refuses a weak admin password', async () => {
    await expect(ensureAdmin(db, testLog, 'boss@example.com', 'short')).rejects.toThrow('Password must be at least 8 characters');
  });
});

describe('demo accounts', () => {
  it('are created once, in an empty database, with their documented passwords', async () => {
    expect(await seedDemoAccounts(db)).toBe(true);
    for (const account of demoAccounts) {
      const user = await db.getRepository(User).findOneByOrFail({ email: account.email });
      expect(user.role).toBe(account.role);
      expect(await verifyPassword(user.passwordHash, account.password)).toBe(true);
    }
    expect(await seedDemoAccounts(db)).toBe(false);
  });
});
