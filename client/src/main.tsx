// The style system's page-wide CSS (reset, tokens), written at build time (scripts/theme-css-plugin.ts).
import 'virtual:theme.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Providers } from './app/providers';
import { prefetchFirstPage } from './app/prefetch';
import { AppRoutes, preloadRoute } from './app/router';
import { serverState } from './app/server-state';
import { lazyDataSource } from './lib/data';
import { documentLanguage, loadCatalogue, rememberLanguage } from './lib/i18n';
import { createSession } from './lib/session';
import { FormEchoContext, readFormEcho } from './lib/form-echo';
// The stylesheets of every part drawn with plain elements. The server sends a page's HTML before
// its code (the page's own chunk, the footer, the review cards), so their styles come with the page's
// first stylesheet, not with their code.
import.meta.glob(['./styles/*.css', './components/**/*.css', './features/**/*.css'], { eager: true });

/** Resolves in a later task, so the browser can paint and answer input between two pieces of work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Start-up runs as several tasks (loading the code and texts, drawing the page),
// none holding a slow phone's main thread for the length of all of them.
async function start() {
  const container = document.getElementById('root')!;
  const rendered = serverState(document);
  // The page's catalogue (preloaded by the page) comes first: the page is drawn in its language.
  const language = documentLanguage(document);
  const catalogue = loadCatalogue(language);
  rememberLanguage(document, language);
  // A page drawn for a visitor starts signed out, as drawn, so the header does not change while
  // the scripts take it over (the session is still checked then).
  const session = createSession({ assumeSignedOut: Boolean(rendered) && 'visitor' in container.dataset });
  // Apollo Client is not in the first download: a server-rendered page is drawn from the answers
  // it came with, and Apollo loads when the session or a query first needs the server.
  const source = lazyDataSource(async () => (await import('./lib/apollo')).createApolloClient(session), rendered ?? {});
  session.attach(source);
  // A page drawn in the browser needs its data at once.
  if (!rendered) void source.load().then((client) => prefetchFirstPage(client, window.location));

  // The page's own code (any page but the home page) starts loading now, beside the catalogue.
  preloadRoute(window.location.pathname);
  const messages = await catalogue;
  await nextTask();

  const app = (
    <StrictMode>
      <FormEchoContext.Provider value={readFormEcho(container)}>
        <Providers source={source} session={session} language={language} catalogue={messages}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      </FormEchoContext.Provider>
    </StrictMode>
  );
  // As a transition, the first render yields to the browser every few milliseconds.
  if (rendered) startTransition(() => void hydrateRoot(container, app));
  else startTransition(() => createRoot(container).render(app));
}

void start();
