import type { ProductModule } from '../product-module';
import { CourseResolver, LessonResolver } from './course.resolver';
import { Course } from './course.entity';
import { Lesson } from './lesson.entity';

export const courseModule: ProductModule = {
  name: 'course',
  resolvers: [CourseResolver, LessonResolver],
  entities: [Course, Lesson],
};
