import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { DataSource } from 'typeorm';
import { badInput } from '../../shared/errors';
import type { Viewer } from '../../kernel/viewer';
import { Difficulty, Question } from './question.entity';
import { Chapter, Subject } from './subject.entity';
import { CHAPTER_NOT_FOUND, questionProblem, requireBankAuthor, rowOf, type QuestionDraft } from './question-bank.service';

/** Questions imported from a CSV file of the template's columns (the file's encoding: csv-file.ts). */

export interface ImportProblem {
  line: number;
  reason: string;
}

export interface ImportReport {
  imported: number;
  unchanged: number;
  problems: ImportProblem[];
}

/** The CSV template's header, in order; option5 and option6 may be left empty. */
export const CSV_COLUMNS = [
  'class',
  'subject',
  'chapter',
  'difficulty',
  'question',
  'option1',
  'option2',
  'option3',
  'option4',
  'option5',
  'option6',
  'correct',
  'explanation',
];
export const CSV_TEMPLATE = `${CSV_COLUMNS.join(',')}
9,physics,a0000000-0000-4000-8000-000000000902,EASY,"৫ সেকেন্ডে একটি বস্তু ২০ মিটার গেলে এর গড় দ্রুতি কত? সূত্র: $v = \\frac{s}{t}$",২ মিটার/সেকেন্ড,৪ মিটার/সেকেন্ড,১০ মিটার/সেকেন্ড,১০০ মিটার/সেকেন্ড,,,2,"$v = \\frac{20}{5} = 4$ মিটার/সেকেন্ড"
`;
export const MAX_IMPORT_ROWS = 500;

/**
 * Imports questions from a CSV file (UTF-8, the template's columns). Every bad row is reported
 * with its line and reason and the good ones are imported; a row imported before (same content,
 * same author and course) is left as it is, so importing the same file again changes nothing.
 */
export async function importQuestions(db: DataSource, viewer: Viewer, courseId: string | null | undefined, csv: string): Promise<ImportReport> {
  const course = await requireBankAuthor(db, viewer, courseId);
  let records: Array<{ record: Record<string, string>; line: number }>;
  try {
    // With `info`, each record comes with where it was read (its last line).
    const parsed = parse(csv.replace(/^\uFEFF/, ''), {
      columns: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      info: true,
    }) as unknown as Array<{ record: Record<string, string>; info: { lines: number } }>;
    records = parsed.map(({ record, info }) => ({ record, line: info.lines }));
  } catch (error) {
    throw badInput(`The file is not a CSV file of the template's columns: ${(error as Error).message}`);
  }
  if (records.length > MAX_IMPORT_ROWS) throw badInput(`A file may hold at most ${MAX_IMPORT_ROWS} questions`);
  const missing = CSV_COLUMNS.filter((column) => !['option3', 'option4', 'option5', 'option6', 'chapter', 'difficulty', 'explanation'].includes(column));
  if (records.length > 0 && missing.some((column) => !(column in records[0].record)))
    throw badInput(`The first line must name the template's columns: ${CSV_COLUMNS.join(', ')}`);
  const subjectIds = new Map<string, string>();
  for (const subject of await db.getRepository(Subject).find())
    for (const name of [subject.id, subject.nameEn, subject.nameBn]) subjectIds.set(name.toLowerCase().normalize('NFC'), subject.id);
  const chapters = new Map((await db.getRepository(Chapter).find()).map((chapter) => [chapter.id, chapter]));
  const report: ImportReport = { imported: 0, unchanged: 0, problems: [] };
  for (const { record, line } of records) {
    const subjectId = subjectIds.get((record.subject ?? '').toLowerCase().normalize('NFC'));
    const options = ['option1', 'option2', 'option3', 'option4', 'option5', 'option6'].map((key) => record[key] ?? '').filter((text) => text.trim());
    const difficulty = (record.difficulty || 'MEDIUM').toUpperCase();
    const draft: QuestionDraft = {
      text: record.question ?? '',
      options,
      correctOption: /^\d+$/.test(record.correct ?? '') ? Number(record.correct) - 1 : -1,
      explanation: record.explanation ?? '',
      classLevel: /^\d+$/.test(record.class ?? '') ? Number(record.class) : 0,
      subjectId: subjectId ?? '',
      chapterId: record.chapter || null,
      difficulty: difficulty as Difficulty,
      courseId: course,
    };
    const chapter = draft.chapterId ? chapters.get(draft.chapterId) : undefined;
    const reason =
      questionProblem(draft) ??
      (!subjectId ? `Unknown subject "${record.subject ?? ''}"` : null) ??
      (draft.chapterId && (!chapter || chapter.subjectId !== subjectId) ? CHAPTER_NOT_FOUND : null) ??
      (!(difficulty in Difficulty) ? 'Difficulty must be EASY, MEDIUM or HARD' : null);
    if (reason) {
      report.problems.push({ line, reason });
      continue;
    }
    const importKey = createHash('sha256')
      .update(JSON.stringify([course, draft.text.trim(), options.map((o) => o.trim()), draft.correctOption, draft.classLevel, subjectId, draft.chapterId]))
      .digest('hex');
    const inserted = await db
      .createQueryBuilder()
      .insert()
      .into(Question)
      .values({ ...rowOf(draft, course), authorId: viewer.id, importKey })
      .orIgnore()
      .returning('id')
      .execute();
    if ((inserted.raw as unknown[]).length > 0) report.imported += 1;
    else report.unchanged += 1;
  }
  return report;
}
