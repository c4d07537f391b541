import { ArgsType, Field, Int } from 'type-graphql';

@ArgsType()
export class PageArgs {
  @Field(() => Int, { defaultValue: 0, description: 'How many items to skip, 0 to 100000' })
  offset: number;

  @Field(() => Int, { defaultValue: 12, description: 'Page size, at most 50' })
  limit: number;
}
