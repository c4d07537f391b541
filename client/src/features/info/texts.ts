import { useMemo } from 'react';
import { createTranslator, useLanguage, useT, type Catalogue, type MessageKey } from '../../lib/i18n';
import type { MessageValues } from '../../lib/i18n/translator';
import bangla from './locales/bn.json';
import english from './locales/en.json';

/**
 * The info pages' own texts (about, career, contact, support and the policies: locales/en.json and
 * bn.json beside them), compiled like the app's catalogues but shipped with these pages only: the
 * home page and every other page do not download the policies' words with their first load.
 */
export type InfoKey = keyof typeof english;
export type InfoTranslate = (key: InfoKey | MessageKey, values?: MessageValues) => string;

const catalogues = { en: english as unknown as Catalogue, bn: bangla as unknown as Catalogue };

/** `t` for the info pages: their own texts, and the app's for every other key. */
export function useInfoT(): InfoTranslate {
  const { language } = useLanguage();
  const t = useT();
  return useMemo(() => {
    const own = catalogues[language];
    const translate = createTranslator(language, own) as unknown as (key: string, values?: MessageValues) => string;
    return (key, values) => (key in own ? translate(key, values) : t(key as MessageKey, values));
  }, [language, t]);
}
