import { useMemo } from 'react';
import type { Catalogue, MessageKey } from './catalogues';
import { useLanguage, useT } from './i18n-context';
import type { Language } from './languages';
import { createTranslator, type MessageValues } from './translator';

/**
 * `t` for a feature that keeps its own texts beside its pages (`features/x/locales/en.json` and
 * `bn.json`, compiled like the app's catalogues but shipped with those pages only): its own texts
 * first, the app's for every other key.
 */
export function featureTexts<Key extends string>(catalogues: Record<Language, unknown>) {
  const own = catalogues as Record<Language, Catalogue>;
  return function useFeatureT(): (key: Key | MessageKey, values?: MessageValues) => string {
    const { language } = useLanguage();
    const t = useT();
    return useMemo(() => {
      const texts = own[language];
      const translate = createTranslator(language, texts) as unknown as (key: string, values?: MessageValues) => string;
      return (key, values) => (key in texts ? translate(key, values) : t(key as MessageKey, values));
    }, [language, t]);
  };
}
