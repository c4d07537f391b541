import { screen, within } from '@testing-library/react';
import { AdminUsersDocument, type AdminUsersQueryVariables } from './api/admin.generated';
import { UsersPage } from './users-page';
import { paths } from '../../lib/paths';
import { answer, failure, renderRoute, type RouteOptions } from '../../test/render';

const students: AdminUsersQueryVariables = { role: 'STUDENT', search: null, closed: null, offset: 0, limit: 20 };
const user = (n: number) => ({
  __typename: 'User' as const,
  id: `user-${n}`,
  name: `Student ${n}`,
  email: `student${n}@example.com`,
  role: 'STUDENT' as const,
  phone: null,
  createdAt: '2026-01-10T10:00:00.000Z',
});
const list = (items: ReturnType<typeof user>[]) => ({ users: { __typename: 'UserPage' as const, total: items.length, offset: 0, limit: 20, items } });

const open = (mocks: RouteOptions['mocks'], language: RouteOptions['language'] = 'en') =>
  renderRoute(<UsersPage role="STUDENT" />, { path: paths.allStudents, mocks, language });

describe('the admin list of students', () => {
  it('lists the students with their email', async () => {
    open([answer(AdminUsersDocument, students, list([user(1), user(2)]))]);
    expect(screen.getByRole('heading', { name: 'All Students' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('user-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('student1@example.com')).toBeInTheDocument();
  });

  it('says so when there is nobody, in Bangla', async () => {
    open([answer(AdminUsersDocument, students, list([]))], 'bn');
    expect(screen.getByRole('heading', { name: 'সব শিক্ষার্থী' })).toBeInTheDocument();
    expect(await screen.findByText('এখানে কোনো ব্যবহারকারী নেই।')).toBeInTheDocument();
  });

  it('says when the list could not be loaded', async () => {
    open([failure(AdminUsersDocument, students)]);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this.');
  });
});
