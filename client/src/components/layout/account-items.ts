import type { MessageKey } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import type { SessionUser } from '../../lib/session';

export interface AccountItem {
  value: string;
  label: MessageKey;
  /** Where the item goes. */
  to?: string;
}

/** The signed-in person's items, in the header's dropdown and the phone menu alike (Logout comes last, apart). */
export function accountItems(user: Pick<SessionUser, 'role'>): AccountItem[] {
  return [
    { value: 'profile', label: 'account.profile', to: paths.myProfile },
    { value: 'learning', label: 'account.learning', to: paths.myCourses },
    ...(user.role === 'INSTRUCTOR' || user.role === 'ADMIN'
      ? [{ value: 'instructor', label: 'account.instructorDashboard' as const, to: paths.instructorDashboard }]
      : []),
    ...(user.role === 'ADMIN' ? [{ value: 'admin', label: 'account.adminDashboard' as const, to: paths.adminDashboard }] : []),
  ];
}
