import type { AuthChecker, MiddlewareFn } from 'type-graphql';
import { hasRole, NOT_ALLOWED, requireCourseEditor, requireViewer } from '../modules/auth/guards';
import { AppError } from '../shared/errors';
import { isUuid } from '../shared/validation';
import type { Role } from '../kernel/role';
import type { GraphQLContext } from '../kernel/context';
import { API_KEY_FIELDS } from './api-key-scopes';

export { requireViewer } from '../modules/auth/guards';

/**
 * The first gate of `@Authorized(...roles.x)` operations (the role sets are in modules/auth/guards.ts).
 * An API key passes it only on the root fields keys may use (api-key-scopes.ts checked its scope
 * before the operation ran) and only when its owner has one of the roles: the resolver then reads
 * within the owner's reach (`readerOf`). A key never gets a field meant for a person inside an answer.
 */
export const authChecker: AuthChecker<GraphQLContext, Role> = ({ context, info }, allowed) => {
  if (context.apiKey) {
    const root = info.parentType === info.schema.getQueryType() ? 'query' : info.parentType === info.schema.getMutationType() ? 'mutation' : null;
    if (root && API_KEY_FIELDS[root][info.fieldName] && hasRole(context.apiKey.owner, allowed)) return true;
    throw new AppError('FORBIDDEN', NOT_ALLOWED);
  }
  if (!hasRole(requireViewer(context), allowed)) throw new AppError('FORBIDDEN', NOT_ALLOWED);
  return true;
};

/**
 * The ownership gate of an operation on one course (`@UseMiddleware(CourseEditor('id'))`): only its
 * instructor or an admin gets as far as the input rules. The service checks again for every caller.
 */
export const CourseEditor =
  (argName: string): MiddlewareFn<GraphQLContext> =>
  async ({ args, context }, next) => {
    const id: unknown = args[argName];
    const course = isUuid(id) ? await context.loaders.courseById.load(id) : null;
    if (course) requireCourseEditor(requireViewer(context), course);
    return (await next()) as unknown;
  };
