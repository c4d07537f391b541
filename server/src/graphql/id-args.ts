import { ArgsType, Field, ID } from 'type-graphql';
import { IsId } from '../shared/validation';
import type { ErrorCode } from '../shared/error-codes';

/**
 * Arguments of one id (`name: ID!`). A value that is not an id at all answers `notFoundMessage`
 * with `code` (NOT_FOUND unless a domain code is given), as an id nobody has would, before any
 * resolver runs.
 */
export function IdArgs<N extends string>(name: N, notFoundMessage: string, description?: string, code: ErrorCode = 'NOT_FOUND'): new () => Record<N, string> {
  @ArgsType()
  class OneId {}
  Field(() => ID, description ? { description } : {})(OneId.prototype, name);
  IsId(notFoundMessage, code)(OneId.prototype, name);
  return OneId as new () => Record<N, string>;
}
