import { screen, within } from '@testing-library/react';
import { MyPayments } from './my-payments';
import { MyPaymentsDocument, type MyPaymentsQuery } from '../api/payments.generated';
import { paths } from '../../../lib/paths';
import { answer, renderRoute, type RouteOptions } from '../../../test/render';

type Item = MyPaymentsQuery['myPayments']['items'][number];

// As the server sends them, with their type names (the cache reads them).
const payment = (id: string, overrides: Partial<Item>): Item => ({
  ...{ __typename: 'PaymentRecord' as const },
  id,
  amountPaid: { ...{ __typename: 'Money' as const }, amount: 120_000, currency: 'BDT' },
  paidWith: 'bKash',
  status: 'SUCCEEDED',
  courseName: 'Physics – Class 9',
  createdAt: '2026-11-20T10:00:00.000Z',
  transactionId: null,
  receiptURL: null,
  failureReason: null,
  ...overrides,
});

const items: Item[] = [
  payment('paid', { transactionId: 'BKASH-TRX-9A1', receiptURL: 'https://shikhon.example/receipts/paid' }),
  payment('declined', { status: 'FAILED', paidWith: 'bKash / Nagad / Rocket / card', failureReason: 'DECLINED' }),
  payment('cancelled', { status: 'FAILED', paidWith: 'bKash / Nagad / Rocket / card', failureReason: 'CANCELLED' }),
  payment('expired', { status: 'FAILED', paidWith: 'bKash / Nagad / Rocket / card', failureReason: 'EXPIRED' }),
  payment('gateway', { status: 'FAILED', paidWith: 'bKash / Nagad / Rocket / card', failureReason: 'GATEWAY_ERROR' }),
];

const open = (language: RouteOptions['language']) =>
  renderRoute(<MyPayments />, {
    path: paths.myProfile,
    language,
    mocks: [
      answer(
        MyPaymentsDocument,
        { offset: 0, limit: 10 },
        { myPayments: { ...{ __typename: 'PaymentRecordPage' as const }, total: 5, offset: 0, limit: 10, items } },
      ),
    ],
  });

describe('My payments', () => {
  it('shows a paid payment’s transaction id and a link to its receipt, and each failure’s reason in words', async () => {
    open('en');
    const rows = await screen.findAllByTestId('my-payment');
    expect(within(rows[0]).getByTestId('payment-transaction')).toHaveTextContent('Transaction ID: BKASH-TRX-9A1');
    expect(within(rows[0]).getByRole('link', { name: 'Receipt for Physics – Class 9' })).toHaveAttribute('href', paths.receipt('paid'));
    expect(within(rows[0]).queryByTestId('payment-failure')).toBeNull();
    const reasons = rows.slice(1).map((row) => within(row).getByTestId('payment-failure').textContent);
    expect(reasons).toEqual([
      'Declined by the bank, wallet or card',
      'Cancelled by you on the payment page',
      'Timed out: not paid in time',
      'Payment service error: nothing was charged',
    ]);
    // A failed payment has no receipt to open.
    for (const row of rows.slice(1)) expect(within(row).queryByRole('link')).toBeNull();
  });

  it('says the same in Bangla, each reason in its own words', async () => {
    open('bn');
    const rows = await screen.findAllByTestId('my-payment');
    expect(within(rows[0]).getByTestId('payment-transaction')).toHaveTextContent('লেনদেন আইডি: BKASH-TRX-9A1');
    expect(within(rows[0]).getByRole('link', { name: 'Physics – Class 9 কোর্সের রসিদ' })).toHaveTextContent('রসিদ');
    const reasons = rows.slice(1).map((row) => within(row).getByTestId('payment-failure').textContent);
    expect(new Set(reasons).size).toBe(4);
    expect(reasons).toContain('আপনি পেমেন্ট পাতায় বাতিল করেছেন');
    expect(reasons).toContain('ব্যাংক, ওয়ালেট বা কার্ড থেকে প্রত্যাখ্যাত হয়েছে');
    for (const reason of reasons) expect(reason).not.toMatch(/[A-Za-z]/);
  });
});
