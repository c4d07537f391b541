import type { Jobs } from '../../db/job-queue';
import { workQueue, type WorkQueue } from '../../db/job-queues';
import type { Language } from '../../i18n/languages';
import { text } from '../../i18n/translate';
import { accountAddress } from '../../shared/phone';
import { mailText } from '../mail/mail-text';
import { LessonQuestionNotice } from './lesson-question.entity';
import { ANSWER_NOTICE_QUEUE, QUESTION_NOTICE_QUEUE, type LessonQaDeps } from './lesson-qa.service';

/** How much of a question or answer a notice quotes. */
const QUOTED = 300;
const quote = (text: string) => (text.length > QUOTED ? `${text.slice(0, QUOTED - 1)}…` : text);

const playerPage = (courseId: string, lessonId: string) => `/myCoursePlay/${courseId}?lesson=${encodeURIComponent(lessonId)}`;

export function questionNoticeQueue(jobs: Jobs): WorkQueue {
  return workQueue(jobs, QUESTION_NOTICE_QUEUE, { retryLimit: 5, retryDelay: 60, retryBackoff: true });
}

export function answerNoticeQueue(jobs: Jobs): WorkQueue {
  return workQueue(jobs, ANSWER_NOTICE_QUEUE, { retryLimit: 5, retryDelay: 30, retryBackoff: true });
}

interface Person {
  name: string;
  email: string | null;
  phone: string | null;
  language: Language;
}

/**
 * The instructor's notice: every question of their courses not yet in a notice (hidden ones left out),
 * in one mail (an SMS to an account without email) in their language. The notice row is held while it
 * is written, so a question asked meanwhile either joins this notice or waits for the next.
 */
export async function deliverQuestionNotice(deps: LessonQaDeps, instructorId: string): Promise<void> {
  await deps.db.transaction(async (manager) => {
    const [notice] = await manager.query<unknown[]>(`SELECT 1 FROM lesson_question_notice WHERE "instructorId" = $1 FOR UPDATE`, [instructorId]);
    if (!notice) return;
    const questions = await manager.query<
      Array<{ id: string; text: string; hidden: boolean; courseId: string; courseName: string; lessonId: string; lessonTitle: string }>
    >(
      `SELECT q.id, q.text, q.hidden, q."courseId", c.name AS "courseName", q."lessonId", l.title AS "lessonTitle"
       FROM lesson_question q JOIN course c ON c.id = q."courseId" JOIN lesson l ON l.id = q."lessonId"
       WHERE q."noticedAt" IS NULL AND c."instructorId" = $1
       ORDER BY q."createdAt", q.id
       FOR UPDATE OF q`,
      [instructorId],
    );
    const shown = questions.filter((question) => !question.hidden);
    const [instructor] = await manager.query<Person[]>(`SELECT name, email, phone, language FROM "user" WHERE id = $1 AND "deletedAt" IS NULL`, [instructorId]);
    const to = instructor ? accountAddress(instructor) : '';
    const sending = shown.length > 0 && to !== '';
    if (questions.length > 0)
      await manager.query(`UPDATE lesson_question SET "noticedAt" = now() WHERE id = ANY($1)`, [questions.map((question) => question.id)]);
    await manager.getRepository(LessonQuestionNotice).update({ instructorId }, { dueAt: null, ...(sending ? { lastSentAt: new Date() } : {}) });
    if (!sending) return;
    const language = instructor.language;
    const list = shown
      .map((question) =>
        text(language, 'mail.lessonQuestions.item', {
          course: question.courseName,
          lesson: question.lessonTitle,
          text: quote(question.text),
          link: new URL(playerPage(question.courseId, question.lessonId), deps.publicUrl).toString(),
        }),
      )
      .join('\n\n');
    const first = shown[0];
    await deps.mailer.send({
      to,
      ...mailText(language, 'lessonQuestions', { name: instructor.name, count: shown.length, list }),
      page: playerPage(first.courseId, first.lessonId),
    });
  });
}

/** The asker's notice of an answer to their question, in their language (an SMS to an account without email). */
export async function deliverAnswerNotice(deps: LessonQaDeps, answerId: string): Promise<void> {
  const [row] = await deps.db.query<
    Array<Person & { question: string; answer: string; author: string; courseId: string; courseName: string; lessonId: string; lessonTitle: string }>
  >(
    `SELECT u.name, u.email, u.phone, u.language, q.text AS question, a.text AS answer, author.name AS author,
            q."courseId", c.name AS "courseName", q."lessonId", l.title AS "lessonTitle"
     FROM lesson_answer a JOIN lesson_question q ON q.id = a."questionId" JOIN "user" u ON u.id = q."askerId"
     JOIN "user" author ON author.id = a."authorId" JOIN course c ON c.id = q."courseId" JOIN lesson l ON l.id = q."lessonId"
     WHERE a.id = $1 AND u."deletedAt" IS NULL`,
    [answerId],
  );
  if (!row) return;
  const to = accountAddress(row);
  if (!to) return;
  const page = playerPage(row.courseId, row.lessonId);
  await deps.mailer.send({
    to,
    ...mailText(row.language, 'lessonQuestionAnswered', {
      name: row.name,
      author: row.author,
      course: row.courseName,
      lesson: row.lessonTitle,
      question: quote(row.question),
      answer: row.answer,
      link: new URL(page, deps.publicUrl).toString(),
    }),
    page,
  });
}
