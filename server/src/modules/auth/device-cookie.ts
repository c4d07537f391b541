import crypto from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser where an
 * account signed in before carries a signed note of it, and a correct password from that browser is
 * always accepted, whatever strangers tried against the account elsewhere.
 *
 * The cookie holds up to MAX_ACCOUNTS entries `<userId>.<nonce>.<signature>` separated by `~` (a family
 * or a school lab shares a browser); the signature is an HMAC of the user id and nonce with a key
 * derived from JWT_SECRET, so a cookie cannot be made up or moved to another account.
 */
export const DEVICE_COOKIE = 'shikhon_device';
export const DEVICE_COOKIE_DAYS = 365;
const MAX_ACCOUNTS = 5;

export interface KnownDevice {
  /** The entry's random part: failures from this browser are counted under it. */
  nonce: string;
}

export function deviceCookieKey(jwtSecret: string): Buffer {
  return crypto.createHmac('sha256', jwtSecret).update('shikhon device cookie v1').digest();
}

const signatureOf = (key: Buffer, userId: string, nonce: string) => crypto.createHmac('sha256', key).update(`${userId}.${nonce}`).digest('base64url');

function entries(value: string | undefined): string[] {
  if (!value || value.length > 2000) return [];
  return value.split('~').slice(0, MAX_ACCOUNTS);
}

/** The entry of `value` that is a valid signed note for `userId`, if any. */
export function knownDevice(key: Buffer, value: string | undefined, userId: string): KnownDevice | null {
  for (const entry of entries(value)) {
    const [id, nonce, signature] = entry.split('.');
    if (id !== userId || !nonce || !signature) continue;
    const expected = Buffer.from(signatureOf(key, id, nonce));
    const given = Buffer.from(signature);
    if (expected.length === given.length && crypto.timingSafeEqual(expected, given)) return { nonce };
  }
  return null;
}

/** The cookie's new value after `userId` signed in: its entry first (kept if valid, else new), at most MAX_ACCOUNTS. */
export function rememberDevice(key: Buffer, value: string | undefined, userId: string): string {
  const existing = knownDevice(key, value, userId);
  const nonce = existing?.nonce ?? crypto.randomBytes(16).toString('base64url');
  const mine = `${userId}.${nonce}.${signatureOf(key, userId, nonce)}`;
  const others = entries(value).filter((entry) => !entry.startsWith(`${userId}.`));
  return [mine, ...others].slice(0, MAX_ACCOUNTS).join('~');
}

/** The device cookie of one request: httpOnly, SameSite=Strict, only sent to /graphql, kept a year. */
export interface DeviceCookie {
  read(): string | undefined;
  /** Notes that `userId` signed in from this browser. */
  remember(userId: string): void;
}

export function deviceCookie(req: Request, res: Response, key: Buffer, secure: boolean): DeviceCookie {
  const read = () => (req.cookies as Record<string, string> | undefined)?.[DEVICE_COOKIE];
  return {
    read,
    remember: (userId) =>
      res.cookie(DEVICE_COOKIE, rememberDevice(key, read(), userId), {
        httpOnly: true,
        sameSite: 'strict',
        secure,
        path: '/graphql',
        maxAge: DEVICE_COOKIE_DAYS * 24 * 3600 * 1000,
      }),
  };
}

/** For work that runs outside an HTTP request. */
export const noDeviceCookie: DeviceCookie = { read: () => undefined, remember: () => undefined };
