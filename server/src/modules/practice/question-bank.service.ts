import { randomUUID } from 'node:crypto';
import DataLoader from 'dataloader';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { AppError, badInput, notFound } from '../../shared/errors';
import { parsePage, type Page } from '../../shared/paging';
import { isUuid } from '../../shared/validation';
import { isAdmin, requireCourseEditor, requireRole, roles } from '../auth/guards';
import type { Viewer } from '../../kernel/viewer';
import { Course } from '../course/course.entity';
import { COURSE_NOT_FOUND } from '../course/course.service';
import { Role } from '../../kernel/role';
import { User } from '../user/user.entity';
import { requireConfirmedAccount } from '../auth/email-verification.service';
import { Difficulty, Question } from './question.entity';
import { ModelTestQuestion } from './model-test.entity';
import { Chapter, Subject } from './subject.entity';
import { checkedPicture } from '../../shared/picture';
import { MAX_LEVEL, MIN_LEVEL } from './syllabus';
import { boardColumns } from './board-tag';

export const QUESTION_NOT_FOUND = 'Question not found';
export const SUBJECT_NOT_FOUND = 'Subject not found';
export const CHAPTER_NOT_FOUND = 'Chapter not found';
export const SHARED_BANK_ADMINS_ONLY = 'Only admins write questions outside a course; choose one of your courses';
export const QUESTION_NOT_YOURS = 'A test or quiz may only use questions of its own course, or of the shared bank when an admin gave you access';
export const BANK_ACCESS_INSTRUCTORS_ONLY = 'Only instructors are given access to the shared bank';
export const QUESTION_IN_TEST = 'This question is in a model test; take it out of the test first';
export const MAX_QUESTION_TEXT = 4000;
export const MAX_OPTION_TEXT = 1000;
export const MAX_EXPLANATION = 4000;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 6;

export interface QuestionDraft {
  text: string;
  options: string[];
  /** The correct option's position in `options`, from 0. */
  correctOption: number;
  explanation?: string | null;
  classLevel: number;
  subjectId: string;
  chapterId?: string | null;
  difficulty?: Difficulty | null;
  courseId?: string | null;
  /** false keeps the question for exams only; left out, usable in practice (or, when rewriting, as it was). */
  usableInPractice?: boolean | null;
  /**
   * The board-exam tag: both the board and the year, or neither (null: no tag); left out, none (or,
   * when rewriting, as it was).
   */
  boardTag?: { board?: string | null; year?: number | null } | null;
}

const clean = (text: string) => text.trim().normalize('NFC');

/** The rules of a question's content, shared by the editor and the CSV import: the reason it is wrong, or null. */
export function questionProblem(draft: QuestionDraft): string | null {
  if (typeof draft.text !== 'string' || !draft.text.trim()) return 'The question is required';
  if (draft.text.trim().length > MAX_QUESTION_TEXT) return `The question must be at most ${MAX_QUESTION_TEXT} characters`;
  if (!Array.isArray(draft.options) || draft.options.length < MIN_OPTIONS || draft.options.length > MAX_OPTIONS)
    return `A question has ${MIN_OPTIONS} to ${MAX_OPTIONS} options`;
  if (draft.options.some((option) => typeof option !== 'string' || !option.trim())) return 'Every option needs a text';
  if (draft.options.some((option) => option.trim().length > MAX_OPTION_TEXT)) return `An option must be at most ${MAX_OPTION_TEXT} characters`;
  if (new Set(draft.options.map(clean)).size !== draft.options.length) return 'Two options have the same text';
  if (!Number.isInteger(draft.correctOption) || draft.correctOption < 0 || draft.correctOption >= draft.options.length)
    return 'Exactly one option must be the correct one';
  if ((draft.explanation ?? '').trim().length > MAX_EXPLANATION) return `The explanation must be at most ${MAX_EXPLANATION} characters`;
  if (!Number.isInteger(draft.classLevel) || draft.classLevel < MIN_LEVEL || draft.classLevel > MAX_LEVEL)
    return 'The class must be 1 to 12, or 13 for admission';
  return null;
}

