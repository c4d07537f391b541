import { optional, type Source } from './setting-readers';

/** Parses WEBHOOK_ALLOWED_TARGETS entries (`host:port`, `[::1]:port`) into the keys `targetKey` gives; null for a malformed one. */
export function allowedTargetKey(entry: string): string | null {
  if (!/^(\[[0-9a-fA-F:.]+\]|[^\s/:@[\]]+):\d{1,5}$/.test(entry)) return null;
  let url: URL;
  try {
    url = new URL(`http://${entry}`);
  } catch {
    return null;
  }
  // An explicit :80 disappears in the URL; it is still port 80.
  return `${url.hostname.toLowerCase().replace(/\.$/, '')}:${url.port || '80'}`;
}

/** WEBHOOK_ALLOWED_TARGETS: `host:port`, comma-separated (`[::1]:8080` for IPv6). */
export function parseAllowedTargets(src: Source, problems: string[]): string[] {
  const raw = optional(src, 'WEBHOOK_ALLOWED_TARGETS');
  if (raw === undefined) return [];
  const keys: string[] = [];
  for (const item of raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const key = allowedTargetKey(item);
    if (key === null) problems.push(`WEBHOOK_ALLOWED_TARGETS must list host:port pairs such as 127.0.0.1:8080, separated by commas (got "${item}")`);
    else if (!keys.includes(key)) keys.push(key);
  }
  return keys;
}
