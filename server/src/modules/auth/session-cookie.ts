import type { Request, Response } from 'express';
import { REFRESH_TOKEN_TTL_DAYS } from './session.service';

export const REFRESH_COOKIE = 'shikhon_refresh';

/** The refresh token's cookie: httpOnly, SameSite=Strict, only sent to /graphql. */
export interface SessionCookie {
  read(): string | undefined;
  write(value: string): void;
  clear(): void;
  /**
   * The request comes from a page of another site listed in CORS_ORIGINS. A browser never sends
   * such a page's requests the SameSite=Strict cookie, so its refresh token travels in the answer
   * and comes back as an argument instead (never ambient, so no cross-site request can use it).
   */
  crossSite: boolean;
}

export function sessionCookie(req: Request, res: Response, secure: boolean, listedOrigins: readonly string[] = []): SessionCookie {
  const options = { httpOnly: true, sameSite: 'strict' as const, secure, path: '/graphql' };
  const origin = req.headers.origin;
  return {
    crossSite: typeof origin === 'string' && listedOrigins.includes(origin),
    read: () => (req.cookies as Record<string, string> | undefined)?.[REFRESH_COOKIE],
    write: (value) => res.cookie(REFRESH_COOKIE, value, { ...options, maxAge: REFRESH_TOKEN_TTL_DAYS * 24 * 3600 * 1000 }),
    clear: () => res.clearCookie(REFRESH_COOKIE, options),
  };
}

/** For work that runs outside an HTTP request: there is no cookie to read or write. */
export const noSessionCookie: SessionCookie = { read: () => undefined, write: () => undefined, clear: () => undefined, crossSite: false };
