import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../kernel/context';
import { ExampleNote } from './example-note.entity';

@Resolver(() => ExampleNote)
export class ExampleNoteResolver {
  @Query(() => [ExampleNote])
  exampleNotes(@Ctx() ctx: GraphQLContext): Promise<ExampleNote[]> {
    return ctx.exampleNotes.list();
  }

  @Mutation(() => ExampleNote)
  addExampleNote(@Arg('text') text: string, @Ctx() ctx: GraphQLContext): Promise<ExampleNote> {
    return ctx.exampleNotes.add(ctx.viewer, text);
  }
}
