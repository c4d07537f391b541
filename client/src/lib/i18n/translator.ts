// intl-messageformat's formatter itself, without its IntlMessageFormat class: the class adds a
// parser path, option merging and a memoizer that the page's first download does not need.
import { formatToParts, type Formats, type Formatters } from 'intl-messageformat/lib/src/formatters';
import type { Catalogue, MessageKey } from './catalogues';
import { localeOf, type Language } from './languages';

export type MessageValues = Record<string, string | number | boolean | null | undefined>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** Catalogues use plain placeholders, plurals, selects and `{n, number}`; no named styles such as `{n, number, percent}`. */
const NO_NAMED_FORMATS: Formats = { number: {}, date: {}, time: {} };

/** Intl's formatters, made once per kind, locale and options. */
function cachedFormatters(): Formatters {
  const cache = new Map<string, unknown>();
  const cached =
    <A extends unknown[], T>(kind: string, make: (...args: A) => T) =>
    (...args: A): T => {
      const id = kind + JSON.stringify(args);
      if (!cache.has(id)) cache.set(id, make(...args));
      return cache.get(id) as T;
    };
  return {
    getNumberFormat: cached('n', (locales?: string | string[], options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locales, options)),
    getDateTimeFormat: cached('d', (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args)),
    getPluralRules: cached('p', (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args)),
  };
}

/**
 * `t(key, values)` for one language: the catalogue's ICU message with its placeholders filled
 * (numbers in the language's digits, plurals by its rules). A key the catalogue lacks shows as the
 * key itself (the catalogue test keeps that from reaching a release).
 */
export function createTranslator(language: Language, catalogue: Catalogue): Translate {
  const locale = localeOf(language);
  const formatters = cachedFormatters();
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
