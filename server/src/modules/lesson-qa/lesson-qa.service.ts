import { In, type DataSource, type EntityManager } from 'typeorm';
import { sendInTransaction, type WorkQueue } from '../../db/job-queues';
import type { Viewer } from '../../kernel/viewer';
import { AppError, badInput, notFound, textTooLong } from '../../shared/errors';
import { fetchPage, parsePage, type Page } from '../../shared/paging';
import { hitRateLimit, type Limit } from '../../shared/rate-limit';
import { isUuid } from '../../shared/validation';
import { isAdmin, teaches } from '../auth/guards';
import { LESSON_SHOWN_SQL } from '../course/lesson.service';
import { findActiveEnrollment } from '../enrollment/enrollment.service';
import type { Mailer } from '../mail/mailer';
import { LessonAnswer, LessonQuestion, LessonQuestionNotice } from './lesson-question.entity';
import { lessonQuestionPictureAddress } from './lesson-question-picture-address';

export const MAX_TEXT = 2000;
export const LESSON_NOT_FOUND = 'Lesson not found';
export const LESSON_QUESTION_NOT_FOUND = 'Question not found';
export const NOT_ENROLLED_HERE = 'Only the course’s students can ask and read questions about its lessons';
export const ONLY_STUDENTS_ASK = 'Only students enrolled in the course can ask questions';
export const ONLY_INSTRUCTOR_ANSWERS = 'Only the course’s instructor can answer its questions';
export const ONLY_INSTRUCTOR_PINS = 'Only the course’s instructor can pin its questions';
export const ONLY_MODERATORS_HIDE = 'Only the course’s instructor or an admin can hide its questions';
export const ONLY_STUDENTS_UPVOTE = 'Only students enrolled in the course can upvote questions';

/** A student asks a handful of questions an hour, not a flood (each reaches the instructor). */
export const questionsPerStudent: Limit = { name: 'lesson-question-student', max: 10, windowSeconds: 60 * 60 };
/** An instructor answers as many as they like, within reason (each answer mails its asker). */
export const answersPerInstructor: Limit = { name: 'lesson-answer-instructor', max: 120, windowSeconds: 60 * 60 };

/** The queues of the module: the instructor's notice of new questions, and the asker's notice of an answer. */
export const QUESTION_NOTICE_QUEUE = 'lesson-question-notice';
export const ANSWER_NOTICE_QUEUE = 'lesson-answer-notice';
/** An instructor hears of new questions at most once an hour: a notice gathers the questions of the hour after the first of them. */
export const NOTICE_EVERY_SECONDS = 60 * 60;
const STALE_NOTICE_SECONDS = 60 * 60;

export interface LessonQaDeps {
  db: DataSource;
  mailer: Mailer;
  publicUrl: string;
  questionNotices: WorkQueue;
  answerNotices: WorkQueue;
  /** How long the instructor's notice gathers new questions (NOTICE_EVERY_SECONDS; tests make it short). */
  noticeEverySeconds: number;
}

export type QuestionOrder = 'NEWEST' | 'TOP';

/** What the viewer is to a lesson's course: its enrolled student, its instructor, an admin (or more than one). */
interface LessonAccess {
  lessonId: string;
  lessonTitle: string;
  courseId: string;
  courseName: string;
  instructorId: string | null;
  enrolled: boolean;
  instructor: boolean;
  admin: boolean;
}

/** Hidden questions are seen by the instructor, admins and their asker. */
const seesHidden = (access: LessonAccess) => access.instructor || access.admin;

/**
 * The lesson and what the viewer is to its course; anyone else (not enrolled, not its instructor, not
 * an admin) is refused, and a lesson the viewer may not see (hidden after a failed video) is not found.
 */
