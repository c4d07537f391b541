import { registerEnumType } from 'type-graphql';

export enum Role {
  STUDENT = 'STUDENT',
  INSTRUCTOR = 'INSTRUCTOR',
  ADMIN = 'ADMIN',
}
registerEnumType(Role, {
  name: 'Role',
  description: 'What a person may do on the site',
  valuesConfig: {
    STUDENT: { description: 'Buys courses and learns' },
    INSTRUCTOR: { description: 'Teaches: makes and publishes courses, sees their students and revenue' },
    ADMIN: { description: 'Runs the site: users, roles, refunds, course review, integrations' },
  },
});

/** The roles a person may choose at sign-up; admins are made by other admins. */
export const SIGN_UP_ROLES: readonly Role[] = [Role.STUDENT, Role.INSTRUCTOR];

/** The fixed avatar each role starts with. */
export const defaultAvatar: Record<Role, string> = {
  [Role.STUDENT]: '/media/people/student.svg',
  [Role.INSTRUCTOR]: '/media/people/instructor.svg',
  [Role.ADMIN]: '/media/people/instructor.svg',
};
