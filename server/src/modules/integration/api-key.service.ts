import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { AppError, badInput, notFound, textTooLong } from '../../shared/errors';
import { sha256 } from '../../shared/hashing';
import { hitRateLimit, type Limit } from '../../shared/rate-limit';
import { isUuid } from '../../shared/validation';
import { AuditAction, AuditTarget } from '../audit/audit.entity';
import { recordAudit } from '../audit/audit.service';
import { isAdmin, NOT_ALLOWED, requireRole, requireViewer, roles, SIGN_IN_REQUIRED } from '../auth/guards';
import type { Viewer } from '../../kernel/viewer';
import { ApiKey, SCOPES_BY_ROLE, type ApiScope, type ApiKeyCaller, type ApiKeyWithSecret } from './api-key.entity';
import { toViewer } from '../../kernel/viewer';
import type { Role } from '../../kernel/role';

export const API_KEY_PREFIX = 'shk_';
export const MAX_API_KEY_NAME_LENGTH = 100;
export const API_KEY_NOT_FOUND = 'API key not found';
export const API_KEY_REFUSED = 'This API key is unknown or has been revoked.';
export const OUT_OF_SCOPE = (scope: ApiScope) => `This API key may not do this: it needs the ${scope} scope.`;
/** Requests per key and minute, counted in PostgreSQL so every server copy shares the count. */
export const apiKeyLimit: Limit = { name: 'api-key', max: 600, windowSeconds: 60 };

/** How an API key stands in audit rows (it has no email of its own). */
export const apiKeyActor = (key: ApiKeyCaller) => ({ id: key.id, email: `API key ${key.name} (${key.prefix}…)` });

export const ONLY_STAFF_MAKE_KEYS = 'Only admins and instructors can make API keys';
/** An instructor asked for a scope of admins' (payments, every enrollment, enrolling students). */
export const scopeNotYours = (allowed: readonly ApiScope[]) => `Your API keys may have only these scopes: ${allowed.join(', ')}.`;

/**
 * Makes a key with a name and scopes, owned by the viewer; the secret is in the answer only, its
 * SHA-256 in the database. Admins may give any scope; an instructor only those of SCOPES_BY_ROLE
 * (their own courses, students and tests, and the public catalogue).
 */
export async function createApiKey(db: DataSource, viewer: Viewer, name: string, scopes: ApiScope[], address: string): Promise<ApiKeyWithSecret> {
  requireRole(viewer, roles.staff, ONLY_STAFF_MAKE_KEYS);
  const trimmed = name.trim();
  if (trimmed.length === 0) throw badInput('Name is required', { field: 'name' });
  if (trimmed.length > MAX_API_KEY_NAME_LENGTH)
    throw textTooLong(`Name must be at most ${MAX_API_KEY_NAME_LENGTH} characters`, 'name', MAX_API_KEY_NAME_LENGTH);
  const unique = [...new Set(scopes)];
  if (unique.length === 0) throw badInput('Choose at least one scope', { field: 'scopes' });
  const allowed = SCOPES_BY_ROLE[viewer.role];
  if (unique.some((scope) => !allowed.includes(scope))) throw new AppError('FORBIDDEN', scopeNotYours(allowed));
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const apiKey = await db.transaction(async (manager) => {
    const saved = await manager.getRepository(ApiKey).save(
      manager.getRepository(ApiKey).create({
        name: trimmed,
        prefix: secret.slice(0, API_KEY_PREFIX.length + 8),
        secretHash: sha256(secret),
        scopes: unique,
        createdById: viewer.id,
        lastUsedAt: null,
        revokedAt: null,
      }),
    );
    await recordAudit(manager, {
      viewer,
      address,
      action: AuditAction.CREATE_API_KEY,
      targetType: AuditTarget.API_KEY,
      targetId: saved.id,
      detail: { name: saved.name, prefix: saved.prefix, scopes: unique },
    });
    return saved;
  });
  return { apiKey, secret };
}

/** The keys the viewer may see, newest first (revoked ones too): an admin every key, an instructor their own. */
export function listApiKeys(db: DataSource, viewer: Viewer): Promise<ApiKey[]> {
  requireRole(viewer, roles.staff, 'Only admins and instructors can see API keys');
  return db.getRepository(ApiKey).find({ where: isAdmin(viewer) ? {} : { createdById: viewer.id }, order: { createdAt: 'DESC', id: 'ASC' } });
}

