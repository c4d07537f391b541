import type { ProductModule } from '../../kernel/product-module';
import { InstructorResolver } from './instructor.resolver';
import { InstructorSeriesResolver } from './instructor-series.resolver';

export const instructorModule: ProductModule = {
  name: 'instructor',
  resolvers: [InstructorResolver, InstructorSeriesResolver],
};
