import DataLoader from 'dataloader';
import { In, IsNull, Not, type DataSource, type EntityManager } from 'typeorm';
import { AppError, notFound } from '../../shared/errors';
import type { Viewer } from '../../kernel/viewer';
import { LESSON_SHOWN_SQL } from '../course/lesson.service';
import { Lesson } from '../course/lesson.entity';
import { Enrollment } from '../enrollment/enrollment.entity';
import { findActiveEnrollment } from '../enrollment/enrollment.service';
import { issueCertificate } from '../certificate/certificate.service';
import { requireQuizPassed } from '../practice/lesson-quiz.service';
import { LessonProgress } from './lesson-progress.entity';

export const ENROLL_TO_TRACK = 'Enroll in this course to track your progress';
export const MAX_POSITION_SECONDS = 24 * 3600;
export const LESSON_NOT_FOUND = 'Lesson not found';

export interface CourseProgress {
  completed: number;
  total: number;
  /** Whole percent, rounded down, so 100 only when every lesson is done. */
  percent: number;
}

export function progressOf(completed: number, total: number): CourseProgress {
  return { completed, total, percent: total === 0 ? 0 : Math.floor((completed * 100) / total) };
}

/** The lesson and the student's enrollment in its course; refused unless the student is enrolled. */
async function enrolledLesson(db: DataSource, viewer: Viewer, lessonId: string): Promise<{ lesson: Lesson; enrollment: Enrollment }> {
  const lesson = await db.getRepository(Lesson).findOneBy({ id: lessonId });
  if (!lesson) throw notFound(LESSON_NOT_FOUND, 'LESSON_NOT_FOUND');
  const enrollment = await findActiveEnrollment(db, viewer.id, lesson.courseId);
  if (!enrollment) throw new AppError('NOT_ENROLLED', ENROLL_TO_TRACK);
  return { lesson, enrollment };
}

async function saveProgress(db: DataSource | EntityManager, viewer: Viewer, lesson: Lesson, changes: Partial<LessonProgress>): Promise<LessonProgress> {
  await db
    .createQueryBuilder()
    .insert()
    .into(LessonProgress)
    .values({ studentId: viewer.id, lessonId: lesson.id, courseId: lesson.courseId, completedAt: null, lastPositionSeconds: 0, ...changes })
    .orUpdate(Object.keys(changes), ['studentId', 'lessonId'])
    .execute();
  await db
    .getRepository(Enrollment)
    .update({ studentId: viewer.id, courseId: lesson.courseId, revokedAt: IsNull() }, { lastLessonId: lesson.id, lastStudiedAt: new Date() });
  return db.getRepository(LessonProgress).findOneByOrFail({ studentId: viewer.id, lessonId: lesson.id });
}

/**
 * Marks a lesson done (or not done again) for the enrolled student. Finishing the last lesson of
 * the course issues the enrollment's certificate (once: a certificate stays issued). Where the
 * course requires its quizzes' pass mark, a lesson with a quiz is completed only once it is passed.
 */
export async function setLessonCompleted(
  db: DataSource,
  viewer: Viewer,
  lessonId: string,
  completed: boolean,
  publicUrl: string,
): Promise<{ progress: LessonProgress; enrollmentId: string }> {
  const { lesson, enrollment } = await enrolledLesson(db, viewer, lessonId);
  if (completed) await requireQuizPassed(db, viewer.id, lesson);
  // One transaction: a crash after the last lesson's completion cannot leave the course without its certificate.
  const progress = await db.transaction(async (manager) => {
    const saved = await saveProgress(manager, viewer, lesson, { completedAt: completed ? new Date() : null });
    if (completed) {
      const course = await courseProgress(manager, viewer.id, lesson.courseId);
      if (course.total > 0 && course.completed === course.total) await issueCertificate(manager, enrollment, publicUrl);
    }
    return saved;
  });
  return { progress, enrollmentId: enrollment.id };
}

/**
 * Remembers where the video stopped, so the player resumes there: one statement (the player sends
 * it every few seconds), which checks the lesson and the enrollment, writes the position and
 * marks the lesson as the one studied last.
 */
