import DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import { AppError, badInput, notFound } from '../../shared/errors';
import { parsePage, type Page } from '../../shared/paging';
import { isUuid } from '../../shared/validation';
import { isAdmin, requireCourseEditor, requireRole, roles, teaches } from '../auth/guards';
import type { Viewer } from '../../kernel/viewer';
import { Course } from '../course/course.entity';
import { COURSE_NOT_FOUND } from '../course/course.service';
import { DEFAULT_GRACE_SECONDS, MAX_GRACE_SECONDS, ModelTest, ModelTestQuestion, ReviewPolicy } from './model-test.entity';
import { requireUsableQuestions, SUBJECT_NOT_FOUND } from './question-bank.service';
import { requireConfirmedAccount } from '../auth/email-verification.service';
import { Subject } from './subject.entity';
import { countLessonQuizzes } from './lesson-quiz.service';
import { MAX_LEVEL, MIN_LEVEL } from './syllabus';

export const MODEL_TEST_NOT_FOUND = 'Model test not found';
export const FREE_TESTS_ADMINS_ONLY = 'Only admins write model tests outside a course; choose one of your courses';
export const PUBLISH_NEEDS_QUESTIONS = 'A model test needs at least one question before it is published';
export const MAX_TEST_QUESTIONS = 200;
export const REVIEW_AFTER_CLOSE_NEEDS_CLOSING = 'To show the answers after the test closes, give it a closing time';

export interface ModelTestDraft {
  title: string;
  description?: string | null;
  classLevel: number;
  subjectId: string;
  courseId?: string | null;
  free: boolean;
  durationMinutes: number;
  negativeMark: number;
  passMark: number;
  opensAt?: Date | null;
  closesAt?: Date | null;
  questionIds: string[];
  reviewAfter?: ReviewPolicy | null;
  graceSeconds?: number | null;
  questionsPerAttempt?: number | null;
}

function draftProblem(draft: ModelTestDraft): string | null {
  if (!draft.title?.trim()) return 'The title is required';
  if (draft.title.trim().length > 200) return 'The title must be at most 200 characters';
  if ((draft.description ?? '').length > 2000) return 'The description must be at most 2000 characters';
  if (!Number.isInteger(draft.classLevel) || draft.classLevel < MIN_LEVEL || draft.classLevel > MAX_LEVEL)
    return 'The class must be 1 to 12, or 13 for admission';
  if (!Number.isInteger(draft.durationMinutes) || draft.durationMinutes < 1 || draft.durationMinutes > 600) return 'The duration must be 1 to 600 minutes';
  if (!(draft.negativeMark >= 0 && draft.negativeMark <= 1)) return 'Negative marking must be from 0 to 1 per wrong answer';
  const perAttempt = draft.questionsPerAttempt ?? null;
  if (perAttempt !== null && !(Number.isInteger(perAttempt) && perAttempt >= 1 && perAttempt <= Math.max(1, draft.questionIds.length)))
    return 'Questions per attempt must be from 1 to the number of questions';
  if (!(draft.passMark >= 0 && draft.passMark <= (perAttempt ?? draft.questionIds.length))) return 'The pass mark must be from 0 to the number of questions';
  const grace = draft.graceSeconds ?? DEFAULT_GRACE_SECONDS;
  if (!(Number.isInteger(grace) && grace >= 0 && grace <= MAX_GRACE_SECONDS)) return `The grace window must be 0 to ${MAX_GRACE_SECONDS} seconds`;
  if (draft.reviewAfter === ReviewPolicy.AFTER_CLOSE && !draft.closesAt) return REVIEW_AFTER_CLOSE_NEEDS_CLOSING;
  if (draft.opensAt && draft.closesAt && draft.opensAt >= draft.closesAt) return 'The test must close after it opens';
  if (draft.questionIds.length > MAX_TEST_QUESTIONS) return `A model test has at most ${MAX_TEST_QUESTIONS} questions`;
  if (new Set(draft.questionIds).size !== draft.questionIds.length) return 'A question is in the list twice';
  if (draft.questionIds.some((id) => !isUuid(id))) return 'Question not found';
  return null;
}

