import { screen, waitFor, within } from '@testing-library/react';
import { InstructorRevenueSeriesDocument, type InstructorRevenueSeriesQuery } from './api/revenue-series.generated';
import { RevenueChart } from './revenue-chart';
import { periodVariables } from '../../components/chart/periods';
import { answer, failure, renderRoute } from '../../test/render';
import { toMinorUnits } from '../../lib/minor-units';

jest.mock('../../components/chart/load-drawing', () => ({ loadDrawing: () => new Promise(() => undefined) }));

const variables = periodVariables('days30');
const series = (points: Array<[string, number, number]>): InstructorRevenueSeriesQuery => ({
  instructorRevenueSeries: {
    from: '2026-03-01',
    to: '2026-03-02',
    interval: 'DAY',
    totalRevenue: { amount: toMinorUnits(points.reduce((sum, [, taka]) => sum + taka, 0)), currency: 'BDT' },
    totalEnrollments: points.reduce((sum, [, , enrollments]) => sum + enrollments, 0),
    points: points.map(([start, taka, enrollments]) => ({ start, revenue: { amount: toMinorUnits(taka), currency: 'BDT' }, enrollments })),
  },
});

describe("the instructor's sales chart", () => {
  it('gives the taka and enrollments per day in a table with Bangla digits', async () => {
    renderRoute(<RevenueChart />, {
      language: 'bn',
      mocks: [
        answer(
          InstructorRevenueSeriesDocument,
          variables,
          series([
            ['2026-03-01', 0, 0],
            ['2026-03-02', 123456.5, 12],
          ]),
        ),
      ],
    });
    const table = await screen.findByRole('table', { name: 'টাকায় আয় ও ভর্তি, ১ মার্চ, ২০২৬ থেকে ২ মার্চ, ২০২৬' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['দিন', 'আয় (টাকা)', 'ভর্তি']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['৳০', '০']);
    expect(within(second).getByRole('rowheader')).toHaveTextContent('২ মার্চ');
    expect(
      within(second)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['৳১,২৩,৪৫৬.৫০', '১২']);
    expect(screen.getByTestId('sales-totals')).toHaveTextContent('এই সময়ে: ৳১,২৩,৪৫৬.৫০ আয়, ১২টি ভর্তি');
    expect(screen.getByLabelText('সময়কাল')).toHaveValue('days30');
  });

  it('says when there were no sales in the period', async () => {
    renderRoute(<RevenueChart />, { mocks: [answer(InstructorRevenueSeriesDocument, variables, series([['2026-03-01', 0, 0]]))] });
    expect(await screen.findByText('No sales and no enrollments in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the figures could not be loaded', async () => {
    renderRoute(<RevenueChart />, { mocks: [failure(InstructorRevenueSeriesDocument, variables)] });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('We could not load this.'));
  });
});
