import crypto from 'node:crypto';

/** Tokens we hand out (refresh, password reset) are kept only as their SHA-256. */
export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

export const sameHash = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const randomToken = () => crypto.randomBytes(32).toString('base64url');
