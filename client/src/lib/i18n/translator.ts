// intl-messageformat's formatter itself, without its IntlMessageFormat class: the class adds a
// parser path, option merging and a memoizer that the page's first download does not need.
import { formatToParts, type Formats, type Formatters } from 'intl-messageformat/lib/src/formatters';
import type { Catalogue, MessageKey } from './catalogues';
import { groupLikeBangladesh, plain } from '../format';
import { localDigits } from '../digits';
import { localeOf, type Language } from './languages';

export type MessageValues = Record<string, string | number | boolean | null | undefined>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** Catalogues use plain placeholders, plurals, selects and `{n, number}`; no named styles such as `{n, number, percent}`. */
const NO_NAMED_FORMATS: Formats = { number: {}, date: {}, time: {} };

/** Whole numbers as Intl writes them by default in each language ("1,234,567" / "১২,৩৪,৫৬৭"), and plurals by their rules. */
const byHand: Record<string, { integer: (digits: string) => string; plural: (n: number) => Intl.LDMLPluralRule }> = {
  en: { integer: (digits) => digits.replace(/\B(?=(\d{3})+$)/g, ','), plural: (n) => (n === 1 ? 'one' : 'other') },
  'bn-BD': { integer: (digits) => localDigits(groupLikeBangladesh(digits), 'bn'), plural: (n) => (n === 0 || n === 1 ? 'one' : 'other') },
};

/**
 * Intl's formatters, each made on its first use and then kept for every translator: making one
 * costs a slow phone tens of milliseconds. A plural of a whole number, and a whole number without
 * a style, in Bangla or English, need none: they are written by hand, as Intl writes them.
 */
const cache = new Map<string, unknown>();
const cached =
  <A extends unknown[], T>(kind: string, make: (...args: A) => T) =>
  (...args: A): T => {
    const id = kind + JSON.stringify(args);
    if (!cache.has(id)) cache.set(id, make(...args));
    return cache.get(id) as T;
  };
const intlNumberFormat = cached('n', (locales?: string | string[], options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locales, options));
const intlPluralRules = cached('p', (locales?: string | string[], options?: Intl.PluralRulesOptions) => new Intl.PluralRules(locales, options));
const wholeNumber = (value: number) => Number.isInteger(value) && plain(value);

const formatters: Formatters = {
  getNumberFormat: (locales?: string | string[], options?: Intl.NumberFormatOptions) => {
    const hand = typeof locales === 'string' && options === undefined ? byHand[locales] : undefined;
    if (!hand) return intlNumberFormat(locales, options);
    return {
      format: (value: number) => (wholeNumber(value) ? hand.integer(String(value)) : intlNumberFormat(locales, options).format(value)),
    } as Intl.NumberFormat;
  },
  getDateTimeFormat: cached('d', (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args)),
  getPluralRules: (locales?: string | string[], options?: Intl.PluralRulesOptions) => {
    const hand = typeof locales === 'string' && (options?.type ?? 'cardinal') === 'cardinal' ? byHand[locales] : undefined;
    if (!hand) return intlPluralRules(locales, options);
    return { select: (value: number) => (wholeNumber(value) ? hand.plural(value) : intlPluralRules(locales, options).select(value)) } as Intl.PluralRules;
  },
};

/**
 * `t(key, values)` for one language: the catalogue's ICU message with its placeholders filled
 * (numbers in the language's digits, plurals by its rules). A key the catalogue lacks shows as the
 * key itself (the catalogue test keeps that from reaching a release).
 */
export function createTranslator(language: Language, catalogue: Catalogue): Translate {
  const locale = localeOf(language);
  return (key, values) => {
    const message = catalogue[key];
    if (message === undefined) return key;
    // Plain text (no placeholders) is sent as a string by the build.
    if (typeof message === 'string') return message;
    return formatToParts(message, locale, formatters, NO_NAMED_FORMATS, values as Parameters<typeof formatToParts>[4], undefined, key)
      .map((part) => part.value)
      .join('');
  };
}
