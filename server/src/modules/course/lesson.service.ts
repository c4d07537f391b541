import DataLoader from 'dataloader';
import { In, type DataSource } from 'typeorm';
import { Lesson } from './lesson.entity';

/** Batches the lessons of every course a request touches into one query. */
export function createLessonsByCourseLoader(db: DataSource): DataLoader<string, Lesson[]> {
  return new DataLoader(async (courseIds: readonly string[]) => {
    const lessons = await db.getRepository(Lesson).find({
      where: { courseId: In([...courseIds]) },
      order: { courseId: 'ASC', position: 'ASC' },
    });
    const byCourse = new Map<string, Lesson[]>(courseIds.map((id) => [id, []]));
    for (const lesson of lessons) byCourse.get(lesson.courseId)?.push(lesson);
    return courseIds.map((id) => byCourse.get(id) ?? []);
  });
}
