import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { DataSource } from 'typeorm';
import { badInput } from '../../shared/errors';
import { requireRole, requireViewer, roles } from '../auth/guards';
import { CSV_TOO_LARGE, csvText, MAX_CSV_BYTES } from './csv-file';
import { describeProblem, importQuestions } from './question-import.service';

/**
 * POST /api/questions/import[?courseId=…]: a question CSV file's bytes as the body (at most 2 MB,
 * UTF-8 or UTF-16; 500 rows), into a course's bank or, without `courseId`, the shared bank (admins).
 * Answers what the import did: `{ imported, unchanged, problems: [{ line, column, reason }] }`, each reason in
 * the request's language. The GraphQL `importQuestions` takes the same file as a string, for small ones.
 */
export function questionImportRouter(db: DataSource): Router {
  const router = Router();
  router.post(
    '/api/questions/import',
    // The gate first: a visitor or a student is refused before any byte is read.
    (req: Request, _res: Response, next: NextFunction) => {
      requireRole(requireViewer(req), roles.staff);
      next();
    },
    express.raw({ type: () => true, limit: MAX_CSV_BYTES }),
    (error: unknown, _req: Request, _res: Response, next: NextFunction) => {
      next((error as { type?: string }).type === 'entity.too.large' ? badInput(CSV_TOO_LARGE, { field: 'file', max: MAX_CSV_BYTES }, 'FILE_TOO_LARGE') : error);
    },
    async (req: Request, res: Response) => {
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const courseId = typeof req.query.courseId === 'string' && req.query.courseId ? req.query.courseId : null;
      const report = await importQuestions(db, requireViewer(req), courseId, csvText(bytes));
      const language = req.language ?? 'en';
      res.json({ ...report, problems: report.problems.map((problem) => ({ ...problem, reason: describeProblem(language, problem) })) });
    },
  );
  return router;
}
