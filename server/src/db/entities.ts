import { Certificate } from '../modules/certificate/certificate.entity';
import { Blog } from '../modules/blog/blog.entity';
import { Course } from '../modules/course/course.entity';
import { Lesson } from '../modules/course/lesson.entity';
import { EmailVerification } from '../modules/auth/email-verification.entity';
import { PasswordReset } from '../modules/auth/password-reset.entity';
import { RefreshToken } from '../modules/auth/refresh-token.entity';
import { OutboxMessage } from '../modules/mail/outbox-message.entity';
import { Review } from '../modules/review/review.entity';
import { User } from '../modules/user/user.entity';
import { SignInCode, SignInCodeStat } from '../modules/phone/sign-in-code.entity';
import { RateLimit } from '../shared/rate-limit.entity';
import { Enrollment } from '../modules/enrollment/enrollment.entity';
import { Payment } from '../modules/payment/payment.entity';
import { Refund } from '../modules/payment/refund.entity';
import { WebhookEventSeen } from '../modules/payment/webhook-event.entity';
import { LessonProgress } from '../modules/progress/lesson-progress.entity';
import { InboxMessage } from '../modules/inbox/inbox-message.entity';
import { AuditEntry } from '../modules/audit/audit.entity';
import { LegacyRecord } from '../modules/legacy-import/legacy-record.entity';
import { LegacyChargeRequest } from '../modules/payment/legacy-charge-request.entity';
import { LessonVideo } from '../modules/video/lesson-video.entity';
import { Chapter, Subject } from '../modules/practice/subject.entity';
import { Question } from '../modules/practice/question.entity';
import { ModelTest, ModelTestQuestion } from '../modules/practice/model-test.entity';
import { Attempt, AttemptAnswer } from '../modules/practice/attempt.entity';
import { LeaderboardPreference } from '../modules/practice/leaderboard-preference.entity';
import { ApiKey } from '../modules/integration/api-key.entity';
import { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../modules/integration/webhook.entity';

/** The offline payment imitations' tables, outside production only (production never loads payments/offline/). */
function offlineEntities(): Array<new () => unknown> {
  if (process.env.NODE_ENV === 'production') return [];
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../payments/offline/entities') as { offlineEntities: Array<new () => unknown> }).offlineEntities;
}

export const entities = [
  Course,
  Lesson,
  Review,
  Blog,
  User,
  RefreshToken,
  PasswordReset,
  EmailVerification,
  SignInCode,
  SignInCodeStat,
  OutboxMessage,
  RateLimit,
  Payment,
  Enrollment,
  Refund,
  LessonProgress,
  InboxMessage,
  AuditEntry,
  LegacyRecord,
  LegacyChargeRequest,
  WebhookEventSeen,
  Certificate,
  LessonVideo,
  Subject,
  Chapter,
  Question,
  ModelTest,
  ModelTestQuestion,
  Attempt,
  AttemptAnswer,
  LeaderboardPreference,
  ApiKey,
  WebhookEndpoint,
  WebhookDelivery,
  WebhookAttempt,
  ...offlineEntities(),
];