async function lessonAccess(db: DataSource | EntityManager, viewer: Viewer, lessonId: string): Promise<LessonAccess> {
  const [row] = isUuid(lessonId)
    ? await db.query<Array<{ lessonId: string; lessonTitle: string; courseId: string; courseName: string; instructorId: string | null }>>(
        `SELECT l.id AS "lessonId", l.title AS "lessonTitle", c.id AS "courseId", c.name AS "courseName", c."instructorId"
         FROM lesson l JOIN course c ON c.id = l."courseId"
         WHERE l.id = $1 AND ${LESSON_SHOWN_SQL('l', '$2', '$3')}`,
        [lessonId, viewer.id, isAdmin(viewer)],
      )
    : [];
  if (!row) throw notFound(LESSON_NOT_FOUND, 'LESSON_NOT_FOUND');
  const access: LessonAccess = {
    ...row,
    instructor: teaches(viewer, row),
    admin: isAdmin(viewer),
    enrolled: Boolean(await findActiveEnrollment(db, viewer.id, row.courseId)),
  };
  if (!access.enrolled && !access.instructor && !access.admin) throw new AppError('NOT_ENROLLED', NOT_ENROLLED_HERE);
  return access;
}

/** A question and what the viewer is to its course; one the viewer may not see is not found. */
export async function questionAccess(db: DataSource, viewer: Viewer, questionId: string): Promise<{ question: LessonQuestion; access: LessonAccess }> {
  const question = isUuid(questionId) ? await db.getRepository(LessonQuestion).findOneBy({ id: questionId }) : null;
  if (!question) throw notFound(LESSON_QUESTION_NOT_FOUND, 'LESSON_QUESTION_NOT_FOUND');
  const access = await lessonAccess(db, viewer, question.lessonId);
  if (question.hidden && !seesHidden(access) && question.askerId !== viewer.id) throw notFound(LESSON_QUESTION_NOT_FOUND, 'LESSON_QUESTION_NOT_FOUND');
  return { question, access };
}

/** A typed text: trimmed; empty or over MAX_TEXT refused. */
function checkedText(text: string, kind: 'question' | 'answer'): string {
  const trimmed = text.trim();
  if (!trimmed) throw badInput(`Write your ${kind}`, { field: 'text' });
  if (trimmed.length > MAX_TEXT) throw textTooLong(`The ${kind} must be at most ${MAX_TEXT} characters`, 'text', MAX_TEXT);
  return trimmed;
}

/** Questions as the viewer reads them: who asked, whether they asked or upvoted it, and the answers. */
export async function viewsOf(db: DataSource | EntityManager, viewer: Viewer, questions: LessonQuestion[]): Promise<LessonQuestion[]> {
  if (questions.length === 0) return [];
  const ids = questions.map((question) => question.id);
  const answers = await db.getRepository(LessonAnswer).find({ where: { questionId: In(ids) }, order: { createdAt: 'ASC', id: 'ASC' } });
  const mine = new Set(
    (
      await db.query<Array<{ questionId: string }>>(`SELECT "questionId" FROM lesson_question_vote WHERE "studentId" = $1 AND "questionId" = ANY($2)`, [
        viewer.id,
        ids,
      ])
    ).map((vote) => vote.questionId),
  );
  const people = [...new Set([...questions.map((question) => question.askerId), ...answers.map((answer) => answer.authorId)])];
  const names = new Map(
    (await db.query<Array<{ id: string; name: string }>>(`SELECT id, name FROM "user" WHERE id = ANY($1)`, [people])).map((person) => [person.id, person.name]),
  );
  const answersOf = new Map<string, LessonAnswer[]>();
  for (const answer of answers) {
    answer.authorName = names.get(answer.authorId) ?? '';
    answersOf.set(answer.questionId, [...(answersOf.get(answer.questionId) ?? []), answer]);
  }
  return questions.map((question) =>
    Object.assign(question, {
      askerName: names.get(question.askerId) ?? '',
      askedByMe: question.askerId === viewer.id,
      upvotedByMe: mine.has(question.id),
      pictureURL: lessonQuestionPictureAddress(question),
      answers: answersOf.get(question.id) ?? [],
    }),
  );
}

