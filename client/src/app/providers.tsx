import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { ApolloClient } from '@apollo/client';
import { lazy, Suspense, type ReactNode } from 'react';
import type { Session } from '../lib/session';
import { SessionProvider } from '../lib/session-context';
import { themeSystem } from './theme';

// Toasts are created anywhere through the toaster store; the component that shows them loads after the page.
const Toaster = lazy(async () => ({ default: (await import('../components/toaster')).Toaster }));

export function Providers({ client, session, children }: { client: ApolloClient; session: Session; children: ReactNode }) {
  return (
    <ApolloProvider client={client}>
      <SessionProvider session={session}>
        <ChakraProvider value={themeSystem()}>
          {children}
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </ChakraProvider>
      </SessionProvider>
    </ApolloProvider>
  );
}
