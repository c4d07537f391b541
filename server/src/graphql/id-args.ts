import { ArgsType, Field, ID } from 'type-graphql';
import { IsId } from '../shared/validation';

/**
 * Arguments of one id (`name: ID!`). A value that is not an id at all answers `notFoundMessage`
 * with NOT_FOUND, as an id nobody has would, before any resolver runs.
 */
export function IdArgs<N extends string>(name: N, notFoundMessage: string, description?: string): new () => Record<N, string> {
  @ArgsType()
  class OneId {}
  Field(() => ID, description ? { description } : {})(OneId.prototype, name);
  IsId(notFoundMessage)(OneId.prototype, name);
  return OneId as new () => Record<N, string>;
}
