import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { DataProvider, type DataSource } from '../lib/data';
import { I18nProvider, type Catalogue, type Language } from '../lib/i18n';
import type { Session } from '../lib/session';
import { SessionProvider } from '../lib/session-context';
import { onToastWanted, toastsWanted } from '../lib/toaster';

// The part that shows toasts loads with the first toast (lib/toaster.ts).
const Toaster = lazy(async () => ({ default: (await import('../components/toaster')).Toaster }));
// Saving the language with the account, and taking it on sign-in, is not needed to draw the page.
const AccountLanguage = lazy(() => import('../lib/i18n/account-language'));
// Sending what the phone kept with no network is not needed to draw the page either.
const KeptChanges = lazy(() => import('./kept-changes'));

function Toasts() {
  const wanted = useSyncExternalStore(onToastWanted, toastsWanted, () => false);
  return wanted ? <Toaster /> : null;
}

interface ProvidersProps {
  /** Where the pages' data comes from (lib/data). */
  source: DataSource;
  session: Session;
  /** The page's language and its catalogue, loaded before the first render. */
  language: Language;
  catalogue: Catalogue;
  children: ReactNode;
}

/**
 * What every page draws within. Chakra's provider is not among them: the parts drawn with Chakra's
 * components bring it with their code (app/chakra.tsx).
 */
export function Providers({ source, session, language, catalogue, children }: ProvidersProps) {
  return (
    <I18nProvider language={language} catalogue={catalogue}>
      <DataProvider source={source}>
        <SessionProvider session={session}>
          {children}
          <Suspense fallback={null}>
            <Toasts />
            <AccountLanguage />
            <KeptChanges />
          </Suspense>
        </SessionProvider>
      </DataProvider>
    </I18nProvider>
  );
}
