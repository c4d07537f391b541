import { createContext, startTransition, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { loadCatalogue, type Catalogue } from './catalogues';
import { rememberLanguage, type Language } from './languages';
import { createTranslator, type Translate } from './translator';

interface I18nValue {
  language: Language;
  t: Translate;
  setLanguage: (language: Language) => Promise<void>;
}

const I18nContext = createContext<I18nValue | null>(null);

interface I18nProviderProps {
  language: Language;
  /** The language's catalogue, loaded before the first render (no flash of the other language). */
  catalogue: Catalogue;
  children: ReactNode;
}

export function I18nProvider({ language: initial, catalogue: initialCatalogue, children }: I18nProviderProps) {
  const [current, setCurrent] = useState({ language: initial, catalogue: initialCatalogue });
  const setLanguage = useCallback(async (language: Language) => {
    const catalogue = await loadCatalogue(language);
    if (typeof document !== 'undefined') {
      rememberLanguage(document, language);
      // The server words the tab's title for the page it sends; a switch in place words it again.
      document.title = createTranslator(language, catalogue)('app.title');
    }
    // The whole page draws again in the other language: as a transition, it yields to input.
    startTransition(() => setCurrent({ language, catalogue }));
  }, []);
  const value = useMemo<I18nValue>(
    () => ({ language: current.language, t: createTranslator(current.language, current.catalogue), setLanguage }),
    [current, setLanguage],
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

/** The page's language, and the switch to another (its catalogue is loaded first; the choice is kept in the cookie). */
export function useLanguage() {
  const { language, setLanguage } = useI18n();
  return { language, setLanguage };
}