/** Who may write into a bank: a course's questions its instructor or an admin; the shared bank admins only. */
export async function requireBankAuthor(manager: EntityManager | DataSource, viewer: Viewer, courseId: string | null | undefined): Promise<string | null> {
  requireRole(viewer, roles.staff);
  await requireConfirmedAccount(manager, viewer.id);
  if (!courseId) {
    if (!isAdmin(viewer)) throw new AppError('FORBIDDEN', SHARED_BANK_ADMINS_ONLY);
    return null;
  }
  const course = isUuid(courseId) ? await manager.getRepository(Course).findOneBy({ id: courseId }) : null;
  if (!course) throw notFound(COURSE_NOT_FOUND, 'COURSE_NOT_FOUND');
  requireCourseEditor(viewer, course);
  return course.id;
}

/**
 * What of the question bank a staff member may read (correct options, explanations, statistics) and
 * put into a test or quiz: an admin everything; an instructor the questions of their own courses, and
 * the shared bank only when an admin gave them access (the shared bank's free tests are open to every
 * student, so its key must not reach whoever signs up as an instructor).
 */
export interface BankAccess {
  admin: boolean;
  courseIds: ReadonlySet<string>;
  sharedBank: boolean;
}

export async function bankAccessOf(db: DataSource | EntityManager, viewer: Viewer): Promise<BankAccess> {
  if (isAdmin(viewer)) return { admin: true, courseIds: new Set(), sharedBank: true };
  if (viewer.role !== Role.INSTRUCTOR) return { admin: false, courseIds: new Set(), sharedBank: false };
  const [courses, user] = await Promise.all([
    db.getRepository(Course).find({ select: { id: true }, where: { instructorId: viewer.id } }),
    db.getRepository(User).findOne({ select: { id: true, sharedBankAccess: true }, where: { id: viewer.id } }),
  ]);
  return { admin: false, courseIds: new Set(courses.map((row) => row.id)), sharedBank: user?.sharedBankAccess ?? false };
}

/**
 * One request's question bank access: asked of the database the first time it is needed, then the
 * same answer for the rest of the request; null without a viewer.
 */
export function bankAccessOnce(db: DataSource, viewer: Viewer | null): () => Promise<BankAccess> | null {
  let access: Promise<BankAccess> | undefined;
  return () => {
    if (!viewer) return null;
    access ??= bankAccessOf(db, viewer);
    return access;
  };
}

export function mayReadQuestion(access: BankAccess, question: Pick<Question, 'courseId'>): boolean {
  if (access.admin) return true;
  return question.courseId === null ? access.sharedBank : access.courseIds.has(question.courseId);
}

/**
 * Refuses a test's or a quiz's list of questions unless every one exists, belongs to the course (or
 * the shared bank) and is one the viewer may read.
 */
export async function requireUsableQuestions(db: DataSource, viewer: Viewer, courseId: string | null, questionIds: string[]): Promise<void> {
  if (questionIds.some((id) => !isUuid(id))) throw badInput(QUESTION_NOT_FOUND, { field: 'questionIds' });
  const questions = await db.getRepository(Question).find({ select: { id: true, courseId: true }, where: { id: In(questionIds) } });
  if (questions.length !== new Set(questionIds).size) throw badInput(QUESTION_NOT_FOUND, { field: 'questionIds' });
  const access = await bankAccessOf(db, viewer);
  if (questions.some((q) => !(q.courseId === null || q.courseId === courseId) || !mayReadQuestion(access, q)))
    throw new AppError('FORBIDDEN', QUESTION_NOT_YOURS);
}

/** Gives or takes an instructor's use of the shared bank (admins). */
export async function setSharedBankAccess(db: DataSource, viewer: Viewer, userId: string, granted: boolean): Promise<boolean> {
  requireRole(viewer, roles.admin);
  const user = isUuid(userId) ? await db.getRepository(User).findOneBy({ id: userId }) : null;
  if (!user) throw notFound('No such user', 'USER_NOT_FOUND');
  if (granted && user.role !== Role.INSTRUCTOR) throw badInput(BANK_ACCESS_INSTRUCTORS_ONLY, { field: 'userId' });
  await db.getRepository(User).update(user.id, { sharedBankAccess: granted });
  return granted;
}

async function checkSyllabus(manager: EntityManager | DataSource, draft: QuestionDraft): Promise<void> {
  if (!(await manager.getRepository(Subject).existsBy({ id: draft.subjectId }))) throw badInput(SUBJECT_NOT_FOUND, { field: 'subjectId' });
  if (draft.chapterId) {
    const chapter = isUuid(draft.chapterId) ? await manager.getRepository(Chapter).findOneBy({ id: draft.chapterId }) : null;
    if (!chapter || chapter.subjectId !== draft.subjectId) throw badInput(CHAPTER_NOT_FOUND, { field: 'chapterId' });
  }
}

