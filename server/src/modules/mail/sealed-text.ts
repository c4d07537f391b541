import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * The text of an SMS that carries a sign-in code, while it waits in the outbox for the gateway:
 * AES-256-GCM with a key derived from JWT_SECRET, so whoever reads the outbox table (a backup, a
 * support query) reads no code. It is opened only to hand the SMS over; once sent, the outbox keeps
 * no body at all.
 */
const PREFIX = 'sealed:v1:';

export function outboxSealKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('shikhon outbox sealed text v1').digest();
}

export function sealText(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
}

/** The text inside a sealed one; any other text as it is (written before sealing, or by another path). */
export function openText(key: Buffer, text: string): string {
  if (!text.startsWith(PREFIX)) return text;
  const raw = Buffer.from(text.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
