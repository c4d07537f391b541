import { screen, within } from '@testing-library/react';
import { PaymentSeriesDocument, type PaymentSeriesQuery } from './api/payment-series.generated';
import { PaymentChart } from './payment-chart';
import { periodVariables } from '../../components/chart/periods';
import { answer, renderRoute } from '../../test/render';
import type { PaymentMethodKind } from '../../gql/types';

jest.mock('../../components/chart/load-drawing', () => ({ loadDrawing: () => new Promise(() => undefined) }));

const METHODS: PaymentMethodKind[] = ['BKASH', 'NAGAD', 'ROCKET', 'CARD', 'OTHER'];
const day = (start: string, succeeded: number[], failed: number, receivedTaka: number) => ({
  start,
  succeeded: succeeded.reduce((a, b) => a + b, 0),
  failed,
  failedShare: succeeded.reduce((a, b) => a + b, 0) + failed === 0 ? null : failed / (succeeded.reduce((a, b) => a + b, 0) + failed),
  receivedTaka,
  methods: METHODS.map((method, index) => ({ method, succeeded: succeeded[index], failed: 0 })),
});
const data: PaymentSeriesQuery = {
  paymentSeries: {
    from: '2026-03-01',
    to: '2026-03-02',
    interval: 'DAY',
    succeeded: 4,
    failed: 1,
    failedShare: 0.2,
    receivedTaka: 4500,
    points: [day('2026-03-01', [0, 0, 0, 0, 0], 0, 0), day('2026-03-02', [2, 1, 0, 1, 0], 1, 4500)],
  },
};

describe("the admin's payment chart", () => {
  it('counts payments per way to pay, with the failed ones and their share, in Bangla digits', async () => {
    renderRoute(<PaymentChart />, { language: 'bn', mocks: [answer(PaymentSeriesDocument, periodVariables('days30'), data)] });
    const table = await screen.findByRole('table', { name: /^পেমেন্টের মাধ্যম অনুযায়ী পেমেন্ট/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['দিন', 'বিকাশ', 'নগদ', 'রকেট', 'কার্ড', 'অন্যান্য', 'ব্যর্থ', 'ব্যর্থতার হার', 'প্রাপ্ত (টাকা)']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['০', '০', '০', '০', '০', '০', '–', '৳০']);
    expect(
      within(second)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['২', '১', '০', '১', '০', '১', '২০%', '৳৪,৫০০']);
    expect(screen.getByTestId('payment-totals')).toHaveTextContent('এই সময়ে: ৪টি পেমেন্ট সফল, ১টি ব্যর্থ (এর ২০%); ৳৪,৫০০ প্রাপ্ত');
  });
});
