import { ChakraProvider } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { DataProvider, type DataSource } from '../lib/data';
import { I18nProvider, type Catalogue, type Language } from '../lib/i18n';
import type { Session } from '../lib/session';
import { SessionProvider } from '../lib/session-context';
import { themeSystem } from './theme';

// Toasts are created anywhere through the toaster store; the component that shows them loads after the page.
const Toaster = lazy(async () => ({ default: (await import('../components/toaster')).Toaster }));
// Saving the language with the account, and taking it on sign-in, is not needed to draw the page.
const AccountLanguage = lazy(() => import('../lib/i18n/account-language'));

interface ProvidersProps {
  /** Where the pages' data comes from (lib/data). */
  source: DataSource;
  session: Session;
  /** The page's language and its catalogue, loaded before the first render. */
  language: Language;
  catalogue: Catalogue;
  children: ReactNode;
}

export function Providers({ source, session, language, catalogue, children }: ProvidersProps) {
  return (
    <I18nProvider language={language} catalogue={catalogue}>
      <DataProvider source={source}>
        <SessionProvider session={session}>
          <ChakraProvider value={themeSystem()}>
            {children}
            <Suspense fallback={null}>
              <Toaster />
              <AccountLanguage />
            </Suspense>
          </ChakraProvider>
        </SessionProvider>
      </DataProvider>
    </I18nProvider>
  );
}
