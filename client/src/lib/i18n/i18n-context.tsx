import { createContext, useCallback, useContext, useMemo, useState, useTransition, type ReactNode } from 'react';
import { loadCatalogue, type Catalogue } from './catalogues';
import { rememberLanguage, type Language } from './languages';
import { createTranslator, type Translate } from './translator';

interface I18nValue {
  language: Language;
  t: Translate;
  setLanguage: (language: Language) => Promise<void>;
  /** True while the other language's catalogue is on its way. */
  switching: boolean;
}

const I18nContext = createContext<I18nValue | null>(null);

interface I18nProviderProps {
  language: Language;
  /** The language's catalogue, loaded before the first render (no flash of the other language). */
  catalogue: Catalogue;
  /** Told after the visitor switches (the account keeps the choice). */
  onLanguageChange?: (language: Language) => void;
  children: ReactNode;
}

export function I18nProvider({ language: initial, catalogue: initialCatalogue, onLanguageChange, children }: I18nProviderProps) {
  const [current, setCurrent] = useState({ language: initial, catalogue: initialCatalogue });
  const [switching, startSwitch] = useTransition();
  const setLanguage = useCallback(
    async (language: Language) => {
      if (language === current.language) return;
      const catalogue = await loadCatalogue(language);
      if (typeof document !== 'undefined') rememberLanguage(document, language);
      startSwitch(() => setCurrent({ language, catalogue }));
      onLanguageChange?.(language);
    },
    [current.language, onLanguageChange],
  );
  const t = useMemo(() => createTranslator(current.language, current.catalogue), [current]);
  const value = useMemo<I18nValue>(
    () => ({ language: current.language, t, setLanguage, switching }),
    [current.language, t, setLanguage, switching],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useT and useLanguage need an I18nProvider above them');
  return value;
}

/** `t(key, values?)`: the current language's text for a catalogue key. */
export const useT = (): Translate => useI18n().t;

export function useLanguage() {
  const { language, setLanguage, switching } = useI18n();
  return { language, setLanguage, switching };
}
