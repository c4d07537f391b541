import type { ProductModule } from '../../kernel/product-module';
import type DataLoader from 'dataloader';
import { createOwnedCourseLoader } from './enrollment.service';

declare module '../../kernel/context' {
  interface Loaders {
    /** Whether the viewer owns each course. */
    ownedCourse: DataLoader<string, boolean>;
  }
}
import { EnrollmentResolver, CourseOwnershipResolver } from './enrollment.resolver';
import { Enrollment } from './enrollment.entity';

export const enrollmentModule: ProductModule = {
  name: 'enrollment',
  loaders: { ownedCourse: ({ db }, viewer) => createOwnedCourseLoader(db, viewer) },
  resolvers: [EnrollmentResolver, CourseOwnershipResolver],
  entities: [Enrollment],
};
