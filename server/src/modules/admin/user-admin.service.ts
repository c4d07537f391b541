import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { AppError, badInput, notFound } from '../../shared/errors';
import { normalizeBangladeshMobile } from '../../shared/phone';
import { isUuid } from '../../shared/validation';
import { fetchPage, parsePage, type Page } from '../../shared/paging';
import { escapeLike, filterText } from '../../shared/text-rules';
import { endAllSessions } from '../auth/session.service';
import { normalizeEmail } from '../auth/sign-up-rules';
import type { Viewer } from '../../kernel/viewer';
import { Role } from '../../kernel/role';
import { User } from '../user/user.entity';
import { AuditAction, AuditTarget, type AuditDetail } from '../audit/audit.entity';
import { recordAudit } from '../audit/audit.service';
import { requireRole, roles } from '../auth/guards';

export const LAST_ADMIN = 'The last admin cannot be removed';
export const NOT_OWN_ADMIN_ROLE = 'You cannot remove your own admin role';
export const NO_SUCH_ACCOUNT = 'No such user';
export const ACCOUNT_KEY_NEEDED = 'Name the account by its id (or by its email)';

/**
 * Which account an admin action is about: its id, which every account has. `email` is the older key,
 * kept for integrators; an account made with a mobile number has no email, so only its id names it.
 */
export interface AccountKey {
  id?: string | null;
  email?: string | null;
}

/** The account `key` names (open ones only unless `closed`), or USER_NOT_FOUND. */
async function accountByKey(db: DataSource | EntityManager, key: AccountKey, state: 'open' | 'any'): Promise<User> {
  const open = state === 'open' ? { deletedAt: IsNull() } : {};
  let user: User | null;
  if (key.id) {
    user = isUuid(key.id) ? await db.getRepository(User).findOneBy({ id: key.id, ...open }) : null;
    if (!user) throw notFound(NO_SUCH_ACCOUNT, 'USER_NOT_FOUND');
  } else if (key.email) {
    user = await db.getRepository(User).findOneBy({ email: normalizeEmail(key.email), ...open });
    if (!user) throw notFound('No user has this email', 'USER_NOT_FOUND');
  } else {
    throw badInput(ACCOUNT_KEY_NEEDED, { field: 'id' });
  }
  return user;
}

/** What the audit log keeps to name an account: its email, or for an account made with a mobile number, the number. */
const accountNamed = (user: User): AuditDetail => (user.email ? { email: user.email } : { email: null, phone: user.phone });

/** Accounts, newest first, by role and searched by name or email; open ones, or only the closed ones. */
export async function listUsers(
  db: DataSource,
  viewer: Viewer,
  filter: { role?: Role | null; search?: string | null; closed?: boolean | null },
  paging: { offset?: number; limit?: number },
): Promise<Page<User>> {
  requireRole(viewer, roles.admin);
  const page = parsePage(paging.offset, paging.limit, 20);
  const text = filterText(filter.search);
  const query = () => {
    const qb = db
      .getRepository(User)
      .createQueryBuilder('u')
      .where(filter.closed ? 'u."deletedAt" IS NOT NULL' : 'u."deletedAt" IS NULL');
    if (filter.role) qb.andWhere('u.role = :role', { role: filter.role });
    // A typed mobile number (any usual form, Bangla digits too) finds the account with that number.
    const phone = text ? normalizeBangladeshMobile(text) : null;
    if (phone) qb.andWhere('(u.name ILIKE :text OR u.email ILIKE :text OR u.phone = :phone)', { text: `%${escapeLike(text!)}%`, phone });
    else if (text) qb.andWhere('(u.name ILIKE :text OR u.email ILIKE :text)', { text: `%${escapeLike(text)}%` });
    return qb;
  };
  return fetchPage(
    page,
    () => query().orderBy('u.createdAt', 'DESC').addOrderBy('u.id', 'ASC').offset(page.offset).limit(page.limit).getMany(),
    () => query().getCount(),
  );
}