/**
 * Keeps the instructor's notice of new questions due: when none waits, one is due in
 * `noticeEverySeconds` and its job is written in the caller's transaction; the questions asked
 * meanwhile join it. A notice whose job never ran (its retries all failed) counts as none.
 */
async function noticeInstructor(manager: EntityManager, deps: LessonQaDeps, instructorId: string): Promise<void> {
  await manager.query(`INSERT INTO lesson_question_notice ("instructorId") VALUES ($1) ON CONFLICT DO NOTHING`, [instructorId]);
  const [notice] = await manager.query<Array<{ dueAt: Date | null }>>(`SELECT "dueAt" FROM lesson_question_notice WHERE "instructorId" = $1 FOR UPDATE`, [
    instructorId,
  ]);
  // Its retries take about half an hour at most: a notice an hour past that is not coming.
  const stale = notice.dueAt !== null && new Date(notice.dueAt).getTime() < Date.now() - (deps.noticeEverySeconds + STALE_NOTICE_SECONDS) * 1000;
  if (notice.dueAt !== null && !stale) return;
  const dueAt = new Date(Date.now() + deps.noticeEverySeconds * 1000);
  await manager.getRepository(LessonQuestionNotice).update({ instructorId }, { dueAt });
  await sendInTransaction(manager, QUESTION_NOTICE_QUEUE, { instructorId }, { startAfter: dueAt });
}

/** An enrolled student asks the instructor a question under a lesson; the instructor hears of it in their next notice. */
export async function askLessonQuestion(deps: LessonQaDeps, viewer: Viewer, lessonId: string, text: string): Promise<LessonQuestion> {
  const access = await lessonAccess(deps.db, viewer, lessonId);
  if (!access.enrolled || access.instructor) throw new AppError('FORBIDDEN', ONLY_STUDENTS_ASK);
  const body = checkedText(text, 'question');
  await hitRateLimit(deps.db, questionsPerStudent, viewer.id);
  await deps.questionNotices();
  const saved = await deps.db.transaction(async (manager) => {
    const repo = manager.getRepository(LessonQuestion);
    const question = await repo.save(repo.create({ lessonId: access.lessonId, courseId: access.courseId, askerId: viewer.id, text: body, noticedAt: null }));
    if (access.instructorId) await noticeInstructor(manager, deps, access.instructorId);
    return question;
  });
  const [view] = await viewsOf(deps.db, viewer, [await deps.db.getRepository(LessonQuestion).findOneByOrFail({ id: saved.id })]);
  return view;
}

/** The course's instructor answers a question (marked as the instructor's); its asker is told, in their language. */
export async function answerLessonQuestion(deps: LessonQaDeps, viewer: Viewer, questionId: string, text: string): Promise<LessonQuestion> {
  const { question, access } = await questionAccess(deps.db, viewer, questionId);
  if (!access.instructor) throw new AppError('FORBIDDEN', ONLY_INSTRUCTOR_ANSWERS);
  const body = checkedText(text, 'answer');
  await hitRateLimit(deps.db, answersPerInstructor, viewer.id);
  await deps.answerNotices();
  await deps.db.transaction(async (manager) => {
    const repo = manager.getRepository(LessonAnswer);
    const answer = await repo.save(repo.create({ questionId: question.id, authorId: viewer.id, text: body, byInstructor: true }));
    if (question.askerId !== viewer.id) await sendInTransaction(manager, ANSWER_NOTICE_QUEUE, { answerId: answer.id });
  });
  const [view] = await viewsOf(deps.db, viewer, [question]);
  return view;
}

/**
 * A lesson's questions for its students, its instructor and admins: pinned first, then the newest
 * (or the most upvoted) first; hidden ones only for the instructor, admins and their asker.
 */
