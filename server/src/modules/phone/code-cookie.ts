import { createHmac, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { CODE_TTL_MINUTES, STALE_CODE_MINUTES } from './code-delivery';

/**
 * The browser a sign-in code belongs to. `requestSignInCode` gives the browser a random token in an
 * httpOnly cookie (kept while a code can still arrive and work) and the code row keeps a keyed hash of
 * it; `signInWithCode` tries only a code of the browser that sends the token. A stranger who knows the
 * number but not the token never reaches the owner's code: their guesses cannot use it up or end it.
 */
export const CODE_COOKIE = 'shikhon_code';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface CodeCookie {
  /** The browser's token, if it sent a well-formed one. */
  read(): string | undefined;
  /** Gives the browser its token (again, for the code's whole life). */
  write(token: string): void;
}

/** The token of this browser, or a new one; written back either way. */
export function browserToken(cookie: CodeCookie): string {
  const token = cookie.read() ?? randomBytes(32).toString('base64url');
  cookie.write(token);
  return token;
}

/** What the code row keeps of a token: a keyed hash, so the table alone gives no cookie away. */
export function browserHash(jwtSecret: string, token: string): string {
  const key = createHmac('sha256', jwtSecret).update('shikhon sms code browser v1').digest();
  return createHmac('sha256', key).update(token).digest('hex');
}

/**
 * httpOnly, SameSite=Strict, only sent to /graphql (or to `path`: the phone form that works without
 * scripts, server/src/http/page-forms.ts, has its own), kept as long as a code can still be sent and used.
 */
export function codeCookie(req: Request, res: Response, secure: boolean, path = '/graphql'): CodeCookie {
  return {
    read: () => {
      const value = (req.cookies as Record<string, string> | undefined)?.[CODE_COOKIE];
      return value && TOKEN.test(value) ? value : undefined;
    },
    write: (token) =>
      res.cookie(CODE_COOKIE, token, {
        httpOnly: true,
        sameSite: 'strict',
        secure,
        path,
        maxAge: (STALE_CODE_MINUTES + CODE_TTL_MINUTES + 5) * 60 * 1000,
      }),
  };
}

/** For calls outside an HTTP request: no browser, so no sign-in code can be tried. */
export const noCodeCookie: CodeCookie = { read: () => undefined, write: () => undefined };
