import { screen, within } from '@testing-library/react';
import { AdminSummaryDocument } from './api/admin.generated';
import { UndeliveredMailDocument } from './api/mail.generated';
import AdminSummaryPage from './summary-page';
import { paths } from '../../lib/paths';
import { answer, failure, renderRoute, type RouteOptions } from '../../test/render';

const summary = (overrides: { paymentsTestMode?: boolean; undeliveredMail?: number } = {}) => ({
  adminSummary: {
    __typename: 'AdminSummary' as const,
    students: 10,
    instructors: 2,
    admins: 1,
    courses: 3,
    publishedCourses: 2,
    enrollments: 5,
    revenueTotals: [],
    recentSignUps: [],
    recentPurchases: [],
    paymentsTestMode: false,
    undeliveredMail: 0,
    signInCodes: {
      __typename: 'SignInCodeSummary' as const,
      today: { __typename: 'SignInCodeCounts' as const, sent: 12, used: 9, refused: 3, held: 0 },
      last30Days: { __typename: 'SignInCodeCounts' as const, sent: 340, used: 301, refused: 41, held: 5 },
    },
    ...overrides,
  },
});
const page = { offset: 0, limit: 10 };
const mail = (n: number, gaveUp: boolean) => ({
  __typename: 'UndeliveredMail' as const,
  id: `mail-${n}`,
  to: `student${n}@example.com`,
  subject: 'Reset your Shikhon password',
  createdAt: '2026-11-20T10:00:00.000Z',
  failedAttempts: gaveUp ? 13 : 2,
  lastError: 'Greeting never received',
  gaveUpAt: gaveUp ? '2026-11-21T10:00:00.000Z' : null,
});
const mailList = (items: ReturnType<typeof mail>[]) => ({
  undeliveredMail: { __typename: 'UndeliveredMailPage' as const, total: items.length, offset: 0, limit: 10, hasMore: false, items },
});

const open = (mocks: RouteOptions['mocks'], language: RouteOptions['language'] = 'en') =>
  renderRoute(<AdminSummaryPage />, { path: paths.adminDashboard, mocks, language });

describe('the admin summary', () => {
  it('warns admins when payments run in test mode', async () => {
    open([answer(AdminSummaryDocument, {}, summary({ paymentsTestMode: true })), answer(UndeliveredMailDocument, page, mailList([]))]);
    expect(await screen.findByTestId('payments-test-mode')).toHaveTextContent('Payments are in test mode');
  });

  it('shows no warning with live payments, and says all mail was delivered', async () => {
    open([answer(AdminSummaryDocument, {}, summary()), answer(UndeliveredMailDocument, page, mailList([]))]);
    expect(await screen.findByText('All mail was delivered.')).toBeInTheDocument();
    expect(screen.queryByTestId('payments-test-mode')).not.toBeInTheDocument();
  });

  it('counts sign-in codes sent, used, refused and those that waited for the budget', async () => {
    open([answer(AdminSummaryDocument, {}, summary()), answer(UndeliveredMailDocument, page, mailList([]))]);
    const codes = await screen.findByTestId('sign-in-codes');
    const [, today, month] = within(codes).getAllByRole('row');
    expect(today).toHaveTextContent(/Today\s*12\s*9\s*3\s*0/);
    expect(month).toHaveTextContent(/Last 30 days\s*340\s*301\s*41\s*5/);
    expect(within(codes).queryByText(/SMS budget/)).not.toBeInTheDocument();
  });

  it('says when codes wait for a spent SMS budget today, in Bangla', async () => {
    const spent = summary();
    spent.adminSummary.signInCodes.today.held = 4;
    open([answer(AdminSummaryDocument, {}, spent), answer(UndeliveredMailDocument, page, mailList([]))], 'bn');
    const codes = await screen.findByTestId('sign-in-codes');
    expect(within(codes).getByRole('columnheader', { name: 'বাজেটের অপেক্ষায় ছিল' })).toBeInTheDocument();
    expect(codes).toHaveTextContent(
      'আজকের এসএমএস বাজেট (SMS_DAILY_BUDGET) শেষ: আগামীকাল পর্যন্ত বা বাজেট বাড়ানো পর্যন্ত নতুন কোড না পাঠিয়ে অপেক্ষায় থাকবে; ৩০ মিনিটের বেশি অপেক্ষা করা কোড বাদ দেওয়া হবে।',
    );
  });

  it('lists undelivered mail, and offers to send again only what was given up', async () => {
    open([answer(AdminSummaryDocument, {}, summary({ undeliveredMail: 2 })), answer(UndeliveredMailDocument, page, mailList([mail(1, false), mail(2, true)]))]);
    const rows = await screen.findAllByTestId('undelivered-mail');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Retrying')).toBeInTheDocument();
    expect(within(rows[0]).queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
    expect(within(rows[1]).getByText('Not sent')).toBeInTheDocument();
    expect(within(rows[1]).getByText(/13 failed attempts · Greeting never received/)).toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Send again' })).toBeInTheDocument();
  });

  it('says so in Bangla, and when the mail list could not be loaded', async () => {
    open([answer(AdminSummaryDocument, {}, summary({ paymentsTestMode: true })), failure(UndeliveredMailDocument, page)], 'bn');
    expect(await screen.findByText('পেমেন্ট টেস্ট মোডে চলছে')).toBeInTheDocument();
    expect(await screen.findByText('যে মেইল পৌঁছায়নি')).toBeInTheDocument();
    expect(await screen.findByText('এটি লোড করা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।')).toBeInTheDocument();
  });
});
