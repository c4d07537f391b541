import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { DataSource } from 'typeorm';
import { notFound } from '../../shared/errors';
import { digestOfPictureFile, MAX_PICTURE_BYTES, pictureTooLarge } from '../../shared/picture';
import { documented, error, json, type RouteDocs } from '../../shared/route-docs';
import { requireViewer } from '../auth/guards';
import { readLessonQuestionPicture, removeLessonQuestionPicture, setLessonQuestionPicture } from './lesson-question-picture';

export const LESSON_PICTURE_NOT_FOUND = 'Picture not found';

const TAG = 'Lesson questions';
const questionPath = { id: { description: "The lesson question's id", schema: { type: 'string' } } };
const pictureURL = (description: string, schema: object) => json(description, { type: 'object', required: ['pictureURL'], properties: { pictureURL: schema } });

/** The description of the paths below, for GET /openapi.json (http/openapi.ts). */
const LESSON_QUESTION_PICTURE_API: RouteDocs = {
  'PUT /api/lesson-questions/:id/picture': {
    tag: TAG,
    access: 'signed-in',
    summary: 'Set the picture of a question asked under a lesson (its asker)',
    path: questionPath,
    body: {
      description: `The file's bytes: PNG, JPEG or WebP, at most ${MAX_PICTURE_BYTES} bytes (any content type: the content decides)`,
      required: true,
      content: { 'application/octet-stream': { type: 'string', contentMediaType: 'application/octet-stream' } },
    },
    responses: {
      200: pictureURL('The address of the picture now', { type: 'string' }),
      400: error('Not a PNG, JPEG or WebP (PICTURE_NOT_SUPPORTED), or larger than the limit (PICTURE_TOO_LARGE)'),
      403: error('Not the question’s asker'),
      404: error('No such question, or not one the caller may read'),
    },
  },
  'DELETE /api/lesson-questions/:id/picture': {
    tag: TAG,
    access: 'signed-in',
    summary: 'Take away the picture of a question asked under a lesson (its asker)',
    path: questionPath,
    responses: { 200: pictureURL('Gone', { type: 'null' }), 403: error('Not the question’s asker'), 404: error('No such question') },
  },
  'GET /api/lesson-questions/:id/picture/:file': {
    tag: TAG,
    access: 'signed-in',
    summary: 'The picture of a question asked under a lesson, for those who may read the question: the course’s students, its instructor, admins',
    path: {
      ...questionPath,
      file: { description: 'The digest of its content and its extension (`<digest>.png`), as `pictureURL` gives it', schema: { type: 'string' } },
    },
    responses: {
      200: { description: 'The picture', content: { 'image/png': { type: 'string' }, 'image/jpeg': { type: 'string' }, 'image/webp': { type: 'string' } } },
      401: error('Not signed in'),
      403: error('Not one of the course’s students, its instructor or an admin'),
      404: error('No such picture'),
    },
  },
};

/**
 * The picture of a question under a lesson: put and taken away by its asker, read by whoever may
 * read the question (kept privately by the browser for a year: the address changes with the content).
 */
export function lessonQuestionPictureRouter(db: DataSource): Router {
  const router = documented(Router(), LESSON_QUESTION_PICTURE_API);
  const readBody = express.raw({ type: () => true, limit: MAX_PICTURE_BYTES });
  router.put(
    '/api/lesson-questions/:id/picture',
    // A visitor is refused before any byte is read.
    (req: Request, _res: Response, next: NextFunction) => {
      requireViewer(req);
      next();
    },
    readBody,
    (error: unknown, _req: Request, _res: Response, next: NextFunction) => {
      next((error as { type?: string }).type === 'entity.too.large' ? pictureTooLarge() : error);
    },
    async (req: Request, res: Response) => {
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const question = await setLessonQuestionPicture(db, requireViewer(req), String(req.params.id), bytes);
      res.json({ pictureURL: question.pictureURL });
    },
  );
  router.delete('/api/lesson-questions/:id/picture', async (req, res) => {
    await removeLessonQuestionPicture(db, requireViewer(req), String(req.params.id));
    res.json({ pictureURL: null });
  });
  router.get('/api/lesson-questions/:id/picture/:file', async (req, res) => {
    const picture = await readLessonQuestionPicture(db, requireViewer(req), String(req.params.id), digestOfPictureFile(String(req.params.file)));
    if (!picture) throw notFound(LESSON_PICTURE_NOT_FOUND, 'PICTURE_NOT_FOUND');
    res.setHeader('Content-Type', picture.type);
    res.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(picture.bytes);
  });
  return router;
}