async function requireTestAuthor(db: DataSource, viewer: Viewer, courseId: string | null | undefined): Promise<Course | null> {
  requireRole(viewer, roles.staff);
  await requireConfirmedAccount(db, viewer.id);
  if (!courseId) {
    if (!isAdmin(viewer)) throw new AppError('FORBIDDEN', FREE_TESTS_ADMINS_ONLY);
    return null;
  }
  const course = isUuid(courseId) ? await db.getRepository(Course).findOneBy({ id: courseId }) : null;
  if (!course) throw notFound(COURSE_NOT_FOUND, 'COURSE_NOT_FOUND');
  requireCourseEditor(viewer, course);
  return course;
}

async function checkDraft(db: DataSource, viewer: Viewer, draft: ModelTestDraft): Promise<Course | null> {
  const course = await requireTestAuthor(db, viewer, draft.courseId);
  const problem = draftProblem(draft);
  if (problem) throw badInput(problem);
  if (!(await db.getRepository(Subject).existsBy({ id: draft.subjectId }))) throw badInput(SUBJECT_NOT_FOUND, { field: 'subjectId' });
  await requireUsableQuestions(db, viewer, course?.id ?? null, draft.questionIds);
  return course;
}

function columns(draft: ModelTestDraft, course: Course | null) {
  return {
    title: draft.title.trim().normalize('NFC'),
    description: (draft.description ?? '').trim().normalize('NFC'),
    classLevel: draft.classLevel,
    subjectId: draft.subjectId,
    courseId: course?.id ?? null,
    // A test outside a course is free: nobody could enroll for it.
    free: course ? draft.free : true,
    durationMinutes: draft.durationMinutes,
    negativeMark: draft.negativeMark,
    passMark: draft.passMark,
    opensAt: draft.opensAt ?? null,
    closesAt: draft.closesAt ?? null,
    // A test with a closing time is reviewed after it closes, whatever was asked.
    reviewAfter: draft.closesAt ? ReviewPolicy.AFTER_CLOSE : (draft.reviewAfter ?? ReviewPolicy.AFTER_SUBMIT),
    graceSeconds: draft.graceSeconds ?? DEFAULT_GRACE_SECONDS,
    questionsPerAttempt: draft.questionsPerAttempt ?? null,
  };
}

export async function createModelTest(db: DataSource, viewer: Viewer, draft: ModelTestDraft): Promise<ModelTest> {
  const course = await checkDraft(db, viewer, draft);
  return db.transaction(async (manager) => {
    const test = await manager.getRepository(ModelTest).save({ ...columns(draft, course), published: false, authorId: viewer.id });
    await manager.getRepository(ModelTestQuestion).insert(draft.questionIds.map((questionId, index) => ({ testId: test.id, questionId, position: index + 1 })));
    return test;
  });
}

export async function editableTest(db: DataSource, viewer: Viewer, id: string): Promise<ModelTest> {
  const test = isUuid(id) ? await db.getRepository(ModelTest).findOneBy({ id }) : null;
  if (!test) throw notFound(MODEL_TEST_NOT_FOUND, 'MODEL_TEST_NOT_FOUND');
  await requireTestAuthor(db, viewer, test.courseId);
  return test;
}

export async function updateModelTest(db: DataSource, viewer: Viewer, id: string, draft: ModelTestDraft): Promise<ModelTest> {
  const test = await editableTest(db, viewer, id);
  const course = await checkDraft(db, viewer, draft);
  if (test.published && draft.questionIds.length === 0) throw badInput(PUBLISH_NEEDS_QUESTIONS);
  await db.transaction(async (manager) => {
    await manager.getRepository(ModelTest).update(test.id, columns(draft, course));
    await manager.getRepository(ModelTestQuestion).delete({ testId: test.id });
    if (draft.questionIds.length)
      await manager
        .getRepository(ModelTestQuestion)
        .insert(draft.questionIds.map((questionId, index) => ({ testId: test.id, questionId, position: index + 1 })));
  });
  return db.getRepository(ModelTest).findOneByOrFail({ id: test.id });
}

export async function setModelTestPublished(db: DataSource, viewer: Viewer, id: string, published: boolean): Promise<ModelTest> {
  const test = await editableTest(db, viewer, id);
  if (published && !(await db.getRepository(ModelTestQuestion).existsBy({ testId: test.id }))) throw badInput(PUBLISH_NEEDS_QUESTIONS);
  await db.getRepository(ModelTest).update(test.id, { published });
  return { ...test, published };
}

export interface ModelTestFilter {
  classLevel?: number | null;
  subjectId?: string | null;
  courseId?: string | null;
  /** Only free tests. */
  free?: boolean | null;
}

