import { textTooLong } from './errors';
import { validationMessages as m } from './validation-messages';

/** The longest text any input may carry (a blog post's body); every field's own limit is at most this. */
export const MAX_TEXT_LENGTH = 10_000;
/** The longest address accepted for a picture, a video or any other link. */
export const MAX_URL_LENGTH = 2048;
/** The longest filter text of the admin and instructor lists. */
export const MAX_FILTER_LENGTH = 100;

/** Escapes the LIKE wildcards of a visitor's text, so `%` and `_` match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => '\\' + c);
}

/** The message for a text over its limit. Null when fine. */
export function checkLength(value: string, max: number, label: string): string | null {
  return value.length > max ? m.atMost(label, max) : null;
}

/** A list filter typed by a person: trimmed, at most MAX_FILTER_LENGTH characters. */
export function filterText(value: string | null | undefined): string | undefined {
  const text = value?.trim();
  const problem = text ? checkLength(text, MAX_FILTER_LENGTH, 'Search') : null;
  if (problem) throw textTooLong(problem, 'search', MAX_FILTER_LENGTH);
  return text || undefined;
}

/**
 * A link the product may show (a picture, a video): a path on this site, or an http(s) address,
 * at most MAX_URL_LENGTH characters. Null when fine.
 */
export function checkWebAddress(value: string, label: string): string | null {
  const tooLong = checkLength(value, MAX_URL_LENGTH, label);
  if (tooLong) return tooLong;
  if (value.startsWith('/') && !value.startsWith('//')) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return m.startsWithHttps(label);
    return url.hostname ? null : m.webAddress(label);
  } catch {
    return m.webAddress(label);
  }
}
