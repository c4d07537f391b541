import type { ProductModule } from '../../kernel/product-module';
import type { Services } from '../../kernel/services';
import { LessonAnswer, LessonQuestion, LessonQuestionNotice, LessonQuestionVote } from './lesson-question.entity';
import { LessonQaResolver } from './lesson-qa.resolver';
import { lessonQuestionPictureRouter } from './lesson-question-picture.router';
import { answerNoticeQueue, deliverAnswerNotice, deliverQuestionNotice, questionNoticeQueue } from './lesson-qa-notices';
import { ANSWER_NOTICE_QUEUE, NOTICE_EVERY_SECONDS, QUESTION_NOTICE_QUEUE, type LessonQaDeps } from './lesson-qa.service';

declare module '../../kernel/services' {
  interface ModuleServices {
    /** Questions to the instructor under each lesson, and the notices they bring. */
    lessonQa: LessonQaDeps;
  }
}

/** The module's service; tests give the instructor's notices a shorter gathering time. */
export function lessonQaServices({ db, jobs, mail, env }: Services, noticeEverySeconds = NOTICE_EVERY_SECONDS): LessonQaDeps {
  return {
    db,
    mailer: mail.mailer,
    publicUrl: env.publicUrl,
    questionNotices: questionNoticeQueue(jobs),
    answerNotices: answerNoticeQueue(jobs),
    noticeEverySeconds,
  };
}

export const lessonQaModule: ProductModule = {
  name: 'lesson-qa',
  services: {
    lessonQa: (services) => lessonQaServices(services),
  },
  resolvers: [LessonQaResolver],
  entities: [LessonQuestion, LessonAnswer, LessonQuestionVote, LessonQuestionNotice],
  routes: ({ db }) => [{ phase: 'rest', order: 60, router: lessonQuestionPictureRouter(db) }],
  // Worked by every server copy and the worker; each notice by one of them.
  jobs: ({ lessonQa }) => [
    {
      queue: QUESTION_NOTICE_QUEUE,
      phase: 'listening',
      processes: ['server', 'worker'],
      start: async () => {
        const boss = await lessonQa.questionNotices();
        await boss.work<{ instructorId: string }>(QUESTION_NOTICE_QUEUE, { batchSize: 1 }, async ([job]) =>
          deliverQuestionNotice(lessonQa, job.data.instructorId),
        );
      },
    },
    {
      queue: ANSWER_NOTICE_QUEUE,
      phase: 'listening',
      processes: ['server', 'worker'],
      start: async () => {
        const boss = await lessonQa.answerNotices();
        await boss.work<{ answerId: string }>(ANSWER_NOTICE_QUEUE, { batchSize: 1 }, async ([job]) => deliverAnswerNotice(lessonQa, job.data.answerId));
      },
    },
  ],
};