/** Published model tests, newest first, by class, subject or course. */
export async function listModelTests(db: DataSource, paging: { offset?: number; limit?: number }, filter: ModelTestFilter): Promise<Page<ModelTest>> {
  const page = parsePage(paging.offset, paging.limit);
  const query = db.getRepository(ModelTest).createQueryBuilder('t').where('t.published');
  if (filter.classLevel != null) query.andWhere('t."classLevel" = :classLevel', { classLevel: filter.classLevel });
  if (filter.subjectId) query.andWhere('t."subjectId" = :subjectId', { subjectId: filter.subjectId });
  if (filter.courseId) {
    if (!isUuid(filter.courseId)) return { items: [], ...page, countTotal: () => Promise.resolve(0) };
    query.andWhere('t."courseId" = :courseId', { courseId: filter.courseId });
  }
  if (filter.free != null) query.andWhere('t.free = :free', { free: filter.free });
  const items = await query.clone().orderBy('t."createdAt"', 'DESC').addOrderBy('t.id').skip(page.offset).take(page.limit).getMany();
  return { items, ...page, countTotal: () => query.getCount() };
}

/** The tests an author may edit: an admin's all of them, an instructor's those of their courses. */
export async function listAuthoredModelTests(db: DataSource, viewer: Viewer, courseId?: string | null): Promise<ModelTest[]> {
  requireRole(viewer, roles.staff);
  const query = db.getRepository(ModelTest).createQueryBuilder('t').orderBy('t."createdAt"', 'DESC').addOrderBy('t.id').take(200);
  if (courseId) {
    await requireTestAuthor(db, viewer, courseId);
    query.andWhere('t."courseId" = :courseId', { courseId });
  } else if (!isAdmin(viewer)) query.andWhere('t."courseId" IN (SELECT "id" FROM "course" WHERE "instructorId" = :me)', { me: viewer.id });
  return query.getMany();
}

/** A published test, or one the viewer may edit (a draft's preview); null otherwise. */
export async function findModelTest(db: DataSource, viewer: Viewer | null, id: string): Promise<ModelTest | null> {
  if (!isUuid(id)) return null;
  const test = await db.getRepository(ModelTest).findOneBy({ id });
  if (!test) return null;
  if (test.published) return test;
  if (!viewer) return null;
  if (isAdmin(viewer)) return test;
  if (test.courseId) {
    const course = await db.getRepository(Course).findOneBy({ id: test.courseId });
    if (course && teaches(viewer, course)) return test;
  }
  return null;
}

export async function testQuestionIds(db: DataSource, testId: string): Promise<string[]> {
  const rows = await db.getRepository(ModelTestQuestion).find({ where: { testId }, order: { position: 'ASC' } });
  return rows.map((row) => row.questionId);
}

/** How many questions each model test has, in one statement for the tests of a request. */
export function createTestQuestionCountLoader(db: DataSource): DataLoader<string, number> {
  return new DataLoader<string, number>(async (ids) => {
    const rows = await db.query<Array<{ testId: string; count: number }>>(
      `SELECT "testId", count(*)::int AS "count" FROM "model_test_question" WHERE "testId" = ANY($1::uuid[]) GROUP BY "testId"`,
      [ids],
    );
    const counts = new Map(rows.map((row) => [row.testId, row.count]));
    return ids.map((id) => counts.get(id) ?? 0);
  });
}

/** Each course's lesson quizzes and published model tests together (the course page's "Total quiz"), for the courses of a request. */
export function createCourseQuizCountLoader(db: DataSource): DataLoader<string, number> {
  return new DataLoader<string, number>(async (ids) => {
    const [tests, quizzes] = await Promise.all([countCourseTests(db, ids), countLessonQuizzes(db, ids)]);
    return ids.map((id) => (tests.get(id) ?? 0) + (quizzes.get(id) ?? 0));
  });
}

/** The number of published model tests of each course (its lesson quizzes: countLessonQuizzes). */
export async function countCourseTests(db: DataSource, courseIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await db.query<Array<{ courseId: string; count: number }>>(
    `SELECT "courseId", count(*)::int AS "count" FROM "model_test" WHERE "published" AND "courseId" = ANY($1::uuid[]) GROUP BY "courseId"`,
    [courseIds],
  );
  return new Map(rows.map((row) => [row.courseId, row.count]));
}
