import type { ProductModule } from '../product-module';
import { ProgressResolver, EnrollmentProgressResolver, LessonProgressResolver, LessonProgressResultResolver } from './progress.resolver';
import { LessonProgress } from './lesson-progress.entity';

export const progressModule: ProductModule = {
  name: 'progress',
  resolvers: [ProgressResolver, EnrollmentProgressResolver, LessonProgressResolver, LessonProgressResultResolver],
  entities: [LessonProgress],
};
