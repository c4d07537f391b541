import type { ProductModule } from '../../kernel/product-module';
import type DataLoader from 'dataloader';
import { bankAccessOnce, createQuestionStatisticsLoader, type BankAccess, type QuestionStats } from './question-bank.service';
import { createQuizQuestionCountLoader } from './lesson-quiz.service';
import { createCourseQuizCountLoader, createTestQuestionCountLoader } from './model-test.service';
import { ChapterNameResolver, SubjectNameResolver, SyllabusResolver } from './syllabus.resolver';
import { QuestionBankResolver } from './question-bank.resolver';
import { ModelTestResolver, CoursePracticeResolver } from './model-test.resolver';
import { AttemptResolver, AttemptResultResolver } from './attempt.resolver';
import { LessonQuizCountResolver, LessonQuizResolver } from './lesson-quiz.resolver';
import { Subject, Chapter } from './subject.entity';
import { Question } from './question.entity';
import { ModelTest, ModelTestQuestion } from './model-test.entity';
import { Attempt, AttemptAnswer } from './attempt.entity';
import { LessonQuizAnswer, LessonQuizQuestion, LessonQuizResult } from './lesson-quiz.entity';
import { LeaderboardPreference } from './leaderboard-preference.entity';
import { questionPictureRouter } from './question-picture.router';
import { questionImportRouter } from './question-import.router';
import { PracticeSet, SavedQuestion } from './practice-set.entity';
import { PracticeSetFieldsResolver, PracticeSetResolver } from './practice-set.resolver';
import { SavedQuestionResolver } from './saved-question.resolver';
import { LiveExamResolver } from './live-exam.resolver';
import { ScoreDistributionResolver } from './score-distribution.resolver';
import { PracticeQueue, SUBMIT_AT_DEADLINE_QUEUE } from './practice-queue';
import { LiveExamNotice, LiveExamReminder, LiveExamResultsDeclined } from './live-exam-reminder.entity';
import { LIVE_EXAM_NOTICES_CRON, LIVE_EXAM_NOTICES_QUEUE, startLiveExamNotices } from './live-exam-notices';
import { createAttemptTitleLoader, type AttemptTitleParts } from './attempt-title';

declare module '../../kernel/services' {
  interface ModuleServices {
    /** Submits model test attempts at their deadline. */
    practice: PracticeQueue;
  }
}

declare module '../../kernel/context' {
  interface Loaders {
    /** What each attempt's title is made of (its model test, or its practice set's subject and chapters). */
    attemptTitle: DataLoader<string, AttemptTitleParts>;
    /** How many questions each lesson's quiz has. */
    quizQuestionCount: DataLoader<string, number>;
    /** How many questions each model test has. */
    testQuestionCount: DataLoader<string, number>;
    /** Each course's lesson quizzes and published model tests together. */
    courseQuizCount: DataLoader<string, number>;
    /** How students answered each question in finished attempts. */
    questionStatistics: DataLoader<string, QuestionStats>;
  }
  interface RequestFields {
    /** What of the question bank the viewer may read, asked once per request when first needed; null without a viewer. */
    questionBankAccess(): Promise<BankAccess> | null;
  }
}

export const practiceModule: ProductModule = {
  name: 'practice',
  services: { practice: ({ jobs }) => new PracticeQueue(jobs) },
  loaders: {
    attemptTitle: ({ db }) => createAttemptTitleLoader(db),
    quizQuestionCount: ({ db }) => createQuizQuestionCountLoader(db),
    testQuestionCount: ({ db }) => createTestQuestionCountLoader(db),
    courseQuizCount: ({ db }) => createCourseQuizCountLoader(db),
    questionStatistics: ({ db }) => createQuestionStatisticsLoader(db),
  },
  requestFields: ({ db }, _http, { viewer }) => ({ questionBankAccess: bankAccessOnce(db, viewer) }),
  resolvers: [
    SyllabusResolver,
    ChapterNameResolver,
    SubjectNameResolver,
    QuestionBankResolver,
    ModelTestResolver,
    CoursePracticeResolver,
    AttemptResolver,
    AttemptResultResolver,
    LessonQuizResolver,
    LessonQuizCountResolver,
    PracticeSetResolver,
    PracticeSetFieldsResolver,
    SavedQuestionResolver,
    LiveExamResolver,
    ScoreDistributionResolver,
  ],
  entities: [
    Subject,
    Chapter,
    Question,
    ModelTest,
    ModelTestQuestion,
    Attempt,
    AttemptAnswer,
    LeaderboardPreference,
    LessonQuizQuestion,
    LessonQuizAnswer,
    LessonQuizResult,
    PracticeSet,
    SavedQuestion,
    LiveExamReminder,
    LiveExamNotice,
    LiveExamResultsDeclined,
  ],
  routes: ({ db }) => [
    { phase: 'rest', order: 60, router: questionPictureRouter(db) },
    { phase: 'rest', order: 60, router: questionImportRouter(db) },
  ],
  jobs: ({ db, log, jobs, practice, mail, env }) => [
    {
      // Model test attempts left unfinished are submitted at their deadline. The queue starts beside
      // serving, without holding it up: until it has run, an attempt past its deadline reads as closed.
      queue: SUBMIT_AT_DEADLINE_QUEUE,
      phase: 'listening',
      start: () => {
        practice.work(db).catch((error: unknown) => {
          // A shutdown that comes before the queue has started stops it on purpose: not an error.
          if (!jobs.isStopped) log.error({ err: error }, 'the model test deadline queue did not start');
        });
        return Promise.resolve();
      },
    },
    {
      // Reminders before live exams open, and their results once they closed: every minute.
      queue: LIVE_EXAM_NOTICES_QUEUE,
      cron: LIVE_EXAM_NOTICES_CRON,
      phase: 'listening',
      start: () => startLiveExamNotices(jobs, { db, mailer: mail.mailer, publicUrl: env.publicUrl, log }),
    },
  ],
};
