import DataLoader from 'dataloader';
import { In, IsNull, Not, type DataSource } from 'typeorm';
import { AppError, notFound } from '../../shared/errors';
import type { Viewer } from '../auth/viewer';
import { LESSON_SHOWN_SQL } from '../course/lesson.service';
import { Lesson } from '../course/lesson.entity';
import { Enrollment } from '../enrollment/enrollment.entity';
import { findActiveEnrollment } from '../enrollment/enrollment.service';
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
  if (!lesson) throw notFound(LESSON_NOT_FOUND);
  const enrollment = await findActiveEnrollment(db, viewer.id, lesson.courseId);
  if (!enrollment) throw new AppError('FORBIDDEN', ENROLL_TO_TRACK);
  return { lesson, enrollment };
}

async function saveProgress(db: DataSource, viewer: Viewer, lesson: Lesson, changes: Partial<LessonProgress>): Promise<LessonProgress> {
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

/** Marks a lesson done (or not done again) for the enrolled student. */
export async function setLessonCompleted(db: DataSource, viewer: Viewer, lessonId: string, completed: boolean): Promise<LessonProgress> {
  const { lesson } = await enrolledLesson(db, viewer, lessonId);
  return saveProgress(db, viewer, lesson, { completedAt: completed ? new Date() : null });
}

/** Remembers where the video stopped, so the player resumes there. */
export async function saveLessonPosition(db: DataSource, viewer: Viewer, lessonId: string, seconds: number): Promise<LessonProgress> {
  const { lesson } = await enrolledLesson(db, viewer, lessonId);
  return saveProgress(db, viewer, lesson, { lastPositionSeconds: Math.floor(seconds) });
}

/** The student's progress in a course: completed lessons over all the lessons they are shown (a lesson hidden before they enrolled is not theirs to finish). */
export async function courseProgress(db: DataSource, studentId: string, courseId: string): Promise<CourseProgress> {
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

/** Per request: the viewer's progress in each lesson a list touches, in one query. */
export function createProgressByLessonLoader(db: DataSource, viewer: Viewer | null): DataLoader<string, LessonProgress | null> {
  return new DataLoader(async (lessonIds: readonly string[]) => {
    if (!viewer) return lessonIds.map(() => null);
    const rows = await db.getRepository(LessonProgress).findBy({ studentId: viewer.id, lessonId: In([...lessonIds]) });
    const byLesson = new Map(rows.map((row) => [row.lessonId, row]));
    return lessonIds.map((id) => byLesson.get(id) ?? null);
  });
}
