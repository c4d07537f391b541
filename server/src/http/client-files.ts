import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { Language } from '../i18n/languages';
import { sendOfflinePage, sendWebAppManifest } from './installable-app';
import { localizedTemplate } from './localized-page';
import type { PageRenderer, PageResponse } from './server-rendered-pages';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The built client: hashed assets cached for a year, everything else revalidated, and the
 * single-page app's index.html for any other GET that asks for a page: rendered on the server
 * with its content when `renderPage` renders that page, as it comes from the build otherwise.
 */
export function clientFilesRouter(clientDist: string, renderPage?: PageRenderer): Router {
  const router = Router();
  const indexFile = path.join(clientDist, 'index.html');
  const plainPage = plainPages(indexFile);
  router.use(precompressed(clientDist));
  router.use(
    express.static(clientDist, {
      index: false,
      setHeaders: (res, file) => res.setHeader('Cache-Control', cacheControlFor(file)),
    }),
  );
  // The API reference the client's build generates from the schema; its own files are relative
  // to the folder, so the page is always addressed with the final slash.
  const apiReference = path.join(clientDist, 'docs', 'api', 'index.html');
  router.get('/docs/api', (req, res, next) => {
    if (!fs.existsSync(apiReference)) return next();
    if (!req.path.endsWith('/')) return res.redirect(301, '/docs/api/');
    res.setHeader('Cache-Control', 'public, max-age=300');
    sendPossiblyCompressed(req, res, apiReference);
  });
  // The installed app: its manifest, and the page its service worker shows offline for a page never opened.
  router.get('/manifest.webmanifest', sendWebAppManifest(indexFile));
  router.get('/offline/:language', sendOfflinePage(indexFile));
  router.get(/.*/, async (req, res, next) => {
    if (!req.accepts('html') || !fs.existsSync(indexFile)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    // The service worker shows its offline page in the language of the pages it last saw.
    res.setHeader('Content-Language', req.language);
    // A page for signed-in people, asked for by a browser that was not signed in: the sign-in page
    // first, which comes back here (this works before the page's scripts run, or without them).
    const signIn = renderPage?.signInFirst?.(req.originalUrl, req.headers.cookie);
    if (signIn) {
      res.vary('Cookie');
      return res.redirect(303, signIn);
    }
    const rendered = renderPage && (await renderPage(req.originalUrl, { cookieHeader: req.headers.cookie, language: req.language }));
    // A page's drawing depends on the browser's sign-in hint and language cookies, and on the
    // languages it accepts when it has chosen none.
    res.vary('Cookie');
    res.vary('Accept-Language');
    // An address no page answers: the page draws "not found", and says so to search engines and links checkers.
    if (renderPage?.isKnownPage?.(req.originalUrl) === false) res.status(404);
    // A page whose record does not exist (an unknown course or post) is not found either.
    if (rendered && rendered.status) res.status(rendered.status);
    // Whether a rendered page came from the public response cache, as GraphQL answers say it.
    if (rendered) {
      res.setHeader('x-response-cache', rendered.cache);
      req.logFields.responseCache = rendered.cache;
    }
    sendRendered(req, res, rendered || (await plainPage(req.language)));
  });
  return router;
}

/** index.html in each language, compressed once (the build's file changes only with a new build, and a new process). */
function plainPages(indexFile: string) {
  const pages = new Map<Language, Promise<PageResponse>>();
  return (language: Language): Promise<PageResponse> => {
    let page = pages.get(language);
    if (!page) {
      page = (async () => {
        const identity = Buffer.from(localizedTemplate(await fs.promises.readFile(indexFile, 'utf8'), language));
        const [br, gzipped] = await Promise.all([brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }), gzip(identity, { level: 9 })]);
        return { identity, br, gzip: gzipped };
      })();
      page.catch(() => pages.delete(language));
      pages.set(language, page);
    }
    return page;
  };
}

/** The service worker's files: a browser asks for them again at each visit, to find a new version at once. */
const SERVICE_WORKER_FILES = new Set(['sw.js', 'practice-sw.js']);

/** Hashed assets never change under their name; the service worker is always checked again; other files after five minutes. */
const cacheControlFor = (file: string) =>
  file.includes(`${path.sep}assets${path.sep}`)
    ? 'public, max-age=31536000, immutable'
    : SERVICE_WORKER_FILES.has(path.basename(file))
      ? 'no-cache'
      : 'public, max-age=300';

/** Brotli first whatever order the browser lists them in; nothing compressed to a client that names none. */
function encodingFor(req: Request): 'br' | 'gzip' | null {
  if (req.headers['accept-encoding'] === undefined) return null;
  return req.acceptsEncodings('br') === 'br' ? 'br' : req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : null;
}

export function sendRendered(req: Request, res: Response, page: PageResponse) {
  const encoding = encodingFor(req);
  res.vary('Accept-Encoding');
  res.type('html');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.send(page[encoding ?? 'identity']);
}

/** The Brotli or gzip copy the build wrote next to `file`, if the browser takes it; else the file. */
function sendPossiblyCompressed(req: Request, res: Response, file: string) {
  res.vary('Accept-Encoding');
  const encoding = encodingFor(req);
  const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : null;
  if (encoding && suffix && fs.existsSync(file + suffix)) {
    res.type(path.extname(file));
    res.setHeader('Content-Encoding', encoding);
    res.sendFile(file + suffix);
    return;
  }
  res.sendFile(file);
}

/** Hashed assets and other built files, from their precompressed copies when there are some. */
function precompressed(clientDist: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let file: string;
    try {
      file = path.join(clientDist, path.normalize(decodeURIComponent(req.path)));
    } catch {
      return next();
    }
    if (!file.startsWith(clientDist + path.sep) || !fs.existsSync(`${file}.gz`)) return next();
    res.setHeader('Cache-Control', cacheControlFor(file));
    sendPossiblyCompressed(req, res, file);
  };
}

/** The GraphQL playground page, built with the client (no CDN). */
export function playgroundFile(clientDist: string): string | undefined {
  const file = path.join(clientDist, 'playground.html');
  return fs.existsSync(file) ? file : undefined;
}
