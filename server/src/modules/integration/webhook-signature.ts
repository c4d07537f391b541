import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/** The header every delivery carries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (Stripe's scheme). */
export const SIGNATURE_HEADER = 'Shikhon-Signature';

/** The header every delivery carries so receivers can tell a retry from a new event. */
export const EVENT_ID_HEADER = 'Shikhon-Event-Id';
export const EVENT_TYPE_HEADER = 'Shikhon-Event-Type';
/** One per endpoint and sending: a resend is a new delivery of the same event. */
export const DELIVERY_ID_HEADER = 'Shikhon-Delivery-Id';

/** How long the secret before a rotation keeps signing beside the new one. */
export const PREVIOUS_SECRET_HOURS = 24;

/** `t=…,v1=…`, with one `v1` per secret (the current first; the one before a rotation while it lasts). */
export function signatureHeader(secrets: string | string[], body: string, unixSeconds: number): string {
  const signatures = [secrets].flat().map((secret) => `v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`);
  return [`t=${unixSeconds}`, ...signatures].join(',');
}

/** A new endpoint secret: whsec_ and 32 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** The key that encrypts endpoint secrets at rest, derived from JWT_SECRET (never stored). */
export const webhookSecretKey = (jwtSecret: string) => createHmac('sha256', jwtSecret).update('shikhon webhook endpoint secrets v1').digest();

export function encryptSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join(':');
}

export function decryptSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, sealed] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('Unknown webhook secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}
