import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import PaymentsPage from './payments-page';
import { AdminPaymentsDocument, AdminPaymentWaysDocument, type AdminPaymentsQuery, type AdminPaymentWaysQuery } from './api/payments.generated';
import { paths } from '../../lib/paths';
import { answer, renderRoute } from '../../test/render';

jest.mock('./payment-chart', () => ({ PaymentChart: () => null }));

type Item = AdminPaymentsQuery['payments']['items'][number];
type Way = AdminPaymentWaysQuery['paymentOptions'][number];

// A way to pay this client has never heard of: its name and its words come from the server alone.
const ways: Way[] = [
  { ...{ __typename: 'PaymentOption' as const }, provider: 'SSLCOMMERZ', label: 'bKash / Nagad / Rocket / card' },
  { ...{ __typename: 'PaymentOption' as const }, provider: 'WALLET' as Way['provider'], label: 'Wallet Pay' },
];

const payment = (id: string, paidWith: string): Item => ({
  ...{ __typename: 'PaymentRecord' as const },
  id,
  amountPaid: { ...{ __typename: 'Money' as const }, amount: 120_000, currency: 'BDT' },
  paidWith,
  status: 'SUCCEEDED',
  courseName: 'Physics – Class 9',
  createdAt: '2026-11-20T10:00:00.000Z',
  failureMessage: null,
  courseId: 'course-1',
  studentName: 'Rafi Hasan',
  studentEmail: 'rafi@example.com',
  enrollmentId: null,
  transactionId: null,
  receiptURL: null,
});

const filters = { status: null, currency: null, method: null, from: null, to: null, offset: 0, limit: 20 };
const page = (items: Item[]): AdminPaymentsQuery => ({
  payments: { ...{ __typename: 'PaymentRecordPage' as const }, total: items.length, offset: 0, limit: 20, items },
});

describe('Admin payments', () => {
  it('offers the ways to pay as the server names them, filters by the one chosen, and says how each payment was paid in the server’s words', async () => {
    renderRoute(<PaymentsPage />, {
      path: paths.adminPayments,
      mocks: [
        answer(AdminPaymentWaysDocument, {}, { paymentOptions: ways }),
        answer(AdminPaymentsDocument, { ...filters, gateway: null }, page([payment('bkash', 'bKash'), payment('wallet', 'Wallet Pay')])),
        answer(AdminPaymentsDocument, { ...filters, gateway: 'WALLET' as Way['provider'] }, page([payment('wallet', 'Wallet Pay')])),
      ],
    });
    expect(await screen.findAllByTestId('admin-payment')).toHaveLength(2);
    const select = screen.getByRole('combobox', { name: 'Provider' });
    await within(select).findByRole('option', { name: 'Wallet Pay' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'bKash / Nagad / Rocket / card', 'Wallet Pay']);
    fireEvent.change(select, { target: { value: 'WALLET' } });
    // The list asked again with the way chosen: only the payment made that way is left.
    await waitFor(() => expect(screen.getAllByTestId('admin-payment')).toHaveLength(1));
    const rows = screen.getAllByTestId('admin-payment');
    expect(within(rows[0]).getByTestId('payment-method')).toHaveTextContent(/^Wallet Pay · 20 Nov 2026$/);
  });
});
