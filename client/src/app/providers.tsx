import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { ApolloClient } from '@apollo/client';
import type { ReactNode } from 'react';
import { lazy, Suspense } from 'react';

// Toasts are created anywhere through the toaster store; the component that shows them loads after the page.
const Toaster = lazy(() => import('../components/toaster').then((module) => ({ default: module.Toaster })));
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
