import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { Viewer } from '../kernel/viewer';
import { notFound } from './errors';
import { digestOfPictureFile, MAX_PICTURE_BYTES, pictureTooLarge } from './picture';
import { documented, error, json, type RouteAccess, type RouteDocs } from './route-docs';

export const PICTURE_NOT_FOUND = 'Picture not found';

/** What a kind of question with a picture says and does; the paths are `${base}/:id/picture` and `${base}/:id/picture/:file`. */
export interface PictureRoutes {
  /** `/api/questions`, `/api/lesson-questions`. */
  base: string;
  tag: string;
  /** Who puts and removes a picture, as the docs say it ("a bank question's editors"). */
  changers: string;
  /** Who reads one, and its access in the docs. */
  readers: { access: RouteAccess; say: string };
  /** The gate before any byte of a new picture is read: throws for those who may never put one. */
  gate(req: Request): Viewer;
  /** Puts or takes away (`bytes` null) the picture; answers its address now. */
  change(viewer: Viewer, id: string, bytes: Buffer | null): Promise<string | null>;
  /** The picture when `digest` is its current one's; null otherwise. */
  read(req: Request, id: string, digest: string): Promise<{ bytes: Buffer; type: string } | null>;
  /** `public` for anyone holding the address, `private` for a signed-in reader's browser alone. */
  cache: 'public' | 'private';
}

function docsOf({ base, tag, changers, readers }: PictureRoutes): RouteDocs {
  const path = { id: { description: "The question's id", schema: { type: 'string' } } };
  const pictureURL = (description: string, schema: object) =>
    json(description, { type: 'object', required: ['pictureURL'], properties: { pictureURL: schema } });
  return {
    [`PUT ${base}/:id/picture`]: {
      tag,
      access: 'signed-in',
      summary: `Set a question's picture (${changers})`,
      path,
      body: {
        description: `The file's bytes: PNG, JPEG or WebP, at most ${MAX_PICTURE_BYTES} bytes (any content type: the content decides)`,
        required: true,
        content: { 'application/octet-stream': { type: 'string', contentMediaType: 'application/octet-stream' } },
      },
      responses: {
        200: pictureURL('The address of the picture now', { type: 'string' }),
        400: error('Not a PNG, JPEG or WebP (PICTURE_NOT_SUPPORTED), or larger than the limit (PICTURE_TOO_LARGE)'),
        403: error(`Not one of ${changers}`),
        404: error('No such question'),
      },
    },
    [`DELETE ${base}/:id/picture`]: {
      tag,
      access: 'signed-in',
      summary: `Take a question's picture away (${changers})`,
      path,
      responses: { 200: pictureURL('Gone', { type: 'null' }), 403: error(`Not one of ${changers}`), 404: error('No such question') },
    },
    [`GET ${base}/:id/picture/:file`]: {
      tag,
      access: readers.access,
      summary: `A question's picture, for ${readers.say} (kept for a year: the address changes with the content)`,
      path: {
        ...path,
        file: { description: 'The digest of its content and its extension (`<digest>.png`), as `pictureURL` gives it', schema: { type: 'string' } },
      },
      responses: {
        200: { description: 'The picture', content: { 'image/png': { type: 'string' }, 'image/jpeg': { type: 'string' }, 'image/webp': { type: 'string' } } },
        404: error('No such picture (PICTURE_NOT_FOUND)'),
      },
    },
  };
}

/**
 * A question's picture over REST: PUT (the file's bytes as the body, any content type: the content
 * decides; a refused file leaves the question as it was), DELETE, and GET of the address
 * `pictureURL` gives, which changes with the content and so is kept for a year.
 */
export function pictureRouter(routes: PictureRoutes): Router {
  const router = documented(Router(), docsOf(routes));
  const readBody = express.raw({ type: () => true, limit: MAX_PICTURE_BYTES });
  router.put(
    `${routes.base}/:id/picture`,
    // The gate first: someone who may never put a picture is refused before any byte is read.
    (req: Request, _res: Response, next: NextFunction) => {
      routes.gate(req);
      next();
    },
    readBody,
    (failure: unknown, _req: Request, _res: Response, next: NextFunction) => {
      next((failure as { type?: string }).type === 'entity.too.large' ? pictureTooLarge() : failure);
    },
    async (req: Request, res: Response) => {
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      res.json({ pictureURL: await routes.change(routes.gate(req), String(req.params.id), bytes) });
    },
  );
  router.delete(`${routes.base}/:id/picture`, async (req, res) => {
    await routes.change(routes.gate(req), String(req.params.id), null);
    res.json({ pictureURL: null });
  });
  router.get(`${routes.base}/:id/picture/:file`, async (req, res) => {
    const picture = await routes.read(req, String(req.params.id), digestOfPictureFile(String(req.params.file)));
    if (!picture) throw notFound(PICTURE_NOT_FOUND, 'PICTURE_NOT_FOUND');
    res.setHeader('Content-Type', picture.type);
    res.setHeader('Cache-Control', `${routes.cache}, max-age=31536000, immutable`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(picture.bytes);
  });
  return router;
}
