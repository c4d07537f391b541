import { Args, ArgsType, Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { PageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import { levelRule } from './class-level-rule';
import { listUpcomingModelTests } from './live-exam.service';
import { ModelTest } from './model-test.entity';

@ObjectType({ description: 'A page of live exams' })
class UpcomingModelTestPage extends PageOf(ModelTest) {}

@ArgsType()
class UpcomingArgs extends PageArgs {
  @Field(() => Int, { nullable: true, description: 'Only the exams of one class (13: admission)' })
  @levelRule()
  classLevel?: number | null;
}

@Resolver(() => ModelTest)
export class LiveExamResolver {
  @Query(() => UpcomingModelTestPage, {
    description: 'Live exams: published model tests with a window that has not closed, those open now and then the soonest to open first',
  })
  async upcomingModelTests(@Args(() => UpcomingArgs) args: UpcomingArgs, @Ctx() ctx: GraphQLContext): Promise<UpcomingModelTestPage> {
    return toPage(UpcomingModelTestPage, await listUpcomingModelTests(ctx.db, args.classLevel, args));
  }
}
