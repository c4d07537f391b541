import DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import { entityReader } from '../../db/entity-reader';
import { Lesson } from './lesson.entity';

/** Batches the lessons of every course a request touches into one query. */
export function createLessonsByCourseLoader(db: DataSource): DataLoader<string, Lesson[]> {
  return new DataLoader(async (courseIds: readonly string[]) => {
    const reader = entityReader(db, Lesson);
    const lessons = await reader.many(`SELECT ${reader.selectList} FROM "lesson" WHERE "courseId" = ANY($1) ORDER BY "courseId", "position"`, [[...courseIds]]);
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
