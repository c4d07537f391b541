/** The languages the product speaks: Bangla and English. */
export const LANGUAGES = ['bn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** The cookie that keeps a browser's language choice (set by the switch or by `?lang=`). */
export const LANGUAGE_COOKIE = 'lang';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

export const isLanguage = (value: unknown): value is Language => value === 'bn' || value === 'en';

/** The locale `Intl` formats with: Bengali digits and Bangladeshi grouping for Bangla. */
export const localeOf = (language: Language) => (language === 'bn' ? 'bn-BD' : 'en');

/** Each language named in itself, as the language switch shows it. */
export const languageNames: Record<Language, string> = { bn: 'বাংলা', en: 'English' };

/** The language of a Cookie header (or document.cookie), if it names one. */
export function cookieLanguage(cookieHeader: string | undefined): Language | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return null;
}

/**
 * The language the page was sent in. The server decides it (`?lang=`, then the cookie, then
 * Accept-Language) and writes it in `<html lang>`; the same order read here gives the same answer,
 * and also works for a page not sent by this server (the dev server).
 */
export function documentLanguage(doc: Document): Language {
  const asked = new URLSearchParams(doc.location?.search ?? '').get('lang');
  if (isLanguage(asked)) return asked;
  const sent = doc.documentElement.lang;
  return cookieLanguage(doc.cookie) ?? (isLanguage(sent) ? sent : DEFAULT_LANGUAGE);
}

/** Keeps the choice for a year and shows it on the page (`<html lang>`, which also picks the Bangla font). */
export function rememberLanguage(doc: Document, language: Language) {
  doc.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
  doc.documentElement.lang = language;
}
