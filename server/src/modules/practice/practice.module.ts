import type { ProductModule } from '../product-module';
import { SyllabusResolver, QuestionBankResolver, ModelTestResolver, CoursePracticeResolver, AttemptResolver, AttemptResultResolver } from './practice.resolver';
import { LessonQuizCountResolver, LessonQuizResolver } from './lesson-quiz.resolver';
import { Subject, Chapter } from './subject.entity';
import { Question } from './question.entity';
import { ModelTest, ModelTestQuestion } from './model-test.entity';
import { Attempt, AttemptAnswer } from './attempt.entity';
import { LessonQuizAnswer, LessonQuizQuestion, LessonQuizResult } from './lesson-quiz.entity';
import { LeaderboardPreference } from './leaderboard-preference.entity';

export const practiceModule: ProductModule = {
  name: 'practice',
  resolvers: [
    SyllabusResolver,
    QuestionBankResolver,
    ModelTestResolver,
    CoursePracticeResolver,
    AttemptResolver,
    AttemptResultResolver,
    LessonQuizResolver,
    LessonQuizCountResolver,
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
  ],
};
