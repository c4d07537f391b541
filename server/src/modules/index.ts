import type { ProductModule } from '../kernel/product-module';
import { adminModule } from './admin/admin.module';
import { announcementModule } from './announcement/announcement.module';
import { auditModule } from './audit/audit.module';
import { authModule } from './auth/auth.module';
import { blogModule } from './blog/blog.module';
import { bundleModule } from './bundle/bundle.module';
import { certificateModule } from './certificate/certificate.module';
import { courseModule } from './course/course.module';
import { courseEditingModule } from './course-editing/course-editing.module';
import { enrollmentModule } from './enrollment/enrollment.module';
import { inboxModule } from './inbox/inbox.module';
import { instructorModule } from './instructor/instructor.module';
import { integrationModule } from './integration/integration.module';
import { legacyImportModule } from './legacy-import/legacy-import.module';
import { lessonQaModule } from './lesson-qa/lesson-qa.module';
import { mailModule } from './mail/mail.module';
import { paymentModule } from './payment/payment.module';
import { phoneModule } from './phone/phone.module';
import { practiceModule } from './practice/practice.module';
import { progressModule } from './progress/progress.module';
import { reviewModule } from './review/review.module';
import { userModule } from './user/user.module';
import { videoModule } from './video/video.module';

/** Every module of the product: the composition (`kernel/composition.ts`), the schema and the entities read their manifests. */
export const productModules: readonly ProductModule[] = [
  adminModule,
  announcementModule,
  auditModule,
  authModule,
  blogModule,
  bundleModule,
  certificateModule,
  courseModule,
  courseEditingModule,
  enrollmentModule,
  inboxModule,
  instructorModule,
  integrationModule,
  legacyImportModule,
  lessonQaModule,
  mailModule,
  paymentModule,
  phoneModule,
  practiceModule,
  progressModule,
  reviewModule,
  userModule,
  videoModule,
];
