import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { PublicResponseCache } from '../graphql/public-response-cache';
import type { Language } from '../i18n/languages';
import type { AppLogger } from '../logger';
import { localizedTemplate } from './localized-page';

/** What the client's server entry (client/src/server-entry.tsx, built into client/dist-server) exports. */
interface PageRenderBundle {
  renderPage(
    url: string,
    options: { graphqlUrl: string; fetch?: typeof globalThis.fetch; timeoutMs: number; variant?: string; language?: Language; form?: FormEcho },
  ): Promise<RenderedPage | null>;
  /** Which drawing of a page a request's cookies call for (a visitor's, or one for a returning user). */
  pageVariant?(cookieHeader: string | undefined): string;
  pageHtml(template: string, page: RenderedPage): string;
  /** Whether the address is one of the app's pages (the client's route table decides). */
  isKnownPage?(url: string): boolean;
  /** For a page only a signed-in person may see, asked for by a browser with no sign-in hint: the sign-in page that comes back to it. */
  signInFirst?(url: string, cookieHeader: string | undefined): string | null;
}
/**
 * A form posted without scripts (http/page-forms.ts) and refused: the page is drawn again with the
 * refusal's message (in the page's language) and what was typed in the fields it names (never a password).
 */
export interface FormEcho {
  error?: string;
  /** The field the error is about, when it names one. */
  field?: string;
  values?: Record<string, string>;
  /** The step of a form of several (the phone form after its code was sent: 'code'; the sign-in form after Forgot Password: 'resetSent', or 'resetEmpty' when no email was written). */
  step?: string;
  /** The phone form's code step: seconds until a new code may be asked for (static text without scripts). */
  resendAfterSeconds?: number;
  /** The phone form's code step after a wrong code: how many tries the browser's code has left. */
  triesLeft?: number;
}

interface RenderedPage {
  html: string;
  form?: FormEcho;
  state: unknown;
  /** The record the address names does not exist. */
  notFound?: boolean;
}

/** A rendered page in each encoding a browser may take. */
export interface PageResponse {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** 404 for a page whose record does not exist (an unknown course); 200 when absent. */
  status?: number;
}

/**
 * A page as served to one request: `hit` when it was the page kept in the public response cache,
 * `miss` when it was rendered for this request (or by another one at the same moment).
 */
export type ServedPage = PageResponse & { cache: 'hit' | 'miss' };

/** What of a request decides its page: the cookies (the sign-in hint) and the language chosen for it. */
export interface PageRequest {
  cookieHeader?: string;
  language: Language;
}

export type PageRenderer = ((url: string, request: PageRequest) => Promise<ServedPage | null>) & {
  /** False for an address no page of the app answers (it gets the not-found page with 404); undefined when unknown. */
  isKnownPage?: (url: string) => boolean | undefined;
  /** Where to send a signed-out browser before the page (the sign-in page), or null/undefined to answer the page itself. */
  signInFirst?: (url: string, cookieHeader: string | undefined) => string | null | undefined;
  /** The page drawn again for one request with a refused form's echo: never kept in the cache (it holds what one person typed). */
  withForm?: (url: string, request: PageRequest, form: FormEcho) => Promise<PageResponse | null>;
};

/** Past this, a visitor is better served by the page drawn in the browser than by waiting on. */
const RENDER_TIMEOUT_MS = 1500;
/**
 * A render costs tens of milliseconds of CPU; beyond this many at once (a burst of distinct
 * addresses), visitors get the plain page, which their browser draws, rather than a slower server.
 */
const MAX_CONCURRENT_RENDERS = 2;
/**
 * Pages showing what the public response cache hears no change of (a certificate's revocation, a
 * model test's leaderboard and list): drawn for each visit, never kept.
 */
const UNKEPT_PAGES = /^\/(model-tests|certificate)(\/|$)/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The address a page is drawn (and kept) for: `?lang=` naming the language the request is answered
 * in changes nothing on the page (the server chose the language from it; the language switch links to
 * the other language either way), so `/?lang=bn` is the page a Bangla visitor gets at `/`.
 */
export function pageAddress(url: string, language: Language): string {
  const query = url.indexOf('?');
  return query >= 0 && url.slice(query + 1) === `lang=${language}` ? url.slice(0, query) : url;
}

/** Where the client's build puts the server's page renderer, next to the built client. */
export const renderBundleFile = (clientDist: string) => path.join(clientDist, '..', 'dist-server', 'server-entry.cjs');

