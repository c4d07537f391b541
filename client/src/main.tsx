import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Providers } from './app/providers';
import { preloadFirstScreen } from './app/first-screen';
import { prefetchFirstPage } from './app/prefetch';
import { AppRoutes } from './app/router';
import { serverState } from './app/server-state';
import { createApolloClient } from './lib/apollo';
import { createSession } from './lib/session';

const session = createSession();
const client = createApolloClient(session);
const rendered = serverState(document);
if (rendered) client.cache.restore(rendered);
else prefetchFirstPage(client, window.location);

const app = (
  <StrictMode>
    <Providers client={client} session={session}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);
const container = document.getElementById('root')!;
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding a slow phone's main thread for its whole length.
if (rendered) {
  // Hydrating a part whose code is still loading would leave it behind; so all of it loads first.
  void preloadFirstScreen(window.location.pathname)
    .catch(() => undefined)
    .then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  startTransition(() => createRoot(container).render(app));
}
