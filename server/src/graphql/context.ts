import type DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import type { Language } from '../i18n/languages';
import type { AppLogger } from '../logger';
import type { AuthDeps } from '../modules/auth/auth.service';
import type { SessionCookie } from '../modules/auth/session-cookie';
import type { DeviceCookie } from '../modules/auth/device-cookie';
import type { CodeCookie } from '../modules/phone/code-cookie';
import type { Viewer } from '../modules/auth/viewer';
import type { ApiKeyCaller } from '../modules/integration/api-key.entity';
import type { WebhookDeps } from '../modules/integration/webhook.service';
import type { Course } from '../modules/course/course.entity';
import { createCourseByIdLoader } from '../modules/course/course.service';
import type { Lesson } from '../modules/course/lesson.entity';
import { createOwnedCourseLoader } from '../modules/enrollment/enrollment.service';
import type { MailService } from '../modules/mail/mailer';
import type { PurchaseDeps } from '../modules/payment/payment-deps';
import type { LessonProgress } from '../modules/progress/lesson-progress.entity';
import { createCourseProgressLoader, createProgressByLessonLoader, type CourseProgress } from '../modules/progress/progress.service';
import { createCertificateByEnrollmentLoader } from '../modules/certificate/certificate.service';
import type { Certificate } from '../modules/certificate/certificate.entity';
import { createCourseFiguresLoader, type CourseFigures } from '../modules/course/course-figures';
import { createLessonsByCourseLoader } from '../modules/course/lesson.service';
import type { User } from '../modules/user/user.entity';
import type { StreamSettings } from '../modules/video/stream-signature';
import type { DeadlineScheduler } from '../modules/practice/attempt.service';
import { createLessonVideosLoader, type LessonVideos } from '../modules/video/video-stream.service';

export interface Loaders {
  lessonsByCourse: DataLoader<string, Lesson[]>;
  courseById: DataLoader<string, Course | null>;
  /** Whether the viewer owns each course. */
  ownedCourse: DataLoader<string, boolean>;
  progressByLesson: DataLoader<string, LessonProgress | null>;
  /** A student's progress in a course, keyed by progressKey(studentId, courseId). */
  courseProgress: DataLoader<string, CourseProgress>;
  /** An enrollment's certificate, by enrollment id. */
  certificateByEnrollment: DataLoader<string, Certificate | null>;
  /** Students enrolled and the rating, of each course. */
  courseFigures: DataLoader<string, CourseFigures>;
  lessonVideos: DataLoader<string, LessonVideos>;
}

/** Per-request context: loaders are new for every request, never shared between them. */
export interface GraphQLContext {
  db: DataSource;
  log: AppLogger;
  requestId: string;
  /** The language answers are given in (error messages; mail sent because of the request). */
  language: Language;
  viewer: Viewer | null;
  /** The API key the request was sent with, if any (then viewer is null); graphql/api-key-scopes.ts keeps it within its scopes. */
  apiKey?: ApiKeyCaller | null;
  /** Webhook endpoints and deliveries. */
  webhooks: WebhookDeps;
  /** Set when a bearer token was sent but refused, so "sign in again" can be said. */
  authProblem?: 'invalid-token';
  clientAddress: string;
  session: SessionCookie;
  /** The browser's device cookie: notes the accounts that signed in from it (sign-in protection). */
  device: DeviceCookie;
  /** The browser's sign-in code cookie: a code by SMS works only in the browser that asked for it. */
  codeCookie?: CodeCookie;
  auth: AuthDeps;
  /** Checks an email and password through passport-local. */
  checkPassword(email: string, password: string): Promise<User>;
  payments: PurchaseDeps;
  /** PAYMENTS_TEST_MODE=true: test payment settings run on purpose (admins see a banner). */
  paymentsTestMode: boolean;
  /** The outbox's delivery (admins send failed mail again). */
  mail: MailService;
  /** Signs lesson stream addresses. */
  stream: StreamSettings;
  loaders: Loaders;
  /** Schedules the server's submission of model test attempts at their deadline. */
  practice: DeadlineScheduler;
  /** The request's access log fields, where the operation's name is put. */
  logFields?: Record<string, unknown>;
}

export function createLoaders(db: DataSource, viewer: Viewer | null): Loaders {
  return {
    lessonsByCourse: createLessonsByCourseLoader(db, viewer),
    courseById: createCourseByIdLoader(db),
    ownedCourse: createOwnedCourseLoader(db, viewer),
    progressByLesson: createProgressByLessonLoader(db, viewer),
    courseProgress: createCourseProgressLoader(db),
    certificateByEnrollment: createCertificateByEnrollmentLoader(db),
    courseFigures: createCourseFiguresLoader(db),
    lessonVideos: createLessonVideosLoader(db),
  };
}
