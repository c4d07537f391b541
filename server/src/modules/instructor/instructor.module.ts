import type { ProductModule } from '../../kernel/product-module';
import { InstructorResolver } from './instructor.resolver';

export const instructorModule: ProductModule = {
  name: 'instructor',
  resolvers: [InstructorResolver],
};
