import type { ProductModule } from '../../kernel/product-module';
import type DataLoader from 'dataloader';
import { createCourseByIdLoader } from './course.service';
import { createLessonsByCourseLoader } from './lesson.service';
import { createCourseFiguresLoader, type CourseFigures } from './course-figures';

declare module '../../kernel/context' {
  interface Loaders {
    lessonsByCourse: DataLoader<string, Lesson[]>;
    courseById: DataLoader<string, Course | null>;
    /** Students enrolled and the rating, of each course. */
    courseFigures: DataLoader<string, CourseFigures>;
  }
}
import { CourseResolver, LessonResolver } from './course.resolver';
import { Course } from './course.entity';
import { Lesson } from './lesson.entity';
import { CatalogueCount, CatalogueInstructor } from './catalogue-count.entity';
import { CourseRemoval } from './course-removal.entity';
// The old client's REST paths, relied on by integrators (rest/ holds the legacy shapes).
import { legacyCatalogueRouter } from '../../rest/legacy-catalogue.router';

export const courseModule: ProductModule = {
  name: 'course',
  loaders: {
    lessonsByCourse: ({ db }, viewer) => createLessonsByCourseLoader(db, viewer),
    courseById: ({ db }) => createCourseByIdLoader(db),
    courseFigures: ({ db }) => createCourseFiguresLoader(db),
  },
  resolvers: [CourseResolver, LessonResolver],
  entities: [Course, Lesson, CatalogueCount, CatalogueInstructor, CourseRemoval],
  routes: ({ db }) => [{ phase: 'rest', order: 10, router: legacyCatalogueRouter(db) }],
};
