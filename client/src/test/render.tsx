import { ApolloClient, HttpLink, InMemoryCache, type OperationVariables, type TypedDocumentNode } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { themeSystem } from '../app/theme';
import { DataProvider, readyDataSource } from '../lib/data';
import { I18nProvider, type Language } from '../lib/i18n';
import { createSession } from '../lib/session';
import { SessionProvider } from '../lib/session-context';
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
export interface RouteOptions {
  path?: string;
  at?: string;
  otherPaths?: string[];
  /** The page's language (English unless said). */
  language?: Language;
  /**
   * The server's answers, made with `answer` and `failure` below: the page's queries get them
   * through Apollo's MockLink. Without them the client has no server behind it (for tests of what
   * happens before any request).
   */
  mocks?: ReadonlyArray<MockLink.MockedResponse>;
}

/** The server answering `query` with `variables` by `data` (a generated document, so the data is typed). */
export function answer<TData, TVariables extends OperationVariables>(
  query: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  data: TData,
): MockLink.MockedResponse {
  return { request: { query, variables }, result: { data: data as Record<string, unknown> }, maxUsageCount: Number.POSITIVE_INFINITY };
}

/**
 * The server failing `query` with `variables` (a GraphQL error, as a resolver's failure reaches the
 * client); `extensions` as the server sends them (`code`, `category`, `field`, `max`).
 */
export function failure<TData, TVariables extends OperationVariables>(
  query: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  message = 'Something went wrong on the server',
  extensions?: Record<string, unknown>,
): MockLink.MockedResponse {
  return { request: { query, variables }, result: { errors: [new GraphQLError(message, { extensions })] }, maxUsageCount: Number.POSITIVE_INFINITY };
}

function testClient(mocks: RouteOptions['mocks']) {
  const link = mocks ? new MockLink(mocks, { showWarnings: false }) : new HttpLink({ uri: 'http://127.0.0.1:9/graphql' });
  return new ApolloClient({ link, cache: new InMemoryCache() });
}

export function renderRoute(element: ReactElement, { path = '/', at, otherPaths = [], language = 'en', mocks }: RouteOptions = {}) {
  const current: { location?: Location } = {};
  const client = testClient(mocks);
  const utils = render(
    <WithLanguage language={language}>
      <DataProvider source={readyDataSource(client)}>
        <ChakraProvider value={themeSystem()}>
          {/* A visitor's session, never started: pages that read it render as for someone signed out. */}
          <SessionProvider session={createSession({ shareAcrossTabs: false, assumeSignedOut: true })}>
            <MemoryRouter initialEntries={[at ?? path]}>
              <Routes>
                <Route path={path} element={element} />
                {otherPaths.map((other) => (
                  <Route key={other} path={other} element={<p>{other}</p>} />
                ))}
              </Routes>
              <LocationProbe onChange={(location) => (current.location = location)} />
            </MemoryRouter>
          </SessionProvider>
        </ChakraProvider>
      </DataProvider>
    </WithLanguage>,
  );
  return { ...utils, pathname: () => current.location?.pathname, search: () => current.location?.search };
}

/**
 * `element` at `at` as the server draws it, before (or without) the page's scripts: no effect has run
 * (so `useHydrated` is false) and no answer has come. The markup is put in a detached element to query.
 */
export function renderBeforeScripts(element: ReactElement, { path = '/', at, language = 'en' }: Omit<RouteOptions, 'mocks' | 'otherPaths'> = {}): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <WithLanguage language={language}>
      <DataProvider source={readyDataSource(testClient(undefined))}>
        <ChakraProvider value={themeSystem()}>
          <SessionProvider session={createSession({ shareAcrossTabs: false, assumeSignedOut: true })}>
            <MemoryRouter initialEntries={[at ?? path]}>
              <Routes>
                <Route path={path} element={element} />
              </Routes>
            </MemoryRouter>
          </SessionProvider>
        </ChakraProvider>
      </DataProvider>
    </WithLanguage>,
  );
  return container;
}
