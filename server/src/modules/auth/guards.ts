import { AppError } from '../../shared/errors';
import type { Course } from '../course/course.entity';
import { Role } from '../../kernel/role';
import type { Viewer } from '../../kernel/viewer';

/**
 * Who may do what, in one place. GraphQL puts the role rules on its operations with
 * `@Authorized(...roles.x)` (graphql/auth-checker.ts), REST calls `requireRole(viewer, roles.x)`,
 * and services check ownership with the functions below. server/src/authorization.test.ts reads
 * these role sets for its table of who may call what.
 */

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';
export const SIGN_IN_AGAIN = 'Your session has ended. Please sign in again.';
export const NOT_ALLOWED = 'You are not allowed to do this.';
export const ONLY_STUDENTS_BUY = 'Only students can buy courses';
export const NOT_YOUR_COURSE = 'You can only edit your own courses';

/** The role sets of the product's operations; an empty set means anyone signed in. */
export const roles = {
  signedIn: [] as Role[],
  student: [Role.STUDENT],
  /** Instructors and admins: the course editor, the instructor dashboard, blog posts. */
  staff: [Role.INSTRUCTOR, Role.ADMIN],
  admin: [Role.ADMIN],
} as const satisfies Record<string, readonly Role[]>;

/** The signed-in person, or 401 "sign in" (a token that was not good is refused before, `identifyViewer`). */
export function requireViewer(request: { viewer?: Viewer | null }): Viewer {
  if (!request.viewer) throw new AppError('UNAUTHENTICATED', SIGN_IN_REQUIRED);
  return request.viewer;
}

export const hasRole = (viewer: Viewer, allowed: readonly Role[]): boolean => allowed.length === 0 || allowed.includes(viewer.role);

/** 403 unless the viewer has one of the roles (any role when the set is empty). */
export function requireRole(viewer: Viewer, allowed: readonly Role[], message = NOT_ALLOWED): void {
  if (!hasRole(viewer, allowed)) throw new AppError('FORBIDDEN', message);
}

export const isAdmin = (viewer: Viewer): boolean => viewer.role === Role.ADMIN;

/**
 * Whether the viewer is the course's instructor: by account only. The public `instructorEmail` proves
 * nothing (anyone can sign up with it); a course with no instructor account is edited by admins.
 */
export function teaches(viewer: Viewer, course: Pick<Course, 'instructorId'>): boolean {
  return viewer.role === Role.INSTRUCTOR && course.instructorId === viewer.id;
}

/** Edits a course: its own instructor, or any admin. */
export function requireCourseEditor(viewer: Viewer, course: Pick<Course, 'instructorId'>): void {
  if (!isAdmin(viewer) && !teaches(viewer, course)) throw new AppError('FORBIDDEN', NOT_YOUR_COURSE);
}

/** Sees or changes a person's own things (account, enrollments): the person themself, or an admin. */
export function isSelfOrAdmin(viewer: Viewer, person: { id: string } | { email: string }): boolean {
  return isAdmin(viewer) || ('id' in person ? person.id === viewer.id : person.email === viewer.email);
}

export function requireSelfOrAdmin(viewer: Viewer, person: { id: string } | { email: string }, message = NOT_ALLOWED): void {
  if (!isSelfOrAdmin(viewer, person)) throw new AppError('FORBIDDEN', message);
}