export async function lessonQuestions(
  db: DataSource,
  viewer: Viewer,
  lessonId: string,
  paging: { offset?: number; limit?: number; order?: QuestionOrder },
): Promise<Page<LessonQuestion> & { canAsk: boolean; canAnswer: boolean; canHide: boolean }> {
  const access = await lessonAccess(db, viewer, lessonId);
  const page = parsePage(paging.offset, paging.limit, 10);
  const visible = () => {
    const query = db.getRepository(LessonQuestion).createQueryBuilder('q').where('q."lessonId" = :lessonId', { lessonId: access.lessonId });
    if (!seesHidden(access)) query.andWhere('(NOT q.hidden OR q."askerId" = :me)', { me: viewer.id });
    return query;
  };
  const found = await fetchPage(
    page,
    async () => {
      const query = visible().orderBy('q.pinned', 'DESC');
      if (paging.order === 'TOP') query.addOrderBy('q.upvotes', 'DESC');
      const questions = await query.addOrderBy('q.createdAt', 'DESC').addOrderBy('q.id', 'ASC').offset(page.offset).limit(page.limit).getMany();
      return viewsOf(db, viewer, questions);
    },
    () => visible().getCount(),
  );
  return { ...found, canAsk: access.enrolled && !access.instructor, canAnswer: access.instructor, canHide: seesHidden(access) };
}

/** An enrolled student's upvote: once per question; upvoting again takes the upvote back. */
export async function upvoteLessonQuestion(db: DataSource, viewer: Viewer, questionId: string): Promise<LessonQuestion> {
  const { question, access } = await questionAccess(db, viewer, questionId);
  if (!access.enrolled || access.instructor) throw new AppError('FORBIDDEN', ONLY_STUDENTS_UPVOTE);
  await db.transaction(async (manager) => {
    const added = await manager.query<unknown[]>(
      `INSERT INTO lesson_question_vote ("questionId", "studentId") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "questionId"`,
      [question.id, viewer.id],
    );
    if (added.length > 0) await manager.query(`UPDATE lesson_question SET upvotes = upvotes + 1 WHERE id = $1`, [question.id]);
    else {
      const removed = await manager.query<[unknown[], number]>(`DELETE FROM lesson_question_vote WHERE "questionId" = $1 AND "studentId" = $2`, [
        question.id,
        viewer.id,
      ]);
      if (removed[1] > 0) await manager.query(`UPDATE lesson_question SET upvotes = upvotes - 1 WHERE id = $1`, [question.id]);
    }
  });
  const [view] = await viewsOf(db, viewer, [await db.getRepository(LessonQuestion).findOneByOrFail({ id: question.id })]);
  return view;
}

/** The course's instructor pins a question (shown first) or unpins it. */
export async function setLessonQuestionPinned(db: DataSource, viewer: Viewer, questionId: string, pinned: boolean): Promise<LessonQuestion> {
  const { question, access } = await questionAccess(db, viewer, questionId);
  if (!access.instructor) throw new AppError('FORBIDDEN', ONLY_INSTRUCTOR_PINS);
  await db.getRepository(LessonQuestion).update({ id: question.id }, { pinned });
  const [view] = await viewsOf(db, viewer, [{ ...question, pinned }]);
  return view;
}

/** The course's instructor or an admin hides a question (seen then only by them and its asker), or shows it again. */
export async function setLessonQuestionHidden(db: DataSource, viewer: Viewer, questionId: string, hidden: boolean): Promise<LessonQuestion> {
  const { question, access } = await questionAccess(db, viewer, questionId);
  if (!seesHidden(access)) throw new AppError('FORBIDDEN', ONLY_MODERATORS_HIDE);
  await db.getRepository(LessonQuestion).update({ id: question.id }, { hidden });
  const [view] = await viewsOf(db, viewer, [{ ...question, hidden }]);
  return view;
}