export function rowOf(draft: QuestionDraft, courseId: string | null, previous?: Question) {
  const options = draft.options.map((text, index) => ({ id: previous?.options[index]?.id ?? randomUUID(), text: clean(text) }));
  return {
    text: clean(draft.text),
    options,
    correctOptionId: options[draft.correctOption].id,
    explanation: clean(draft.explanation ?? ''),
    classLevel: draft.classLevel,
    subjectId: draft.subjectId,
    chapterId: draft.chapterId || null,
    difficulty: draft.difficulty ?? Difficulty.MEDIUM,
    courseId,
    usableInPractice: draft.usableInPractice ?? previous?.usableInPractice ?? true,
    ...(draft.boardTag === undefined ? { board: previous?.board ?? null, boardYear: previous?.boardYear ?? null } : boardColumns(draft.boardTag)),
  };
}

export async function createQuestion(db: DataSource, viewer: Viewer, draft: QuestionDraft): Promise<Question> {
  const courseId = await requireBankAuthor(db, viewer, draft.courseId);
  const problem = questionProblem(draft);
  if (problem) throw badInput(problem);
  await checkSyllabus(db, draft);
  return db.getRepository(Question).save({ ...rowOf(draft, courseId), authorId: viewer.id, importKey: null });
}

async function editableQuestion(db: DataSource, viewer: Viewer, id: string): Promise<Question> {
  const question = isUuid(id) ? await db.getRepository(Question).findOneBy({ id }) : null;
  if (!question) throw notFound(QUESTION_NOT_FOUND, 'QUESTION_NOT_FOUND');
  await requireBankAuthor(db, viewer, question.courseId);
  return question;
}

/** Rewrites a question; options keep their ids by position, so answers already given stay readable. */
export async function updateQuestion(db: DataSource, viewer: Viewer, id: string, draft: QuestionDraft): Promise<Question> {
  const question = await editableQuestion(db, viewer, id);
  const courseId = await requireBankAuthor(db, viewer, draft.courseId);
  const problem = questionProblem(draft);
  if (problem) throw badInput(problem);
  await checkSyllabus(db, draft);
  await db.getRepository(Question).update(question.id, rowOf(draft, courseId, question));
  return db.getRepository(Question).findOneByOrFail({ id: question.id });
}

export async function deleteQuestion(db: DataSource, viewer: Viewer, id: string): Promise<boolean> {
  const question = await editableQuestion(db, viewer, id);
  if (await db.getRepository(ModelTestQuestion).existsBy({ questionId: question.id })) throw new AppError('CONFLICT', QUESTION_IN_TEST);
  await db.getRepository(Question).delete(question.id);
  return true;
}

/**
 * Gives a question its picture, or replaces the one it has (its course's editor, or an admin for
 * the shared bank). The content decides: a PNG, JPEG or WebP of at most 1 MB; anything else is
 * refused and the question keeps what it had.
 */
export async function setQuestionPicture(db: DataSource, viewer: Viewer, id: string, bytes: Buffer): Promise<Question> {
  const question = await editableQuestion(db, viewer, id);
  await db.getRepository(Question).update(question.id, checkedPicture(bytes));
  return db.getRepository(Question).findOneByOrFail({ id: question.id });
}

/** Takes a question's picture away. */
export async function removeQuestionPicture(db: DataSource, viewer: Viewer, id: string): Promise<Question> {
  const question = await editableQuestion(db, viewer, id);
  await db.getRepository(Question).update(question.id, { picture: null, pictureType: null, pictureDigest: null });
  return db.getRepository(Question).findOneByOrFail({ id: question.id });
}

/** A question's picture as stored, when `digest` is the current one's; null otherwise. */
export async function readQuestionPicture(db: DataSource, id: string, digest: string): Promise<{ bytes: Buffer; type: string } | null> {
  if (!isUuid(id)) return null;
  const row = await db
    .getRepository(Question)
    .createQueryBuilder('q')
    .select(['q.id', 'q.pictureType', 'q.pictureDigest'])
    .addSelect('q.picture')
    .where('q.id = :id AND q."pictureDigest" = :digest', { id, digest })
    .getOne();
  return row?.picture && row.pictureType ? { bytes: row.picture, type: row.pictureType } : null;
}

