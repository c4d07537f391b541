import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { DataSource } from 'typeorm';
import { badInput } from '../../shared/errors';
import { requireRole, requireViewer, roles } from '../auth/guards';
import { CSV_TOO_LARGE, csvText, MAX_CSV_BYTES } from './csv-file';
import { describeProblem, importQuestions } from './question-import.service';
import { documented, error, json, type RouteDocs } from '../../shared/route-docs';

/** The description of the path below, for GET /openapi.json (http/openapi.ts). */
const QUESTION_IMPORT_API: RouteDocs = {
  'POST /api/questions/import': {
    tag: 'Question bank',
    access: 'signed-in',
    summary: "Import a question CSV file into a course's bank (its editors) or the shared bank (admins)",
    description: 'The template is GraphQL `questionImportTemplate`; GraphQL `importQuestions` takes the same file as a string, for small ones.',
    query: { courseId: { description: 'The course whose bank gets the questions; left out: the shared bank (admins)', schema: { type: 'string' } } },
    body: {
      description: `The CSV file's bytes, UTF-8 or UTF-16, at most ${MAX_CSV_BYTES} bytes`,
      required: true,
      content: { 'text/csv': { type: 'string' } },
    },
    responses: {
      200: json('What the import did; each reason in the language of the request', {
        type: 'object',
        required: ['imported', 'updated', 'unchanged', 'problems'],
        properties: {
          imported: { type: 'integer', description: 'Questions added' },
          updated: { type: 'integer', description: 'Rows imported before whose explanation, difficulty, practice use or board tag changed, now updated' },
          unchanged: { type: 'integer', description: 'Rows already in the bank, exactly as they are' },
          problems: {
            type: 'array',
            items: {
              type: 'object',
              required: ['line', 'column', 'reason'],
              properties: { line: { type: 'integer' }, column: { type: ['string', 'null'] }, reason: { type: 'string' } },
            },
          },
        },
      }),
      400: error('Not a CSV file the import reads'),
      413: error('Larger than the limit (FILE_TOO_LARGE)'),
    },
  },
};

/**
 * POST /api/questions/import[?courseId=…]: a question CSV file's bytes as the body (at most 2 MB,
 * UTF-8 or UTF-16; 500 rows), into a course's bank or, without `courseId`, the shared bank (admins).
 * Answers what the import did: `{ imported, unchanged, problems: [{ line, column, reason }] }`, each reason in
 * the request's language. The GraphQL `importQuestions` takes the same file as a string, for small ones.
 */
export function questionImportRouter(db: DataSource): Router {
  const router = documented(Router(), QUESTION_IMPORT_API);
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
