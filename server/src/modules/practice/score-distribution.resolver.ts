import { Arg, Authorized, Ctx, Field, Float, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { roles } from '../auth/guards';
import type { GraphQLContext } from '../../kernel/context';
import { modelTestScoreDistribution } from './score-distribution.service';
import { readerOf } from '../integration/api-key.service';
import { ApiScope } from '../integration/api-key.entity';

@ObjectType({ description: 'A bar of a score distribution: how many students scored within it' })
class ScoreBucket {
  @Field(() => Float, { description: 'The lowest score of the bar (included; a negative score counts in the first bar)' }) from: number;
  @Field(() => Float, { description: 'The top of the bar (excluded, except for the last bar, which holds full marks)' }) to: number;
  @Field(() => Int, { description: 'Students whose first finished attempt scored within it' }) students: number;
}

@ObjectType({ description: "How a model test's students scored: each student's first finished attempt" })
class ModelTestScoreDistribution {
  @Field(() => ID, { description: 'The test' }) testId: string;
  @Field(() => Float, { description: 'Full marks: one a question' }) maxScore: number;
  @Field(() => Float, { description: 'The score needed to pass' }) passMark: number;
  @Field(() => Int, { description: 'Students who finished it' }) participants: number;
  @Field(() => Int, { description: 'Of them, those who reached the pass mark' }) passed: number;
  @Field(() => Float, { nullable: true, description: 'The average score, to two decimals; null before anyone finished' }) averageScore: number | null;
  @Field(() => [ScoreBucket], { description: 'Up to ten bars of equal width from 0 to full marks, lowest first (one a mark for a shorter test)' })
  buckets: ScoreBucket[];
}

@Resolver()
export class ScoreDistributionResolver {
  @Authorized(...roles.staff)
  @Query(() => ModelTestScoreDistribution, {
    description: "A model test's score distribution: its author only (the instructor of its course) and admins, and their API keys with practice:read",
  })
  modelTestScoreDistribution(
    @Arg('testId', () => ID, { description: 'The test: of the instructor’s own courses, or any for an admin' }) testId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ModelTestScoreDistribution> {
    return modelTestScoreDistribution(ctx.db, readerOf(ctx, ApiScope.PRACTICE_READ), testId);
  }
}
