import { ApolloProvider, useQuery as apolloUseQuery } from '@apollo/client/react';
import { prerenderStatic } from '@apollo/client/react/ssr';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router-dom';
import type { RenderedPage } from './app/page-html';
import { Providers } from './app/providers';
import { PageStatusContext, type PageStatus } from './app/page-status';
import { AppRoutes } from './app/router';
import { createApolloClient } from './lib/apollo';
import { readyDataSource, type ServerAnswers } from './lib/data';
import { isLanguage, loadCatalogue } from './lib/i18n';
import { createSession, hintsSignedIn } from './lib/session';
import { FormEchoContext, type FormEcho } from './lib/form-echo';
import { paths, routePatterns } from './lib/paths';

export { pageHtml } from './app/page-html';
/** The server answers 404 for an address no page answers. */
export { isKnownPage } from './app/router';
/** A signed-out browser asking for a page that needs sign-in goes to the sign-in page first. */
export { signInFirst } from './app/router';

/**
 * The pages a visit most often starts on. The server sends them as HTML with their data, so a phone
 * on a slow network shows the page before the scripts arrive; the scripts then take it over
 * (main.tsx hydrates). Other pages are drawn in the browser.
 */
export const serverRenderedPages = [
  paths.home,
  paths.homeAlias,
  paths.allCourses,
  paths.search,
  routePatterns.course,
  routePatterns.details,
  paths.blog,
  routePatterns.blogPost,
  paths.reviews,
  paths.login,
  paths.signUp,
  paths.modelTests,
  routePatterns.modelTest,
  routePatterns.bundle,
  routePatterns.certificate,
  paths.about,
  paths.privacy,
  paths.terms,
  paths.refund,
  paths.contact,
  paths.support,
  paths.career,
  paths.successStory,
];

/**
 * Which of a page's two drawings a request gets (the server caches each apart): a visitor's, with
 * Login and Registration in the header, unless the browser says it was signed in.
 */
export function pageVariant(cookieHeader: string | undefined): 'visitor' | 'returning' {
  return hintsSignedIn(cookieHeader) ? 'returning' : 'visitor';
}

export interface RenderOptions {
  /** Where this server answers GraphQL (the render asks it as an anonymous visitor). */
  graphqlUrl: string;
  fetch?: typeof globalThis.fetch;
  /** A render that takes longer is given up, and the page is drawn in the browser instead. */
  timeoutMs: number;
  /** From pageVariant: 'visitor' draws the header signed out; otherwise it waits for the session. */
  variant?: 'visitor' | 'returning';
  /** The language the server chose for the request ('bn' or 'en'; English when absent). */
  language?: string;
  /** A refused form to draw the page with (its message and what was typed): see lib/form-echo.tsx. */
  form?: FormEcho;
}

/**
 * The page at `url` as a visitor who is not signed in sees it before anything changes, or null when
 * it is not a server-rendered page or its data could not be read (the browser then draws it, with
 * its own loading and error states, rather than the server sending an error page that stays).
 */
export async function renderPage(
  url: string,
  { graphqlUrl, fetch = globalThis.fetch, timeoutMs, variant = 'returning', language: asked, form }: RenderOptions,
): Promise<RenderedPage | null> {
  const { pathname } = new URL(url, 'http://localhost');
  if (!serverRenderedPages.some((pattern) => matchPath(pattern, pathname))) return null;
  const language = isLanguage(asked) ? asked : 'en';
  const catalogue = await loadCatalogue(language);

  let dataFailed = false;
  const watchedFetch: typeof globalThis.fetch = async (input, init) => {
    const res = await fetch(input, init);
    const body = res.ok ? ((await res.clone().json()) as { errors?: unknown[] }) : null;
    if (!body || body.errors) dataFailed = true;
    return res;
  };
  const visitor = variant === 'visitor';
  const session = createSession({ shareAcrossTabs: false, assumeSignedOut: visitor });
  const client = createApolloClient(session, { uri: graphqlUrl, fetch: watchedFetch, ssrMode: true });
  // The answers the page is drawn with, noted by each query for the browser's first drawing.
  const answers: ServerAnswers = {};
  const source = readyDataSource(client, { useQuery: apolloUseQuery, answers });
  session.attach(source);
  const signal = AbortSignal.timeout(timeoutMs);
  const status: PageStatus = { notFound: false };
  const tree = (
    <PageStatusContext.Provider value={status}>
      <ApolloProvider client={client}>
        <FormEchoContext.Provider value={form ?? null}>
          <Providers source={source} session={session} language={language} catalogue={catalogue}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </Providers>
        </FormEchoContext.Provider>
      </ApolloProvider>
    </PageStatusContext.Provider>
  );
  try {
    // The first passes wait for the page's code and data; the last one, with both at hand, draws
    // everything at once. A streamed render would finish late parts with inline scripts, which
    // the content security policy refuses.
    const { aborted } = await prerenderStatic({
      tree,
      signal,
      ignoreResults: true,
      renderFunction: (element) => prerenderToNodeStream(element, { signal }),
    });
    if (aborted || dataFailed) return null;
    const html = renderToString(tree);
    return { html, state: answers, visitor, notFound: status.notFound };
  } finally {
    client.stop();
  }
}
