import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { BlogResolver } from '../modules/blog/blog.resolver';
import { CourseResolver, LessonResolver } from '../modules/course/course.resolver';
import { AuthResolver } from '../modules/auth/auth.resolver';
import { CourseOwnershipResolver, EnrollmentResolver } from '../modules/enrollment/enrollment.resolver';
import { PaymentSettingsResolver } from '../modules/payment/payment-settings.resolver';
import { CoursePaymentResolver, PurchaseResolver } from '../modules/payment/purchase.resolver';
import { PaymentHistoryResolver } from '../modules/payment/payment-history.resolver';
import { EnrollmentProgressResolver, LessonProgressResolver, LessonProgressResultResolver, ProgressResolver } from '../modules/progress/progress.resolver';
import { CourseRatingResolver, ReviewResolver } from '../modules/review/review.resolver';
import { InboxResolver } from '../modules/inbox/inbox.resolver';
import { AdminResolver } from '../modules/admin/admin.resolver';
import { CourseReviewResolver } from '../modules/admin/course-review.resolver';
import { AuditResolver } from '../modules/audit/audit.resolver';
import { InstructorResolver } from '../modules/instructor/instructor.resolver';
import { UserResolver } from '../modules/user/user.resolver';
import { PhoneResolver } from '../modules/phone/phone.resolver';
import { CertificateResolver } from '../modules/certificate/certificate.resolver';
import { LessonVideoResolver } from '../modules/video/video.resolver';
import { LessonVideoMessageResolver } from '../modules/video/video-messages';
import {
  AttemptResolver,
  AttemptResultResolver,
  CoursePracticeResolver,
  ModelTestResolver,
  QuestionBankResolver,
  SyllabusResolver,
} from '../modules/practice/practice.resolver';
import { LessonQuizCountResolver, LessonQuizResolver } from '../modules/practice/lesson-quiz.resolver';
import { ApiKeyResolver, WebhookResolver } from '../modules/integration/integration.resolver';
import { OutboxResolver } from '../modules/mail/outbox.resolver';
import { authChecker } from './auth-checker';
import { MoneyResolver } from './money';
import { validateArgument } from '../shared/validation';

export const resolvers = [
  CourseResolver,
  LessonResolver,
  ReviewResolver,
  BlogResolver,
  AuthResolver,
  UserResolver,
  PhoneResolver,
  EnrollmentResolver,
  CourseOwnershipResolver,
  PurchaseResolver,
  CoursePaymentResolver,
  PaymentHistoryResolver,
  PaymentSettingsResolver,
  ProgressResolver,
  EnrollmentProgressResolver,
  LessonProgressResolver,
  LessonProgressResultResolver,
  InstructorResolver,
  AdminResolver,
  CourseReviewResolver,
  CourseRatingResolver,
  InboxResolver,
  AuditResolver,
  CertificateResolver,
  LessonVideoResolver,
  LessonVideoMessageResolver,
  MoneyResolver,
  SyllabusResolver,
  QuestionBankResolver,
  ModelTestResolver,
  CoursePracticeResolver,
  AttemptResolver,
  AttemptResultResolver,
  LessonQuizResolver,
  LessonQuizCountResolver,
  ApiKeyResolver,
  WebhookResolver,
  OutboxResolver,
] as const;

export async function createSchema(): Promise<GraphQLSchema> {
  const schema = await buildSchema({ resolvers, validateFn: validateArgument, authChecker });
  // type-graphql names the root types but cannot describe them.
  const query = schema.getQueryType();
  if (query) query.description = 'What can be read: the catalogue, the signed-in person’s learning, and admin and instructor views';
  const mutation = schema.getMutationType();
  if (mutation) mutation.description = 'What can be changed: accounts, purchases, learning progress, courses and the site’s administration';
  return schema;
}

/** The SDL committed as schema.graphql: sorted so the file only changes when the API does. */
export function printSchemaFile(schema: GraphQLSchema): string {
  return `# Generated from the server's type-graphql schema by \`npm run schema\`. Do not edit.\n\n${printSchema(lexicographicSortSchema(schema))}\n`;
}
