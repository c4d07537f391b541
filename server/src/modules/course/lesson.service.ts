import DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import { entityReader } from '../../db/entity-reader';
import { Lesson } from './lesson.entity';
import type { Viewer } from '../../kernel/viewer';
import { isAdmin } from '../auth/guards';

/**
 * A lesson hidden after its video failed on sale (`hiddenSince`) is left out for everyone but the
 * course's instructor, admins and students who enrolled before it was hidden: new students are not
 * sold, shown or counted a lesson that cannot play. Written once here for the SQL readers.
 */
export const LESSON_SHOWN_SQL = (lesson: string, viewerParam: string, adminParam: string) =>
  `(${lesson}."hiddenSince" IS NULL OR ${adminParam}::boolean
     OR EXISTS (SELECT 1 FROM course c WHERE c.id = ${lesson}."courseId" AND c."instructorId" = ${viewerParam}::uuid)
     OR EXISTS (SELECT 1 FROM enrollment e WHERE e."courseId" = ${lesson}."courseId" AND e."studentId" = ${viewerParam}::uuid
                AND e."revokedAt" IS NULL AND e."createdAt" < ${lesson}."hiddenSince"))`;

/** Batches the lessons of every course a request touches into one query: those the viewer may see (LESSON_SHOWN_SQL). */
export function createLessonsByCourseLoader(db: DataSource, viewer: Viewer | null = null): DataLoader<string, Lesson[]> {
  return new DataLoader(async (courseIds: readonly string[]) => {
    const reader = entityReader(db, Lesson);
    const lessons = await reader.many(
      `SELECT ${reader.selectList} FROM "lesson" WHERE "courseId" = ANY($1) AND ${LESSON_SHOWN_SQL('"lesson"', '$2', '$3')} ORDER BY "courseId", "position"`,
      [[...courseIds], viewer?.id ?? null, viewer ? isAdmin(viewer) : false],
    );
    const byCourse = new Map<string, Lesson[]>(courseIds.map((id) => [id, []]));
    for (const lesson of lessons) byCourse.get(lesson.courseId)?.push(lesson);
    return courseIds.map((id) => byCourse.get(id) ?? []);
  });
}

/** The lessons' total length, only when every lesson's length is known (a partial sum would mislead). */
export function totalDurationSeconds(lessons: Array<Pick<Lesson, 'durationSeconds'>>): number | null {
  if (lessons.length === 0 || lessons.some((lesson) => lesson.durationSeconds === null)) return null;
  return lessons.reduce((sum, lesson) => sum + lesson.durationSeconds!, 0);
}
