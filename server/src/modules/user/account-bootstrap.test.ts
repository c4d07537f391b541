import type { DataSource } from 'typeorm';
import { closeTestDatabase, openTestDatabase, resetDatabase, testLog } from '../../test/database';
import { makeUser } from '../../test/factories';
import { verifyPassword } from '../auth/password';
import { ADMIN_ACCOUNT_CLOSED, ADMIN_ACCOUNT_NOT_PROVEN, demoAccounts, ensureAdmin, seedDemoAccounts } from './account-bootstrap';
import { Role } from '../../kernel/role';
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

  it('promotes an existing account only when its address is confirmed and its password is ADMIN_PASSWORD', async () => {
    const teacher = await makeUser(db, { email: 'teacher@example.com', role: Role.INSTRUCTOR }, 'the admin password');
    await ensureAdmin(db, testLog, 'teacher@example.com', 'the admin password');
    const promoted = await db.getRepository(User).findOneByOrFail({ id: teacher.id });
    expect(promoted).toMatchObject({ role: Role.ADMIN, previousRole: Role.INSTRUCTOR });
    expect(await verifyPassword(promoted.passwordHash, 'the admin password')).toBe(true);
  });

  it('refuses to start rather than promote an account someone registered with the address and their own password', async () => {
    const squatter = await makeUser(db, { email: 'boss@example.com' }, 'squatter password');
    await expect(ensureAdmin(db, testLog, 'boss@example.com', 'the admin password')).rejects.toThrow(ADMIN_ACCOUNT_NOT_PROVEN);
    expect((await db.getRepository(User).findOneByOrFail({ id: squatter.id })).role).toBe(Role.STUDENT);
  });

  it('refuses to promote an unconfirmed account even when the password matches', async () => {
    const unconfirmed = await makeUser(db, { email: 'boss@example.com', emailVerifiedAt: null }, 'the admin password');
    await expect(ensureAdmin(db, testLog, 'boss@example.com', 'the admin password')).rejects.toThrow(ADMIN_ACCOUNT_NOT_PROVEN);
    expect((await db.getRepository(User).findOneByOrFail({ id: unconfirmed.id })).role).toBe(Role.STUDENT);
  });

  it('never reopens a closed account, even a closed admin', async () => {
    const closedAt = new Date('2026-01-01T00:00:00Z');
    const closed = await makeUser(db, { email: 'boss@example.com', role: Role.ADMIN, deletedAt: closedAt }, 'the admin password');
    await expect(ensureAdmin(db, testLog, 'boss@example.com', 'the admin password')).rejects.toThrow(ADMIN_ACCOUNT_CLOSED);
    expect((await db.getRepository(User).findOneByOrFail({ id: closed.id })).deletedAt).toEqual(closedAt);
  });

  it('leaves an existing admin as it is, password included', async () => {
    const admin = await makeUser(db, { email: 'boss@example.com', role: Role.ADMIN }, 'their own password');
    await ensureAdmin(db, testLog, 'boss@example.com', 'the admin password');
    expect(await verifyPassword((await db.getRepository(User).findOneByOrFail({ id: admin.id })).passwordHash, 'their own password')).toBe(true);
  });

  it('creates the admin with a confirmed address', async () => {
    await ensureAdmin(db, testLog, 'boss@example.com', 'the admin password');
    expect((await db.getRepository(User).findOneByOrFail({ email: 'boss@example.com' })).emailVerifiedAt).not.toBeNull();
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
