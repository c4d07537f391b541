import type { ProductModule } from '../product-module';
import { SyllabusResolver, QuestionBankResolver, ModelTestResolver, CoursePracticeResolver, AttemptResolver, AttemptResultResolver } from './practice.resolver';
import { Subject, Chapter } from './subject.entity';
import { Question } from './question.entity';
import { ModelTest, ModelTestQuestion } from './model-test.entity';
import { Attempt, AttemptAnswer } from './attempt.entity';
import { LeaderboardPreference } from './leaderboard-preference.entity';

export const practiceModule: ProductModule = {
  name: 'practice',
  resolvers: [SyllabusResolver, QuestionBankResolver, ModelTestResolver, CoursePracticeResolver, AttemptResolver, AttemptResultResolver],
  entities: [Subject, Chapter, Question, ModelTest, ModelTestQuestion, Attempt, AttemptAnswer, LeaderboardPreference],
};