/** Role changes happen one at a time, so two admins cannot remove each other and leave none. */
async function withRoleLock<T>(db: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  return db.transaction(async (manager) => {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('user-roles'))`);
    return work(manager);
  });
}

/** Promotes a user to admin, remembering their role to restore if the admin role is removed. */
export async function makeAdmin(db: DataSource, viewer: Viewer, key: AccountKey, address: string): Promise<{ user: User; changed: boolean }> {
  requireRole(viewer, roles.admin);
  return withRoleLock(db, async (manager) => {
    const user = await accountByKey(manager, key, 'open');
    if (user.role === Role.ADMIN) return { user, changed: false };
    await manager.getRepository(User).update(user.id, { role: Role.ADMIN, previousRole: user.role });
    await recordAudit(manager, {
      viewer,
      address,
      action: AuditAction.MAKE_ADMIN,
      targetType: AuditTarget.USER,
      targetId: user.id,
      detail: { ...accountNamed(user), previousRole: user.role },
    });
    return { user: await manager.getRepository(User).findOneByOrFail({ id: user.id }), changed: true };
  });
}

/** Takes the admin role away, back to the role the user had; never the last admin, never oneself. */
export async function removeAdmin(db: DataSource, viewer: Viewer, key: AccountKey, address: string): Promise<User> {
  requireRole(viewer, roles.admin);
  return withRoleLock(db, async (manager) => {
    const users = manager.getRepository(User);
    const user = await accountByKey(manager, key, 'open');
    if (user.id === viewer.id) throw new AppError('FORBIDDEN', NOT_OWN_ADMIN_ROLE);
    if (user.role !== Role.ADMIN) throw new AppError('CONFLICT', 'This user is not an admin');
    if ((await users.countBy({ role: Role.ADMIN, deletedAt: IsNull() })) <= 1) throw new AppError('CONFLICT', LAST_ADMIN);
    const role = user.previousRole ?? Role.STUDENT;
    await users.update(user.id, { role, previousRole: null });
    await recordAudit(manager, {
      viewer,
      address,
      action: AuditAction.REMOVE_ADMIN,
      targetType: AuditTarget.USER,
      targetId: user.id,
      detail: { ...accountNamed(user), newRole: role },
    });
    return users.findOneByOrFail({ id: user.id });
  });
}

/** Closes an account: sign-in is refused from now on, its history (enrollments, payments) stays. */
export async function deleteUser(db: DataSource, viewer: Viewer, key: AccountKey, address: string): Promise<User> {
  requireRole(viewer, roles.admin);
  return withRoleLock(db, async (manager) => {
    const users = manager.getRepository(User);
    const user = await accountByKey(manager, key, 'open');
    if (user.id === viewer.id) throw new AppError('FORBIDDEN', 'You cannot close your own account here');
    if (user.role === Role.ADMIN && (await users.countBy({ role: Role.ADMIN, deletedAt: IsNull() })) <= 1) throw new AppError('CONFLICT', LAST_ADMIN);
    await users.update(user.id, { deletedAt: new Date() });
    await endAllSessions(manager, user.id);
    await recordAudit(manager, {
      viewer,
      address,
      action: AuditAction.CLOSE_ACCOUNT,
      targetType: AuditTarget.USER,
      targetId: user.id,
      detail: { ...accountNamed(user), role: user.role },
    });
    return users.findOneByOrFail({ id: user.id });
  });
}

/** Reopens a closed account: its owner can sign in again (with their password, or their number and a code). */
export async function reopenAccount(db: DataSource, viewer: Viewer, key: AccountKey, address: string): Promise<User> {
  requireRole(viewer, roles.admin);
  const users = db.getRepository(User);
  const user = await accountByKey(db, key, 'any');
  if (!user.deletedAt) throw new AppError('CONFLICT', 'This account is not closed');
  await db.transaction(async (manager) => {
    await manager.getRepository(User).update(user.id, { deletedAt: null });
    await recordAudit(manager, {
      viewer,
      address,
      action: AuditAction.REOPEN_ACCOUNT,
      targetType: AuditTarget.USER,
      targetId: user.id,
      detail: accountNamed(user),
    });
  });
  return users.findOneByOrFail({ id: user.id });
}
