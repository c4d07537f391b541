import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Providers } from './app/providers';
import { prefetchFirstPage } from './app/prefetch';
import { AppRoutes } from './app/router';
import { createApolloClient } from './lib/apollo';
import { createSession } from './lib/session';

const session = createSession();
const client = createApolloClient(session);
prefetchFirstPage(client, window.location);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers client={client} session={session}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
