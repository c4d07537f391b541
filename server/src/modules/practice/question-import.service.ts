import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { DataSource } from 'typeorm';
import { translateMessage } from '../../i18n/translate';
import type { Language } from '../../i18n/languages';
import { badInput } from '../../shared/errors';
import { isUuid } from '../../shared/validation';
import type { Viewer } from '../../kernel/viewer';
import { classesOfBook } from './practice-set.service';
import { questionProblem, requireBankAuthor, rowOf, type QuestionDraft } from './question-bank.service';
import { Difficulty, Question } from './question.entity';
import { Chapter, Subject } from './subject.entity';
import { MAX_LEVEL, MIN_LEVEL } from './syllabus';
import { BOARD_TAG_INCOMPLETE, boardNames, type EducationBoard, maxBoardYear, MIN_BOARD_YEAR } from './board-tag';

export interface ImportProblem {
  line: number;
  /** The column the problem is in; null for a problem of the whole row. */
  column: string | null;
  /** What is wrong, in English (the transports say it in the request's language with `describeProblem`). */
  reason: string;
}

export interface ImportReport {
  imported: number;
  /** Rows imported before whose explanation, difficulty, practice use or board tag the file changes. */
  updated: number;
  unchanged: number;
  problems: ImportProblem[];
}

/**
 * The CSV template's header, in order; option3 to option6, chapter, difficulty, explanation, practice,
 * board and year may be left empty (or left out). A board question gives both `board` and `year`.
 */
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
  'practice',
  'board',
  'year',
];
const OPTIONAL = new Set(['option3', 'option4', 'option5', 'option6', 'chapter', 'difficulty', 'explanation', 'practice', 'board', 'year']);
export const CSV_TEMPLATE = `${CSV_COLUMNS.join(',')}
৯,পদার্থবিজ্ঞান,গতি,সহজ,"৫ সেকেন্ডে একটি বস্তু ২০ মিটার গেলে এর গড় দ্রুতি কত? সূত্র: $v = \\frac{s}{t}$",২ মিটার/সেকেন্ড,৪ মিটার/সেকেন্ড,১০ মিটার/সেকেন্ড,১০০ মিটার/সেকেন্ড,,,২,"$v = \\frac{20}{5} = 4$ মিটার/সেকেন্ড",হ্যাঁ,ঢাকা,২০২৩
9,physics,3,HARD,"Which law gives $F = ma$?",Newton's first law,Newton's second law,Newton's third law,,,,2,"The second law: force equals mass times acceleration.",no,,
`;
export const MAX_IMPORT_ROWS = 500;

const DIFFICULTY_WORDS: Record<string, Difficulty> = {
  easy: Difficulty.EASY,
  medium: Difficulty.MEDIUM,
  hard: Difficulty.HARD,
  সহজ: Difficulty.EASY,
  মাঝারি: Difficulty.MEDIUM,
  কঠিন: Difficulty.HARD,
};
const YES = new Set(['yes', 'y', 'true', '1', 'হ্যাঁ', 'হা', 'হ্যা']);
const NO = new Set(['no', 'n', 'false', '0', 'না', 'শুধু পরীক্ষা', 'exam', 'exam only']);

/** Each board by its code, its English or Bangla name, with or without "board" / "বোর্ড" after it. */
const BOARD_WORDS = new Map<string, EducationBoard>();

const words = (text: string) => text.normalize('NFC').trim().toLowerCase().replace(/\s+/gu, ' ');

for (const [board, names] of Object.entries(boardNames) as Array<[EducationBoard, { bn: string; en: string }]>)
  for (const name of [board, names.en, names.bn, `${names.en} board`, `${names.bn} বোর্ড`]) BOARD_WORDS.set(words(name), board);

/** A whole number written with English or Bangla digits ("৯", "12"); null when it is not one. */
export function wholeNumber(text: string | undefined): number | null {
  const latin = (text ?? '').trim().replace(/[০-৯]/gu, (d) => String('০১২৩৪৫৬৭৮৯'.indexOf(d)));
  return /^\d{1,4}$/.test(latin) ? Number(latin) : null;
}