export interface QuestionFilter {
  courseId?: string | null;
  subjectId?: string | null;
  classLevel?: number | null;
  chapterId?: string | null;
  difficulty?: Difficulty | null;
  /** Only the shared bank's questions (those of no course). */
  sharedBank?: boolean | null;
  /** Only board questions (those with a board-exam tag). */
  boardQuestionsOnly?: boolean | null;
}

/** The questions an author may use, newest first: an admin's all of them, an instructor's those of their courses (and the shared bank's with access). */
export async function listQuestions(
  db: DataSource,
  viewer: Viewer,
  paging: { offset?: number; limit?: number },
  filter: QuestionFilter,
): Promise<Page<Question>> {
  requireRole(viewer, roles.staff);
  const page = parsePage(paging.offset, paging.limit, 20);
  const query = db.getRepository(Question).createQueryBuilder('q');
  if (filter.courseId) {
    await requireBankAuthor(db, viewer, filter.courseId);
    query.andWhere('q."courseId" = :courseId', { courseId: filter.courseId });
  } else if (!isAdmin(viewer)) {
    const access = await bankAccessOf(db, viewer);
    query.andWhere(
      access.sharedBank
        ? '(q."courseId" IN (SELECT "id" FROM "course" WHERE "instructorId" = :me) OR q."courseId" IS NULL)'
        : 'q."courseId" IN (SELECT "id" FROM "course" WHERE "instructorId" = :me)',
      { me: viewer.id },
    );
  }
  if (filter.subjectId) query.andWhere('q."subjectId" = :subjectId', { subjectId: filter.subjectId });
  if (filter.classLevel != null) query.andWhere('q."classLevel" = :classLevel', { classLevel: filter.classLevel });
  if (filter.chapterId) {
    if (!isUuid(filter.chapterId)) return { items: [], ...page, countTotal: () => Promise.resolve(0) };
    query.andWhere('q."chapterId" = :chapterId', { chapterId: filter.chapterId });
  }
  if (filter.difficulty) query.andWhere('q."difficulty" = :difficulty', { difficulty: filter.difficulty });
  if (filter.sharedBank) query.andWhere('q."courseId" IS NULL');
  if (filter.boardQuestionsOnly) query.andWhere('q."board" IS NOT NULL');
  const items = await query.clone().orderBy('q."createdAt"', 'DESC').addOrderBy('q.id').skip(page.offset).take(page.limit).getMany();
  return { items, ...page, countTotal: () => query.getCount() };
}

export interface QuestionStats {
  questionId: string;
  answered: number;
  correctShare: number;
  mostChosenWrongOptionId: string | null;
}

/** Per question of a test: how many answered it in finished attempts, the share correct, the wrong option chosen most. */
export async function questionStatistics(db: DataSource, questionIds: string[]): Promise<QuestionStats[]> {
  if (questionIds.length === 0) return [];
  const rows = await db.query<Array<{ questionId: string; optionId: string; count: number; correct: boolean }>>(
    `SELECT a."questionId", a."optionId", count(*)::int AS "count", (a."optionId" = q."correctOptionId") AS "correct"
       FROM "attempt_answer" a JOIN "attempt" t ON t."id" = a."attemptId" AND t."submittedAt" IS NOT NULL
       JOIN "question" q ON q."id" = a."questionId"
      WHERE a."questionId" = ANY($1::uuid[])
      GROUP BY a."questionId", a."optionId", q."correctOptionId"`,
    [questionIds],
  );
  return questionIds.map((questionId) => {
    const mine = rows.filter((row) => row.questionId === questionId);
    const answered = mine.reduce((sum, row) => sum + row.count, 0);
    const correct = mine.filter((row) => row.correct).reduce((sum, row) => sum + row.count, 0);
    const wrong = mine.filter((row) => !row.correct).sort((a, b) => b.count - a.count || a.optionId.localeCompare(b.optionId))[0];
    return { questionId, answered, correctShare: answered ? correct / answered : 0, mostChosenWrongOptionId: wrong?.optionId ?? null };
  });
}

/** Each question's statistics (`questionStatistics`), in one statement for the questions of a request. */
export function createQuestionStatisticsLoader(db: DataSource): DataLoader<string, QuestionStats> {
  return new DataLoader<string, QuestionStats>(async (ids) => questionStatistics(db, [...ids]));
}
