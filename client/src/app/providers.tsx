import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { ApolloClient } from '@apollo/client';
import type { ReactNode } from 'react';
import { Suspense } from 'react';

// Toasts are created anywhere through the toaster store; the component that shows them loads after the page.
export const Toaster = preloadable(async () => (await import('../components/toaster')).Toaster);
import { preloadable } from '../lib/preloadable';
import type { Session } from '../lib/session';
import { SessionProvider } from '../lib/session-context';
import { system } from './theme';

export function Providers({ client, session, children }: { client: ApolloClient; session: Session; children: ReactNode }) {
  return (
    <ApolloProvider client={client}>
      <SessionProvider session={session}>
        <ChakraProvider value={system}>
          {children}
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </ChakraProvider>
      </SessionProvider>
    </ApolloProvider>
  );
}