export async function saveLessonPosition(
  db: DataSource,
  viewer: Viewer,
  lessonId: string,
  seconds: number,
): Promise<{ progress: LessonProgress; enrollmentId: string }> {
  const [row] = await db.query<
    Array<{ lessonFound: boolean; enrollmentId: string | null; courseId: string | null; completedAt: Date | null; lastPositionSeconds: number | null }>
  >(
    `WITH lesson_row AS (SELECT id, "courseId" FROM lesson WHERE id = $2),
     enrolled AS (
       UPDATE enrollment SET "lastLessonId" = $2, "lastStudiedAt" = now()
       WHERE "studentId" = $1 AND "revokedAt" IS NULL AND "courseId" = (SELECT "courseId" FROM lesson_row)
       RETURNING id
     ),
     saved AS (
       INSERT INTO lesson_progress ("studentId", "lessonId", "courseId", "completedAt", "lastPositionSeconds")
       SELECT $1, id, "courseId", NULL, $3 FROM lesson_row WHERE EXISTS (SELECT 1 FROM enrolled)
       ON CONFLICT ("studentId", "lessonId") DO UPDATE SET "lastPositionSeconds" = EXCLUDED."lastPositionSeconds"
       RETURNING "courseId", "completedAt", "lastPositionSeconds"
     )
     SELECT EXISTS (SELECT 1 FROM lesson_row) AS "lessonFound", (SELECT id FROM enrolled) AS "enrollmentId",
            saved."courseId", saved."completedAt", saved."lastPositionSeconds"
     FROM (SELECT 1) AS one LEFT JOIN saved ON true`,
    [viewer.id, lessonId, Math.floor(seconds)],
  );
  if (!row?.lessonFound) throw notFound(LESSON_NOT_FOUND, 'LESSON_NOT_FOUND');
  if (!row.enrollmentId || !row.courseId) throw new AppError('NOT_ENROLLED', ENROLL_TO_TRACK);
  const progress = Object.assign(new LessonProgress(), {
    studentId: viewer.id,
    lessonId,
    courseId: row.courseId,
    completedAt: row.completedAt,
    lastPositionSeconds: row.lastPositionSeconds ?? 0,
  });
  return { progress, enrollmentId: row.enrollmentId };
}

/** The student's progress in a course: completed lessons over all the lessons they are shown (a lesson hidden before they enrolled is not theirs to finish). */
export async function courseProgress(db: DataSource | EntityManager, studentId: string, courseId: string): Promise<CourseProgress> {
  const [total, completed] = await Promise.all([
    db
      .getRepository(Lesson)
      .createQueryBuilder('l')
      .where(`l."courseId" = :courseId AND ${LESSON_SHOWN_SQL('l', ':studentId', 'false')}`, { courseId, studentId })
      .getCount(),
    db
      .getRepository(LessonProgress)
      .createQueryBuilder('p')
      .innerJoin(Lesson, 'l', 'l.id = p."lessonId"')
      .where('p."studentId" = :studentId AND p."courseId" = :courseId AND p."completedAt" IS NOT NULL', { studentId, courseId })
      .getCount(),
  ]);
  return progressOf(completed, total);
}

/** Where the player resumes: the last lesson watched, or else the first lesson not done yet. */
export async function resumeLesson(db: DataSource, enrollment: Enrollment): Promise<Lesson | null> {
  if (enrollment.lastLessonId) {
    const last = await db.getRepository(Lesson).findOneBy({ id: enrollment.lastLessonId, courseId: enrollment.courseId });
    if (last) return last;
  }
  const done = await db.getRepository(LessonProgress).find({
    select: { lessonId: true },
    where: { studentId: enrollment.studentId, courseId: enrollment.courseId, completedAt: Not(IsNull()) },
  });
  return db.getRepository(Lesson).findOne({
    where: { courseId: enrollment.courseId, ...(done.length ? { id: Not(In(done.map((d) => d.lessonId))) } : {}) },
    order: { position: 'ASC' },
  });
}

/** The key of a student's progress in a course, for createCourseProgressLoader. */
export const progressKey = (studentId: string, courseId: string) => `${studentId}/${courseId}`;

/**
 * Per request: the progress of each (student, course) a list touches, in one query, however many
 * enrollments it holds (My Courses). Keys are progressKey(studentId, courseId).
 */
export function createCourseProgressLoader(db: DataSource): DataLoader<string, CourseProgress> {
  return new DataLoader(async (keys: readonly string[]) => {
    const pairs = keys.map((key) => key.split('/'));
    const rows = await db.query<Array<{ studentId: string; courseId: string; total: number; completed: number }>>(
      `SELECT k.student AS "studentId", k.course AS "courseId",
              (SELECT count(*) FROM lesson l WHERE l."courseId" = k.course)::int AS total,
              (SELECT count(*) FROM lesson_progress p JOIN lesson l ON l.id = p."lessonId"
                WHERE p."studentId" = k.student AND p."courseId" = k.course AND p."completedAt" IS NOT NULL)::int AS completed
       FROM unnest($1::uuid[], $2::uuid[]) AS k(student, course)`,
      [pairs.map(([student]) => student), pairs.map(([, course]) => course)],
    );
    const byKey = new Map(rows.map((row) => [progressKey(row.studentId, row.courseId), progressOf(row.completed, row.total)]));
    return keys.map((key) => byKey.get(key) ?? progressOf(0, 0));
  });
}

/** Per request: the viewer's progress in each lesson a list touches, in one query. */
export function createProgressByLessonLoader(db: DataSource, viewer: Viewer | null): DataLoader<string, LessonProgress | null> {
  return new DataLoader(async (lessonIds: readonly string[]) => {
    if (!viewer) return lessonIds.map(() => null);
    const rows = await db.getRepository(LessonProgress).findBy({ studentId: viewer.id, lessonId: In([...lessonIds]) });
    const byLesson = new Map(rows.map((row) => [row.lessonId, row]));
    return lessonIds.map((id) => byLesson.get(id) ?? null);
  });
}
