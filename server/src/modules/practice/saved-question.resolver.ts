import { Arg, Args, Authorized, Ctx, Field, Float, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../kernel/context';
import { PageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import { roles } from '../auth/guards';
import { chapterStrengths } from './chapter-strength.service';
import { QuestionOption } from './question.entity';
import { listSavedQuestions, saveQuestion, unsaveQuestion, type SavedQuestionItem } from './saved-question.service';
import { Chapter } from './subject.entity';
import { BoardTag } from './board-tag';

@ObjectType({ description: 'A question you saved, as you met it: the question and its options, without the key' })
class SavedQuestionType implements SavedQuestionItem {
  @Field(() => ID, { description: 'The question' })
  questionId: string;

  @Field({ description: 'The question; formulas between $…$' })
  text: string;

  @Field(() => [QuestionOption], { description: 'Its options' })
  options: QuestionOption[];

  @Field(() => String, { nullable: true, description: 'The address of its picture; null without one' })
  pictureURL: string | null;

  @Field(() => ID, { description: 'The subject' })
  subjectId: string;

  @Field(() => ID, { nullable: true, description: 'The chapter, when given' })
  chapterId: string | null;

  @Field(() => Int, { description: 'The class' })
  classLevel: number;

  @Field(() => BoardTag, { nullable: true, description: 'The board paper that set it; null for a question of no board exam' })
  boardTag: BoardTag | null;

  @Field({ description: 'When you saved it' })
  savedAt: Date;
}

@ObjectType('SavedQuestionPage', { description: 'A page of saved questions' })
class SavedQuestionPage extends PageOf(SavedQuestionType) {}

@ObjectType({ description: 'How well you answer one chapter, over every attempt and practice set' })
class ChapterStrength {
  @Field(() => Chapter, { description: 'The chapter' })
  chapter: Chapter;

  @Field(() => Int, { description: 'Its questions you answered' })
  answered: number;

  @Field(() => Int, { description: 'Of those, answered correctly' })
  correct: number;

  @Field(() => Float, { description: 'correct / answered, 0 to 1' })
  share: number;
}

@Resolver()
export class SavedQuestionResolver {
  @Authorized(...roles.signedIn)
  @Mutation(() => Boolean, { description: 'Saves a question you have answered, to practise it again; saving again changes nothing (true)' })
  saveQuestion(@Arg('questionId', () => ID, { description: 'The question' }) questionId: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return saveQuestion(ctx.db, requireViewer(ctx), questionId);
  }

  @Authorized(...roles.signedIn)
  @Mutation(() => Boolean, { description: 'Takes a question off your saved ones (false: it is not saved now)' })
  unsaveQuestion(@Arg('questionId', () => ID, { description: 'The question' }) questionId: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return unsaveQuestion(ctx.db, requireViewer(ctx), questionId);
  }

  @Authorized(...roles.signedIn)
  @Query(() => SavedQuestionPage, { description: 'Your saved questions, the latest saved first' })
  async savedQuestions(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: GraphQLContext): Promise<SavedQuestionPage> {
    return toPage(SavedQuestionPage, await listSavedQuestions(ctx.db, requireViewer(ctx), args));
  }

  @Authorized(...roles.signedIn)
  @Query(() => [ChapterStrength], { description: 'Your accuracy in each chapter over every attempt and practice set, weakest first' })
  myChapterStrengths(@Ctx() ctx: GraphQLContext): Promise<ChapterStrength[]> {
    return chapterStrengths(ctx.db, requireViewer(ctx));
  }
}
