import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { themeSystem } from '../app/theme';

function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  onChange(useLocation());
  return null;
}

/** Renders `element` at `path` inside the real Chakra provider and a memory router. */
interface RouteOptions {
  path?: string;
  at?: string;
  otherPaths?: string[];
}

export function renderRoute(element: ReactElement, { path = '/', at, otherPaths = [] }: RouteOptions = {}) {
  const current: { location?: Location } = {};
  // A client with no server behind it: these tests cover what happens before any request.
  const client = new ApolloClient({ link: new HttpLink({ uri: 'http://127.0.0.1:9/graphql' }), cache: new InMemoryCache() });
  const utils = render(
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
    </ApolloProvider>,
  );
  return { ...utils, pathname: () => current.location?.pathname };
}
