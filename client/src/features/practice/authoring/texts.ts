import { useMemo } from 'react';
import { createTranslator, useLanguage, useT, type Catalogue, type MessageKey } from '../../../lib/i18n';
import type { MessageValues } from '../../../lib/i18n/translator';
import bangla from './locales/bn.json';
import english from './locales/en.json';

/**
 * The authoring pages' own texts (locales/en.json and bn.json beside them), compiled like the app's
 * catalogues but shipped with these pages only: students, who never open them, do not download them
 * with every page.
 */
export type AuthoringKey = keyof typeof english;
export type AuthoringTranslate = (key: AuthoringKey | MessageKey, values?: MessageValues) => string;

const catalogues = { en: english as unknown as Catalogue, bn: bangla as unknown as Catalogue };

/** `t` for the authoring pages: their own texts, and the app's for every other key. */
export function useAuthoringT(): AuthoringTranslate {
  const { language } = useLanguage();
  const t = useT();
  return useMemo(() => {
    const own = catalogues[language];
    const translate = createTranslator(language, own) as unknown as (key: string, values?: MessageValues) => string;
    return (key, values) => (key in own ? translate(key, values) : t(key as MessageKey, values));
  }, [language, t]);
}
