import crypto from 'node:crypto';

const md5 = (text: string) => crypto.createHash('md5').update(text, 'utf8').digest('hex');

/**
 * SSLCommerz's signature of a notification (IPN and the buyer's return): the fields named in
 * `verify_key`, plus `store_passwd` as the MD5 of the store password, sorted by name and joined
 * as `name=value&…`, then MD5. Answers the `verify_sign` for `fields`.
 */
export function signNotification(fields: Record<string, string>, keys: string[], storePassword: string): string {
  const signed: Record<string, string> = { store_passwd: md5(storePassword) };
  for (const key of keys) signed[key] = fields[key] ?? '';
  const text = Object.keys(signed)
    .sort()
    .map((key) => `${key}=${signed[key]}`)
    .join('&');
  return md5(text);
}

/** Whether a notification carries a valid signature for this store. */
export function hasValidSignature(fields: Record<string, string>, storePassword: string): boolean {
  const keys = (fields.verify_key ?? '').split(',').filter(Boolean);
  const given = fields.verify_sign ?? '';
  if (keys.length === 0 || !/^[0-9a-f]{32}$/.test(given)) return false;
  const expected = signNotification(fields, keys, storePassword);
  return crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}
