import type { ProductModule } from '../product-module';
import { EnrollmentResolver, CourseOwnershipResolver } from './enrollment.resolver';
import { Enrollment } from './enrollment.entity';

export const enrollmentModule: ProductModule = {
  name: 'enrollment',
  resolvers: [EnrollmentResolver, CourseOwnershipResolver],
  entities: [Enrollment],
};
