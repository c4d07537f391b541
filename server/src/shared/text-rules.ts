/** Escapes the LIKE wildcards of a visitor's text, so `%` and `_` match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => '\\' + c);
}

/** A link the product may show: a path on this site, or an http(s) address. Null when fine. */
export function checkWebAddress(value: string, label: string): string | null {
  if (value.startsWith('/') && !value.startsWith('//')) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : `${label} must start with https://`;
  } catch {
    return `${label} must be a web address`;
  }
}
