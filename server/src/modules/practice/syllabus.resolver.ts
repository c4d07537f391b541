import { Args, ArgsType, Ctx, Field, FieldResolver, ID, Int, Query, Resolver, Root } from 'type-graphql';
import { In } from 'typeorm';
import type { GraphQLContext } from '../../kernel/context';
import { Chapter, Subject } from './subject.entity';
import { classesOfBook } from './practice-set.service';

import { levelRule } from './class-level-rule';

// ---- the syllabus -------------------------------------------------------------------------

@ArgsType()
class ChaptersArgs {
  @Field(() => ID, { description: 'The subject' })
  subjectId: string;

  @Field(() => Int, { nullable: true, description: "Only the chapters of this class's book (classes 9 and 10 share theirs, as do 11 and 12)" })
  @levelRule()
  classLevel?: number | null;
}

@Resolver(() => Subject)
export class SyllabusResolver {
  @Query(() => [Subject], { description: 'The subjects of the national curriculum, in their usual order' })
  subjects(@Ctx() ctx: GraphQLContext): Promise<Subject[]> {
    return ctx.db.getRepository(Subject).find({ order: { position: 'ASC' } });
  }

  @Query(() => [Chapter], { description: "The chapters of a subject's book, for one class when given" })
  chapters(@Args() { subjectId, classLevel }: ChaptersArgs, @Ctx() ctx: GraphQLContext): Promise<Chapter[]> {
    return ctx.db.getRepository(Chapter).find({
      where: { subjectId, ...(classLevel != null ? { classLevel: In(classesOfBook(classLevel)) } : {}) },
      order: { classLevel: 'ASC', position: 'ASC' },
    });
  }
}

@Resolver(() => Chapter)
export class ChapterNameResolver {
  @FieldResolver(() => String, { description: "The chapter's name in the language of the request" })
  name(@Root() chapter: Chapter, @Ctx() ctx: GraphQLContext): string {
    return ctx.language === 'bn' ? chapter.nameBn : chapter.nameEn;
  }
}

@Resolver(() => Subject)
export class SubjectNameResolver {
  @FieldResolver(() => String, { description: "The subject's name in the language of the request" })
  name(@Root() subject: Subject, @Ctx() ctx: GraphQLContext): string {
    return ctx.language === 'bn' ? subject.nameBn : subject.nameEn;
  }
}
