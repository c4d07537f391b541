import type { ProductModule } from '../../kernel/product-module';
import { AdminResolver } from './admin.resolver';
import { CourseReviewResolver } from './course-review.resolver';

export const adminModule: ProductModule = {
  name: 'admin',
  resolvers: [AdminResolver, CourseReviewResolver],
};
