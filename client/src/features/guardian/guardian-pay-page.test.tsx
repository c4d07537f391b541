import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import GuardianPayPage, { GuardianPaidPage } from './guardian-pay-page';
import { GuardianPaymentDocument, type GuardianPaymentQuery } from './api/guardian.generated';
import { paths, routePatterns } from '../../lib/paths';
import { answer, failure, renderRoute, type RouteOptions } from '../../test/render';

const token = 'abc123';
const link = (overrides: Partial<GuardianPaymentQuery['guardianPayment']> = {}): GuardianPaymentQuery => ({
  guardianPayment: {
    studentFirstName: 'নাফিসা',
    courseId: 'course-1',
    courseName: 'পদার্থবিজ্ঞান – নবম শ্রেণি',
    price: { amount: 120_000, currency: 'BDT' },
    expiresAt: '2026-12-01T10:00:00.000Z',
    status: 'OPEN',
    paidAt: null,
    transactionId: null,
    ...overrides,
  },
});
const open = (mocks: RouteOptions['mocks']) =>
  renderRoute(<GuardianPayPage />, { path: routePatterns.guardianPay, at: paths.guardianPay(token), language: 'bn', mocks });

describe('the guardian’s page', () => {
  it('names only the student’s first name, the course and the price, and asks for the guardian’s name before paying', async () => {
    open([answer(GuardianPaymentDocument, { token }, link())]);
    expect(await screen.findByText('নাফিসা আপনাকে শিখনে এই কোর্সের টাকা পরিশোধ করতে অনুরোধ করেছে:')).toBeInTheDocument();
    expect(screen.getByTestId('guardian-course')).toHaveTextContent('পদার্থবিজ্ঞান – নবম শ্রেণি');
    expect(screen.getByTestId('guardian-price')).toHaveTextContent('৳১,২০০');
    await userEvent.click(screen.getByRole('button', { name: '৳১,২০০ পরিশোধ করুন' }));
    expect(await screen.findByText('এটি পূরণ করতে হবে')).toBeInTheDocument();
  });

  it('shows the receipt of a paid link, and says when a link ran out or is wrong', async () => {
    const paid = open([answer(GuardianPaymentDocument, { token }, link({ status: 'PAID', paidAt: '2026-11-29T10:00:00.000Z', transactionId: 'BTX123' }))]);
    expect(await screen.findByText('পরিশোধ হয়েছে। ধন্যবাদ! শিক্ষার্থী এখন কোর্সটি পেয়েছে।')).toBeInTheDocument();
    expect(screen.getByTestId('guardian-transaction')).toHaveTextContent('BTX123');
    expect(screen.queryByRole('button', { name: /পরিশোধ করুন/ })).toBeNull();
    paid.unmount();

    const late = open([answer(GuardianPaymentDocument, { token }, link({ status: 'EXPIRED' }))]);
    expect(await screen.findByText('এই লিংকের মেয়াদ শেষ (এটি ৪৮ ঘণ্টা কাজ করে)। শিক্ষার্থীকে নতুন একটি পাঠাতে বলুন।')).toBeInTheDocument();
    late.unmount();

    open([failure(GuardianPaymentDocument, { token }, 'This payment link is not valid.', { code: 'GUARDIAN_PAYMENT_NOT_FOUND', category: 'NOT_FOUND' })]);
    expect(await screen.findByText('এই পরিশোধের লিংকটি সঠিক নয়। শিক্ষার্থীকে নতুন একটি পাঠাতে বলুন।')).toBeInTheDocument();
  });

  it('after the gateway, says how the payment went', async () => {
    renderRoute(<GuardianPaidPage />, { path: paths.guardianPaid, at: `${paths.guardianPaid}?canceled=true`, language: 'bn' });
    expect(await screen.findByText('পেমেন্ট বাতিল করা হয়েছে। কোনো টাকা কাটা হয়নি।')).toBeInTheDocument();
  });
});
