import type { DataSource, EntityManager } from 'typeorm';
import { fetchPage, parsePage, type Page } from '../../shared/paging';
import type { Viewer } from '../../kernel/viewer';
import { AuditEntry, type AuditAction, type AuditDetail, type AuditTarget } from './audit.entity';
import { requireRole, roles } from '../auth/guards';

export interface AuditRecord {
  /** Who acted: a person, or an API key (its id and how it is named). */
  viewer: Pick<Viewer, 'id' | 'email'>;
  /** The client address the request came from (`req.ip`). */
  address: string;
  action: AuditAction;
  targetType: AuditTarget;
  targetId: string;
  /** A few facts worth keeping (names, amounts, roles); never passwords, tokens or card data. */
  detail?: AuditDetail;
}

/**
 * Writes one audit row with `manager`: give the manager of the action's own transaction, so an
 * action that fails leaves no row and a row is never missing for an action that happened.
 */
export async function recordAudit(manager: EntityManager, record: AuditRecord): Promise<void> {
  await manager.getRepository(AuditEntry).insert({
    actorId: record.viewer.id,
    actorEmail: record.viewer.email,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    detail: record.detail ?? {},
    address: record.address,
  });
}

/** The audit log for admins, newest first, optionally of one kind of action. */
export async function listAudit(
  db: DataSource,
  viewer: Viewer,
  action: AuditAction | null | undefined,
  paging: { offset?: number; limit?: number },
): Promise<Page<AuditEntry>> {
  requireRole(viewer, roles.admin, 'Only admins can read the audit log');
  const page = parsePage(paging.offset, paging.limit, 20);
  const query = () => {
    const qb = db.getRepository(AuditEntry).createQueryBuilder('a');
    if (action) qb.where('a.action = :action', { action });
    return qb;
  };
  return fetchPage(
    page,
    () => query().orderBy('a.createdAt', 'DESC').addOrderBy('a.id', 'DESC').offset(page.offset).limit(page.limit).getMany(),
    () => query().getCount(),
  );
}