/**
 * index.html with its own stylesheets written into it. A rendered page is drawn by the browser as
 * soon as its HTML and styles are there: on a phone 400 ms away from the server, a stylesheet of
 * its own would hold the first paint back one more round trip. (The plain index.html, for pages
 * drawn in the browser, keeps its links: its scripts take longer than the stylesheet anyway.)
 */
export function withInlineStyles(template: string, clientDist: string): string {
  return template.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g, (link, file: string) => {
    const stylesheet = path.join(clientDist, file);
    const css = fs.existsSync(stylesheet) ? fs.readFileSync(stylesheet, 'utf8') : '';
    return css && !/<\/style/i.test(css) ? `<style>${css}</style>` : link;
  });
}

/**
 * The pages the client renders on the server (the home page, catalogue, course pages), as every
 * anonymous visitor sees them first; null for other pages, or when there is no renderer or it
 * fails, and the browser then draws the page from the plain index.html. With the public response
 * cache, each page is rendered once until the catalogue changes.
 */
export function pageRenderer(options: { clientDist: string; graphqlUrl: () => string; cache: PublicResponseCache | null; log: AppLogger }): PageRenderer {
  const { clientDist, graphqlUrl, cache, log } = options;
  let loaded: { bundle: PageRenderBundle; template: string } | null | undefined;
  // Loaded on the first page asked for: the renderer carries React and the whole client.
  const load = () => {
    if (loaded !== undefined) return loaded;
    const file = renderBundleFile(clientDist);
    const indexFile = path.join(clientDist, 'index.html');
    loaded = null;
    if (fs.existsSync(file) && fs.existsSync(indexFile)) {
      // The renderer is a built file found at run time, not a module of this program.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      loaded = { bundle: require(file) as PageRenderBundle, template: withInlineStyles(fs.readFileSync(indexFile, 'utf8'), clientDist) };
    }
    return loaded;
  };

  let rendering = 0;
  /** `requested`: told the body of each GraphQL request the page is drawn with (the cache notes what the page shows). */
  const render = async (
    url: string,
    variant: string | undefined,
    language: Language,
    requested: (body: string) => void,
    form?: FormEcho,
  ): Promise<PageResponse | null> => {
    const renderer = load();
    if (!renderer || rendering >= MAX_CONCURRENT_RENDERS) return null;
    rendering += 1;
    const fetch: typeof globalThis.fetch = (input, init) => {
      if (typeof init?.body === 'string') requested(init.body);
      return globalThis.fetch(input, init);
    };
    const page = await renderer.bundle
      .renderPage(url, { graphqlUrl: graphqlUrl(), fetch, timeoutMs: RENDER_TIMEOUT_MS, variant, language, form })
      .finally(() => (rendering -= 1));
    if (!page) return null;
    const identity = Buffer.from(renderer.bundle.pageHtml(localizedTemplate(renderer.template, language), form ? { ...page, form } : page));
    const [br, gzipped] = await Promise.all([brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }), gzip(identity)]);
    return { identity, br, gzip: gzipped, status: page.notFound ? 404 : undefined };
  };

  const renderer: PageRenderer = async (asked, { cookieHeader, language }) => {
    const url = pageAddress(asked, language);
    try {
      const variant = load()?.bundle.pageVariant?.(cookieHeader);
      const key = `page ${variant ?? ''} ${language} ${url}`;
      const keeping = UNKEPT_PAGES.test(url.split('?')[0]) ? null : cache;
      const kept = keeping?.keeps(key) ?? false;
      const page = await (keeping
        ? keeping.remember(key, (requested) => render(url, variant, language, requested))
        : render(url, variant, language, () => undefined));
      return page && { ...page, cache: kept ? 'hit' : 'miss' };
    } catch (error) {
      log.warn({ err: error, url }, 'server rendering failed; the browser draws the page');
      return null;
    }
  };
  renderer.withForm = async (asked, { cookieHeader, language }, form) => {
    try {
      return await render(pageAddress(asked, language), load()?.bundle.pageVariant?.(cookieHeader), language, () => undefined, form);
    } catch (error) {
      log.warn({ err: error, url: asked }, 'server rendering of a refused form failed');
      return null;
    }
  };
  renderer.isKnownPage = (url) => {
    try {
      return load()?.bundle.isKnownPage?.(url);
    } catch {
      return undefined;
    }
  };
  renderer.signInFirst = (url, cookieHeader) => {
    try {
      return load()?.bundle.signInFirst?.(url, cookieHeader);
    } catch {
      return undefined;
    }
  };
  return renderer;
}
