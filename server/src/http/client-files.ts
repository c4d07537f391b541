import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { PageRenderer, PageResponse } from './server-rendered-pages';

/**
 * The built client: hashed assets cached for a year, everything else revalidated, and the
 * single-page app's index.html for any other GET that asks for a page: rendered on the server
 * with its content when `renderPage` renders that page, as it comes from the build otherwise.
 */
export function clientFilesRouter(clientDist: string, renderPage?: PageRenderer): Router {
  const router = Router();
  const indexFile = path.join(clientDist, 'index.html');
  router.use(precompressed(clientDist));
  router.use(
    express.static(clientDist, {
      index: false,
      setHeaders: (res, file) => res.setHeader('Cache-Control', cacheControlFor(file)),
    }),
  );
  router.get(/.*/, async (req, res, next) => {
    if (!req.accepts('html') || !fs.existsSync(indexFile)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    const rendered = renderPage && (await renderPage(req.originalUrl, req.headers.cookie));
    // A page's drawing depends on the browser's sign-in hint cookie.
    res.vary('Cookie');
    if (rendered) sendRendered(req, res, rendered);
    else sendPossiblyCompressed(req, res, indexFile);
  });
  return router;
}

/** Hashed assets never change under their name; other files are checked again after five minutes. */
const cacheControlFor = (file: string) =>
  file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300';

/** Brotli first whatever order the browser lists them in; nothing compressed to a client that names none. */
function encodingFor(req: Request): 'br' | 'gzip' | null {
  if (req.headers['accept-encoding'] === undefined) return null;
  return req.acceptsEncodings('br') === 'br' ? 'br' : req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : null;
}

function sendRendered(req: Request, res: Response, page: PageResponse) {
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
