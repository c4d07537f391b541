import type { ProductModule } from '../../kernel/product-module';
import { ReviewResolver, CourseRatingResolver } from './review.resolver';
import { Review } from './review.entity';

export const reviewModule: ProductModule = {
  name: 'review',
  resolvers: [ReviewResolver, CourseRatingResolver],
  entities: [Review],
};