/** A refusal of one cell: the column and what is wrong with it (messages.bn.json says each in Bangla). */
const problem = (line: number, column: string | null, reason: string): ImportProblem => ({ line, column, reason });

/** A problem as a person reads it: the column, then the reason, in `language`. */
export function describeProblem(language: Language, item: ImportProblem): string {
  const reason = translateMessage(language, item.reason);
  return item.column ? `${translateMessage(language, `Column ${item.column}`)}: ${reason}` : reason;
}

interface Lookups {
  subjects: Map<string, string>;
  chapters: Chapter[];
}

/** The chapter a cell names within a subject's book for a class: its id, its Bangla or English name, or its number in the book. */
function chapterOf(cell: string, subjectId: string, classLevel: number, chapters: Chapter[]): Chapter | null {
  const book = chapters.filter((c) => c.subjectId === subjectId && classesOfBook(classLevel).includes(c.classLevel));
  if (isUuid(cell)) return book.find((c) => c.id === cell.toLowerCase()) ?? null;
  const position = wholeNumber(cell);
  if (position !== null) return book.find((c) => c.position === position) ?? null;
  const name = words(cell);
  return book.find((c) => words(c.nameBn) === name || words(c.nameEn) === name) ?? null;
}

/** One row as a question, or the first problem found in it (each naming its column). */
function readRow(record: Record<string, string>, line: number, course: string | null, lookups: Lookups): QuestionDraft | ImportProblem {
  const classLevel = wholeNumber(record.class);
  if (classLevel === null || classLevel < MIN_LEVEL || classLevel > MAX_LEVEL)
    return problem(line, 'class', `Write the class as a number from 1 to 12, or 13 for admission; "${record.class ?? ''}" is not one`);
  const subjectId = lookups.subjects.get(words(record.subject ?? ''));
  if (!subjectId) return problem(line, 'subject', `Unknown subject "${record.subject ?? ''}"`);
  let chapterId: string | null = null;
  if ((record.chapter ?? '').trim()) {
    const chapter = chapterOf(record.chapter.trim(), subjectId, classLevel, lookups.chapters);
    if (!chapter)
      return problem(
        line,
        'chapter',
        `No chapter "${record.chapter.trim()}" in this subject's book for this class: write its Bangla or English name or its number`,
      );
    chapterId = chapter.id;
  }
  const difficultyCell = words(record.difficulty ?? '');
  const difficulty = difficultyCell ? DIFFICULTY_WORDS[difficultyCell] : Difficulty.MEDIUM;
  if (!difficulty) return problem(line, 'difficulty', `Write EASY, MEDIUM or HARD (সহজ, মাঝারি or কঠিন); "${record.difficulty}" is not one`);
  const options = ['option1', 'option2', 'option3', 'option4', 'option5', 'option6'].map((key) => record[key] ?? '').filter((text) => text.trim());
  const correct = wholeNumber(record.correct);
  if (correct === null || correct < 1 || correct > options.length)
    return problem(line, 'correct', `Write the number of the correct option, from 1 to ${Math.max(options.length, 1)}; "${record.correct ?? ''}" is not one`);
  const practiceCell = words(record.practice ?? '');
  if (practiceCell && !YES.has(practiceCell) && !NO.has(practiceCell))
    return problem(line, 'practice', `Write yes (হ্যাঁ) for a question usable in practice, or no (না) to keep it for exams; "${record.practice}" is not one`);
  const boardCell = words(record.board ?? '');
  const yearCell = (record.year ?? '').trim();
  const board = boardCell ? BOARD_WORDS.get(boardCell) : undefined;
  if (boardCell && !board)
    return problem(
      line,
      'board',
      `Unknown education board "${(record.board ?? '').trim()}": write Dhaka, Rajshahi, Cumilla, Jashore, Chattogram, Barishal, Sylhet, Dinajpur, Mymensingh, Madrasah or Technical, in Bangla or English`,
    );
  const year = yearCell ? wholeNumber(yearCell) : null;
  const lastYear = maxBoardYear();
  if (yearCell && (year === null || year < MIN_BOARD_YEAR || year > lastYear))
    return problem(line, 'year', `Write the board exam year as a number from ${MIN_BOARD_YEAR} to ${lastYear}; "${yearCell}" is not one`);
  if (Boolean(board) !== (year !== null)) return problem(line, board ? 'year' : 'board', BOARD_TAG_INCOMPLETE);
  const draft: QuestionDraft = {
    text: record.question ?? '',
    options,
    correctOption: correct - 1,
    explanation: record.explanation ?? '',
    classLevel,
    subjectId,
    chapterId,
    difficulty,
    courseId: course,
    usableInPractice: !NO.has(practiceCell),
    boardTag: board && year !== null ? { board, year } : null,
  };
  const content = questionProblem(draft);
  if (content) return problem(line, /option/i.test(content) ? 'option1-option6' : /explanation/i.test(content) ? 'explanation' : 'question', content);
  return draft;
}

