import type { ProductModule } from '../../kernel/product-module';
import type DataLoader from 'dataloader';
import { createCourseProgressLoader, createProgressByLessonLoader, type CourseProgress } from './progress.service';

declare module '../../kernel/context' {
  interface Loaders {
    progressByLesson: DataLoader<string, LessonProgress | null>;
    /** A student's progress in a course, keyed by progressKey(studentId, courseId). */
    courseProgress: DataLoader<string, CourseProgress>;
  }
}
import { ProgressResolver, EnrollmentProgressResolver, LessonProgressResolver, LessonProgressResultResolver } from './progress.resolver';
import { LessonProgress } from './lesson-progress.entity';

export const progressModule: ProductModule = {
  name: 'progress',
  loaders: {
    progressByLesson: ({ db }, viewer) => createProgressByLessonLoader(db, viewer),
    courseProgress: ({ db }) => createCourseProgressLoader(db),
  },
  resolvers: [ProgressResolver, EnrollmentProgressResolver, LessonProgressResolver, LessonProgressResultResolver],
  entities: [LessonProgress],
};
