/**
 * Numbers a person types may come in Bangla digits (০-৯, what Avro and Ridmik type by default);
 * the forms read them as 0-9 before checking or sending them. The server does the same for every
 * text it receives (server/src/shared/digits.ts), so either side alone is enough.
 */
const OTHER_DIGIT = /[\u09e6-\u09ef\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]/g;
const ZEROS = [0x09e6, 0x0660, 0x06f0, 0x0966];

/** The same text with every Bangla (or Arabic-Indic, Devanagari) digit written as 0-9. */
export function latinDigits(text: string): string {
  return text.replace(OTHER_DIGIT, (digit) => {
    const code = digit.codePointAt(0)!;
    return String(code - ZEROS.find((zero) => code >= zero && code <= zero + 9)!);
  });
}

/** A number typed in either digits ("১২.৫", " 12 "); NaN for anything else, blank included. */
export function typedNumber(text: string): number {
  const latin = latinDigits(text).trim();
  return /^-?\d+(\.\d+)?$/.test(latin) ? Number(latin) : Number.NaN;
}

/** A number as a form shows it for editing: in Bangla digits on a Bangla page ("১.৫"), as typed back either way. */
export function localDigits(text: string, language: 'en' | 'bn'): string {
  return language === 'bn' ? text.replace(/[0-9]/g, (digit) => String.fromCodePoint(0x09e6 + Number(digit))) : text;
}
