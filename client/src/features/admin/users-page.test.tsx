import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminUsersDocument, CloseAccountDocument, MakeAdminDocument, type AdminUsersQueryVariables } from './api/admin.generated';
import { UsersPage } from './users-page';
import { paths } from '../../lib/paths';
import { toaster } from '../../lib/toaster';
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
/** An account made with a mobile number: no email. */
const numberOnly = { ...user(3), name: 'Rahim', email: null, phone: '+8801712345678' };
const list = (items: Array<Omit<ReturnType<typeof user>, 'email' | 'phone'> & { email: string | null; phone: string | null }>) => ({
  users: { __typename: 'UserPage' as const, total: items.length, offset: 0, limit: 20, items },
});

const open = (mocks: RouteOptions['mocks'], language: RouteOptions['language'] = 'en') =>
  renderRoute(<UsersPage role="STUDENT" />, { path: paths.allStudents, mocks, language });

// What the page tells the admin after an action (the toasts themselves are drawn by the app's providers).
let toasts: jest.SpyInstance;
beforeEach(() => {
  toasts = jest.spyOn(toaster, 'create');
});
afterEach(() => toasts.mockRestore());

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

  it('shows the number of an account made with a mobile number and offers it the same actions, by its id', async () => {
    open([
      answer(AdminUsersDocument, students, list([user(1), numberOnly])),
      answer(MakeAdminDocument, { id: 'user-3' }, { makeAdmin: { id: 'user-3', role: 'ADMIN' } }),
    ]);
    const rows = await screen.findAllByTestId('user-row');
    expect(rows[1]).toHaveTextContent('+8801712345678');
    expect(within(rows[1]).getByRole('button', { name: 'Close account' })).toBeInTheDocument();
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Make Admin' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Make Rahim an admin?');
    expect(dialog).toHaveTextContent('+8801712345678 will be able to manage every user, course and refund.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make Admin' }));
    await waitFor(() => expect(toasts).toHaveBeenCalledWith({ title: 'Successfully made an admin', type: 'success' }));
  });

  it('closes an account made with a mobile number, in Bangla', async () => {
    open([answer(AdminUsersDocument, students, list([numberOnly])), answer(CloseAccountDocument, { id: 'user-3' }, { deleteUser: { id: 'user-3' } })], 'bn');
    const [row] = await screen.findAllByTestId('user-row');
    expect(screen.getByRole('columnheader', { name: 'ইমেইল বা মোবাইল নম্বর' })).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'অ্যাকাউন্ট বন্ধ করুন' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'অ্যাকাউন্ট বন্ধ করুন' }));
    await waitFor(() => expect(toasts).toHaveBeenCalledWith({ title: 'অ্যাকাউন্টটি বন্ধ করা হয়েছে', type: 'success' }));
  });
});
