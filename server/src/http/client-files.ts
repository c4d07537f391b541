import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/**
 * The built client: hashed assets cached for a year, everything else revalidated, and the
 * single-page app's index.html for any other GET that asks for a page.
 */
export function clientFilesRouter(clientDist: string): Router {
  const router = Router();
  const indexFile = path.join(clientDist, 'index.html');
  router.use(
    express.static(clientDist, {
      index: false,
      setHeaders(res, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    }),
  );
  router.get(/.*/, (req, res, next) => {
    if (!req.accepts('html') || !fs.existsSync(indexFile)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  return router;
}

/** The GraphQL playground page, built with the client (no CDN). */
export function playgroundFile(clientDist: string): string | undefined {
  const file = path.join(clientDist, 'playground.html');
  return fs.existsSync(file) ? file : undefined;
}
