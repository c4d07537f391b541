import crypto from 'node:crypto';
import { IsNull, type DataSource, type EntityManager, type Repository } from 'typeorm';
import { AppError } from '../../shared/errors';
import { randomToken, sameHash, sha256 } from '../../shared/hashing';
import { User } from '../user/user.entity';
import { signAccessToken } from './access-token';
import { RefreshToken } from './refresh-token.entity';

export const REFRESH_TOKEN_TTL_DAYS = 30;
/** Two tabs refreshing at once present the same token; the later one within this window is not theft. */
const CONCURRENT_REFRESH_GRACE_MS = 30_000;

export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

export interface IssuedSession {
  accessToken: string;
  /** The new refresh cookie value, or null when the current cookie stays. */
  refreshToken: string | null;
  user: User;
}

async function createRefreshToken(tokens: Repository<RefreshToken>, userId: string, familyId: string): Promise<{ row: RefreshToken; value: string }> {
  const secret = randomToken();
  const row = await tokens.save({
    userId,
    familyId,
    secretHash: sha256(secret),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 24 * 3600 * 1000),
    revokedAt: null,
    replacedBy: null,
  });
  return { row, value: `${row.id}.${secret}` };
}

/** A new sign-in: an access token and the first refresh token of a new family. */
export async function startSession(db: DataSource, jwtSecret: string, user: User): Promise<IssuedSession> {
  const { value } = await createRefreshToken(db.getRepository(RefreshToken), user.id, crypto.randomUUID());
  return { accessToken: signAccessToken(jwtSecret, { sub: user.id, role: user.role, sv: user.sessionVersion }), refreshToken: value, user };
}

function parseCookieValue(value: string): { id: string; secret: string } | null {
  const [id, secret] = value.split('.');
  if (!id || !secret || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  return { id, secret };
}

/**
 * Trades a refresh token for a new access token and a new refresh token. A token that was
 * already replaced is a stolen copy: its whole family is revoked and the caller must sign in.
 */
export async function refreshSession(db: DataSource, jwtSecret: string, cookieValue: string): Promise<IssuedSession> {
  const parsed = parseCookieValue(cookieValue);
  if (!parsed) throw new AppError('UNAUTHENTICATED', SESSION_ENDED);
  const outcome = await db.transaction(async (manager): Promise<IssuedSession | 'reused'> => {
    const tokens = manager.getRepository(RefreshToken);
    const token = await tokens.findOne({ where: { id: parsed.id }, lock: { mode: 'pessimistic_write' } });
    const valid = token && sameHash(token.secretHash, sha256(parsed.secret));
    if (!token || !valid || token.expiresAt.getTime() <= Date.now()) throw new AppError('UNAUTHENTICATED', SESSION_ENDED);
    const user = await manager.getRepository(User).findOne({ where: { id: token.userId, deletedAt: IsNull() } });
    if (!user) throw new AppError('UNAUTHENTICATED', SESSION_ENDED);
    const accessToken = signAccessToken(jwtSecret, { sub: user.id, role: user.role, sv: user.sessionVersion });

    if (token.revokedAt) {
      const recentlyReplaced = token.replacedBy !== null && Date.now() - token.revokedAt.getTime() < CONCURRENT_REFRESH_GRACE_MS;
      // The grace is for a family still signed in: after logout (or a reset) no token of it revives.
      if (recentlyReplaced && (await tokens.existsBy({ familyId: token.familyId, revokedAt: IsNull() }))) {
        return { accessToken, refreshToken: null, user };
      }
      // A replaced token presented again: someone kept a copy. The whole family goes.
      await tokens.update({ familyId: token.familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
      return 'reused';
    }

    const next = await createRefreshToken(tokens, user.id, token.familyId);
    await tokens.update(token.id, { revokedAt: new Date(), replacedBy: next.row.id });
    return { accessToken, refreshToken: next.value, user };
  });
  if (outcome === 'reused') throw new AppError('UNAUTHENTICATED', SESSION_ENDED);
  return outcome;
}

/** Access tokens signed before this stop working; other signed-in browsers get new ones from their refresh cookie. */
export async function endAccessTokens(manager: EntityManager, userId: string): Promise<void> {
  await manager.getRepository(User).increment({ id: userId }, 'sessionVersion', 1);
}

/** Ends the sign-in the cookie belongs to (its whole family), and the access tokens already handed out. */
export async function endSession(db: DataSource, cookieValue: string | undefined, viewerId: string | null): Promise<void> {
  const parsed = cookieValue ? parseCookieValue(cookieValue) : null;
  const token = parsed ? await db.getRepository(RefreshToken).findOneBy({ id: parsed.id }) : null;
  const owned = token !== null && sameHash(token.secretHash, sha256(parsed!.secret));
  await db.transaction(async (manager) => {
    if (owned) await manager.getRepository(RefreshToken).update({ familyId: token.familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
    const userId = owned ? token.userId : viewerId;
    if (userId) await endAccessTokens(manager, userId);
  });
}

/** Ends every sign-in of a person, e.g. after a password reset. */
export async function endAllSessions(manager: EntityManager, userId: string): Promise<void> {
  await manager.getRepository(RefreshToken).update({ userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  await endAccessTokens(manager, userId);
}
