import type { ProductModule } from '../product-module';
import { CourseResolver, LessonResolver } from './course.resolver';
import { Course } from './course.entity';
import { Lesson } from './lesson.entity';
// The old client's REST paths, relied on by integrators (rest/ holds the legacy shapes).
import { legacyCatalogueRouter } from '../../rest/legacy-catalogue.router';

export const courseModule: ProductModule = {
  name: 'course',
  resolvers: [CourseResolver, LessonResolver],
  entities: [Course, Lesson],
  routes: ({ db }) => [{ phase: 'rest', order: 10, router: legacyCatalogueRouter(db) }],
};
