import type { AuthChecker } from 'type-graphql';
import { AppError } from '../shared/errors';
import type { Role } from '../modules/user/role';
import type { GraphQLContext } from './context';

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';
export const SIGN_IN_AGAIN = 'Your session has ended. Please sign in again.';
export const NOT_ALLOWED = 'You are not allowed to do this.';

/** The first gate of @Authorized fields; services check ownership again. */
export const authChecker: AuthChecker<GraphQLContext, Role> = ({ context }, roles) => {
  const viewer = requireViewer(context);
  if (roles.length > 0 && !roles.includes(viewer.role)) throw new AppError('FORBIDDEN', NOT_ALLOWED);
  return true;
};

export function requireViewer(context: Pick<GraphQLContext, 'viewer' | 'authProblem'>) {
  if (!context.viewer) throw new AppError('UNAUTHENTICATED', context.authProblem ? SIGN_IN_AGAIN : SIGN_IN_REQUIRED);
  return context.viewer;
}