/**
 * Imports questions from a CSV file (UTF-8, the template's columns). Numbers may be written with
 * Bangla digits, the subject and the chapter by their Bangla or English names (the chapter also by
 * its number in the book). Every bad row is reported with its line, its column and what is wrong;
 * the good ones are imported. A row imported before (same question, options, key, class, subject and
 * chapter, author and course) is the same question: its explanation, difficulty, practice use and
 * board tag are taken from the file when they differ (updated), so importing the same file again
 * changes nothing and a corrected file corrects them.
 */
export async function importQuestions(db: DataSource, viewer: Viewer, courseId: string | null | undefined, csv: string): Promise<ImportReport> {
  const course = await requireBankAuthor(db, viewer, courseId);
  let records: Array<{ record: Record<string, string>; line: number }>;
  try {
    // With `info`, each record comes with where it was read (its last line).
    const parsed = parse(csv.replace(/^\uFEFF/, ''), {
      columns: (header: string[]) => header.map((name) => words(name)),
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
  const missing = CSV_COLUMNS.filter((column) => !OPTIONAL.has(column));
  if (records.length > 0 && missing.some((column) => !(column in records[0].record)))
    throw badInput(`The first line must name the template's columns: ${CSV_COLUMNS.join(', ')}`);
  const subjects = new Map<string, string>();
  for (const subject of await db.getRepository(Subject).find())
    for (const name of [subject.id, subject.nameEn, subject.nameBn]) subjects.set(words(name), subject.id);
  const lookups: Lookups = { subjects, chapters: await db.getRepository(Chapter).find() };
  const report: ImportReport = { imported: 0, updated: 0, unchanged: 0, problems: [] };
  for (const { record, line } of records) {
    const read = readRow(record, line, course, lookups);
    if ('reason' in read) {
      report.problems.push(read);
      continue;
    }
    const importKey = createHash('sha256')
      .update(
        JSON.stringify([course, read.text.trim(), read.options.map((o) => o.trim()), read.correctOption, read.classLevel, read.subjectId, read.chapterId]),
      )
      .digest('hex');
    const row = rowOf(read, course);
    const inserted = await db
      .createQueryBuilder()
      .insert()
      .into(Question)
      .values({ ...row, authorId: viewer.id, importKey })
      .orIgnore()
      .returning('id')
      .execute();
    if ((inserted.raw as unknown[]).length > 0) {
      report.imported += 1;
      continue;
    }
    const details = {
      explanation: row.explanation,
      difficulty: row.difficulty,
      usableInPractice: row.usableInPractice,
      board: row.board,
      boardYear: row.boardYear,
    };
    const changed = await db
      .createQueryBuilder()
      .update(Question)
      .set(details)
      .where('"authorId" = :author AND "importKey" = :importKey', { author: viewer.id, importKey })
      .andWhere(
        '("explanation", "difficulty", "usableInPractice", "board", "boardYear") IS DISTINCT FROM (:explanation, CAST(:difficulty AS question_difficulty), :usableInPractice, CAST(:board AS education_board), CAST(:boardYear AS int))',
        details,
      )
      .execute();
    if ((changed.affected ?? 0) > 0) report.updated += 1;
    else report.unchanged += 1;
  }
  return report;
}
