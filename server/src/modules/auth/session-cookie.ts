import type { Request, Response } from 'express';
import { REFRESH_TOKEN_TTL_DAYS } from './session.service';

export const REFRESH_COOKIE = 'shikhon_refresh';

/** The refresh token's cookie: httpOnly, SameSite=Strict, only sent to /graphql. */
export interface SessionCookie {
  read(): string | undefined;
  write(value: string): void;
  clear(): void;
}

export function sessionCookie(req: Request, res: Response, secure: boolean): SessionCookie {
  const options = { httpOnly: true, sameSite: 'strict' as const, secure, path: '/graphql' };
  return {
    read: () => (req.cookies as Record<string, string> | undefined)?.[REFRESH_COOKIE],
    write: (value) => res.cookie(REFRESH_COOKIE, value, { ...options, maxAge: REFRESH_TOKEN_TTL_DAYS * 24 * 3600 * 1000 }),
    clear: () => res.clearCookie(REFRESH_COOKIE, options),
  };
}

/** For work that runs outside an HTTP request: there is no cookie to read or write. */
export const noSessionCookie: SessionCookie = { read: () => undefined, write: () => undefined, clear: () => undefined };