/** Revokes a key (an admin any key, an instructor their own): from now on it is refused. Revoking twice changes nothing more. */
export async function revokeApiKey(db: DataSource, viewer: Viewer, id: string, address: string): Promise<ApiKey> {
  requireRole(viewer, roles.staff, 'Only admins and instructors can revoke API keys');
  if (!isUuid(id)) throw notFound(API_KEY_NOT_FOUND, 'API_KEY_NOT_FOUND');
  return db.transaction(async (manager) => {
    const key = await manager.getRepository(ApiKey).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    // Another instructor's key is not there for this one.
    if (!key || (!isAdmin(viewer) && key.createdById !== viewer.id)) throw notFound(API_KEY_NOT_FOUND, 'API_KEY_NOT_FOUND');
    if (key.revokedAt) return key;
    key.revokedAt = new Date();
    await manager.getRepository(ApiKey).update({ id }, { revokedAt: key.revokedAt });
    await recordAudit(manager, {
      viewer,
      address,
      action: AuditAction.REVOKE_API_KEY,
      targetType: AuditTarget.API_KEY,
      targetId: key.id,
      detail: { name: key.name, prefix: key.prefix },
    });
    return key;
  });
}

export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

/**
 * The key behind a bearer secret, with its owner as the account is now: refused (401) when unknown
 * or revoked or when its owner's account is closed, 429 past its rate limit. It keeps only the
 * scopes its owner's role still allows (an admin made instructor keeps an instructor's). Its last
 * use is kept to the minute, so a busy key does not write on every request.
 */
export async function authenticateApiKey(db: DataSource, secret: string): Promise<ApiKeyCaller> {
  const [key] = await db.query<
    Array<Pick<ApiKey, 'id' | 'name' | 'prefix' | 'scopes'> & { ownerId: string; role: Role; ownerName: string; email: string | null; phone: string | null }>
  >(
    `SELECT k."id", k."name", k."prefix", k."scopes", u."id" AS "ownerId", u."role", u."name" AS "ownerName", u."email", u."phone"
       FROM "api_key" k JOIN "user" u ON u."id" = k."createdById" AND u."deletedAt" IS NULL
      WHERE k."secretHash" = $1 AND k."revokedAt" IS NULL`,
    [sha256(secret)],
  );
  if (!key) throw new AppError('UNAUTHENTICATED', API_KEY_REFUSED);
  await hitRateLimit(db, apiKeyLimit, key.id);
  await db.query(`UPDATE "api_key" SET "lastUsedAt" = now() WHERE "id" = $1 AND ("lastUsedAt" IS NULL OR "lastUsedAt" < now() - interval '1 minute')`, [
    key.id,
  ]);
  const owner = toViewer({ id: key.ownerId, role: key.role, name: key.ownerName, email: key.email, phone: key.phone });
  return { id: key.id, name: key.name, prefix: key.prefix, scopes: key.scopes.filter((scope) => SCOPES_BY_ROLE[owner.role].includes(scope)), owner };
}

/** Who calls: a signed-in person, an API key, or nobody. */
export interface Caller {
  viewer: Viewer | null;
  apiKey?: ApiKeyCaller | null;
}

/** An admin, or an API key with `scope`; anyone else is refused (401 for nobody, 403 otherwise). */
export function requireAdminOrScope(caller: Caller, scope: ApiScope, message = NOT_ALLOWED): void {
  if (caller.apiKey) return requireScope(caller.apiKey, scope);
  if (!caller.viewer) throw new AppError('UNAUTHENTICATED', SIGN_IN_REQUIRED);
  requireRole(caller.viewer, roles.admin, message);
}

/** Refuses (403) a key without `scope`. */
export function requireScope(key: ApiKeyCaller, scope: ApiScope): void {
  if (!key.scopes.includes(scope)) throw new AppError('FORBIDDEN', OUT_OF_SCOPE(scope));
}

/**
 * Whose data a read reaches: the signed-in person's, or for an API key with `scope`, its owner's
 * (an instructor's key reads that instructor's courses and students, never another's; an admin's
 * key every course's). The services then check the role and ownership as for the person.
 */
export function readerOf(caller: Caller, scope: ApiScope): Viewer {
  if (caller.apiKey) {
    requireScope(caller.apiKey, scope);
    return caller.apiKey.owner;
  }
  return requireViewer(caller);
}
