import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { themeSystem } from '../app/theme';
import { I18nProvider, type Language } from '../lib/i18n';
import bangla from '../locales/bn.json';
import english from '../locales/en.json';

/** The i18n provider with a language's real catalogue, for tests that render a component by itself. */
export function WithLanguage({ language = 'en', children }: { language?: Language; children: ReactNode }) {
  return (
    <I18nProvider language={language} catalogue={language === 'bn' ? bangla : english}>
      {children}
    </I18nProvider>
  );
}

function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  onChange(useLocation());
  return null;
}

/** Renders `element` at `path` inside the real Chakra provider and a memory router. */
interface RouteOptions {
  path?: string;
  at?: string;
  otherPaths?: string[];
  /** The page's language (English unless said). */
  language?: Language;
}

export function renderRoute(element: ReactElement, { path = '/', at, otherPaths = [], language = 'en' }: RouteOptions = {}) {
  const current: { location?: Location } = {};
  // A client with no server behind it: these tests cover what happens before any request.
  const client = new ApolloClient({ link: new HttpLink({ uri: 'http://127.0.0.1:9/graphql' }), cache: new InMemoryCache() });
  const utils = render(
    <WithLanguage language={language}>
      <ApolloProvider client={client}>
        <ChakraProvider value={themeSystem()}>
          <MemoryRouter initialEntries={[at ?? path]}>
            <Routes>
              <Route path={path} element={element} />
              {otherPaths.map((other) => (
                <Route key={other} path={other} element={<p>{other}</p>} />
              ))}
            </Routes>
            <LocationProbe onChange={(location) => (current.location = location)} />
          </MemoryRouter>
        </ChakraProvider>
      </ApolloProvider>
    </WithLanguage>,
  );
  return { ...utils, pathname: () => current.location?.pathname, search: () => current.location?.search };
}
