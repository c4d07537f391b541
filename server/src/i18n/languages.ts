/** The languages the product speaks (the client has the same list in client/src/lib/i18n/languages.ts). */
export const LANGUAGES = ['bn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language => value === 'bn' || value === 'en';

/** The locale `Intl` formats with: Bengali digits and Bangladeshi grouping for Bangla. */
export const localeOf = (language: Language) => (language === 'bn' ? 'bn-BD' : 'en');
