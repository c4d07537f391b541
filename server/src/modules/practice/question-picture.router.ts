import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { DataSource } from 'typeorm';
import { notFound } from '../../shared/errors';
import { requireRole, requireViewer, roles } from '../auth/guards';
import { readQuestionPicture, removeQuestionPicture, setQuestionPicture } from './question-bank.service';
import { questionPictureAddress } from './question-picture';
import { digestOfPictureFile, MAX_PICTURE_BYTES, pictureTooLarge } from '../../shared/picture';
import { documented, error, json, type RouteDocs } from '../../shared/route-docs';

export const PICTURE_NOT_FOUND = 'Picture not found';

const TAG = 'Question bank';
const questionPath = { id: { description: "The question's id", schema: { type: 'string' } } };
const pictureURL = (description: string, schema: object) => json(description, { type: 'object', required: ['pictureURL'], properties: { pictureURL: schema } });

/** The description of the paths below, for GET /openapi.json (http/openapi.ts). */
const QUESTION_PICTURE_API: RouteDocs = {
  'PUT /api/questions/:id/picture': {
    tag: TAG,
    access: 'signed-in',
    summary: "Set a bank question's picture (its editors)",
    path: questionPath,
    body: {
      description: `The file's bytes: PNG, JPEG or WebP, at most ${MAX_PICTURE_BYTES} bytes (any content type: the content decides)`,
      required: true,
      content: { 'application/octet-stream': { type: 'string', contentMediaType: 'application/octet-stream' } },
    },
    responses: {
      200: pictureURL('The address of the picture now', { type: 'string' }),
      400: error('Not a PNG, JPEG or WebP (PICTURE_NOT_SUPPORTED), or larger than the limit (PICTURE_TOO_LARGE)'),
      404: error('No such question'),
    },
  },
  'DELETE /api/questions/:id/picture': {
    tag: TAG,
    access: 'signed-in',
    summary: "Take a bank question's picture away (its editors)",
    path: questionPath,
    responses: { 200: pictureURL('Gone', { type: 'null' }), 404: error('No such question') },
  },
  'GET /api/questions/:id/picture/:file': {
    tag: TAG,
    access: 'anyone',
    summary: "A bank question's picture, for anyone holding its address (kept for a year: the address changes with the content)",
    path: {
      ...questionPath,
      file: { description: 'The digest of its content and its extension (`<digest>.png`), as `pictureURL` gives it', schema: { type: 'string' } },
    },
    responses: {
      200: { description: 'The picture', content: { 'image/png': { type: 'string' }, 'image/jpeg': { type: 'string' }, 'image/webp': { type: 'string' } } },
      404: error('No such picture'),
    },
  },
};

/**
 * A bank question's picture:
 * - PUT /api/questions/{id}/picture: the file's bytes as the body (any content type; the content
 *   decides), for the question's editors; answers `{ pictureURL }`. A file that is not a PNG, JPEG
 *   or WebP, or is larger than 1 MB, is refused (PICTURE_NOT_SUPPORTED, PICTURE_TOO_LARGE) and the
 *   question keeps what it had.
 * - DELETE /api/questions/{id}/picture: takes it away.
 * - GET /api/questions/{id}/picture/{digest}.{ext}: the picture, for anyone holding its address
 *   (the address changes with the content, so it is kept for a year).
 */
export function questionPictureRouter(db: DataSource): Router {
  const router = documented(Router(), QUESTION_PICTURE_API);
  const readBody = express.raw({ type: () => true, limit: MAX_PICTURE_BYTES });
  router.put(
    '/api/questions/:id/picture',
    // The gate first: a visitor or a student is refused before any byte is read.
    (req: Request, _res: Response, next: NextFunction) => {
      requireRole(requireViewer(req), roles.staff);
      next();
    },
    readBody,
    (error: unknown, _req: Request, _res: Response, next: NextFunction) => {
      next((error as { type?: string }).type === 'entity.too.large' ? pictureTooLarge() : error);
    },
    async (req: Request, res: Response) => {
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const question = await setQuestionPicture(db, requireViewer(req), String(req.params.id), bytes);
      res.json({ pictureURL: questionPictureAddress(question) });
    },
  );
  router.delete('/api/questions/:id/picture', async (req, res) => {
    await removeQuestionPicture(db, requireViewer(req), String(req.params.id));
    res.json({ pictureURL: null });
  });
  router.get('/api/questions/:id/picture/:file', async (req, res) => {
    const digest = digestOfPictureFile(String(req.params.file));
    const picture = await readQuestionPicture(db, String(req.params.id), digest);
    if (!picture) throw notFound(PICTURE_NOT_FOUND, 'PICTURE_NOT_FOUND');
    res.setHeader('Content-Type', picture.type);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(picture.bytes);
  });
  return router;
}
