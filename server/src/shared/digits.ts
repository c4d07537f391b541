/**
 * Numbers a person types may come in Bangla digits (০১২৩৪৫৬৭৮৯, what Avro and Ridmik type by default)
 * or in Arabic-Indic ones; the product reads them all as the same number. Every typed number, code and
 * phone goes through here, from GraphQL and REST alike (see `Normalize` in validation.ts).
 */

const BANGLA_ZERO = 0x09e6;
const ZEROS = [BANGLA_ZERO, 0x0660 /* Arabic-Indic */, 0x06f0 /* Extended Arabic-Indic */, 0x0966 /* Devanagari */];
const OTHER_DIGIT = /[\u09e6-\u09ef\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]/g;

/** The same text with every Bangla (or other Indic/Arabic) digit written as 0-9; nothing else changes. */
export function latinDigits(text: string): string {
  return text.replace(OTHER_DIGIT, (digit) => {
    const code = digit.codePointAt(0)!;
    const zero = ZEROS.find((start) => code >= start && code <= start + 9)!;
    return String(code - zero);
  });
}

/**
 * Bangla digits only (০-৯) written as 0-9, every other character as it is: how search and the import
 * of the old platform's data read numbers (search's SQL `search_text` reads the same digits).
 */
export function banglaDigitsAsLatin(text: string): string {
  return text.replace(/[০-৯]/g, (digit) => String(digit.codePointAt(0)! - BANGLA_ZERO));
}

/** 0-9 written as Bangla digits (০-৯), for a Bangla reader; every other character as it is. */
export function banglaDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCodePoint(BANGLA_ZERO + Number(digit)));
}

/** A value as typed: text gets Latin digits, anything else is left as it is. */
export function typedDigits<T>(value: T): T {
  return (typeof value === 'string' ? latinDigits(value) : value) as T;
}

/**
 * A whole number typed as text ("১২", " 12 "), or given as a number: the number; anything else
 * (letters, fractions, blank) NaN, so the caller's range check refuses it.
 */
export function wholeNumberOf(value: unknown, maxDigits = 9): number {
  if (typeof value === 'number') return Number.isInteger(value) ? value : NaN;
  if (typeof value !== 'string') return NaN;
  const text = latinDigits(value).trim();
  return new RegExp(`^\\d{1,${maxDigits}}$`).test(text) ? Number(text) : NaN;
}

/** A decimal number given as a number or typed as text ("১২.৫০"); NaN when it is not one. */
export function decimalOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return NaN;
  const text = latinDigits(value).trim();
  return /^\d{1,9}(\.\d{1,6})?$/.test(text) ? Number(text) : NaN;
}
