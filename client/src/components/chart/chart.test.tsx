import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { Chart, ChartStates } from './chart';
import { renderRoute } from '../../test/render';
import type { DrawInput } from './draw-chart';

// jsdom has no canvas: the drawing is replaced by a recorder, so the table and the states are tested here.
const drawn: Array<{ input: DrawInput; widths: number[]; destroyed: boolean }> = [];
jest.mock('./load-drawing', () => ({
  loadDrawing: () =>
    Promise.resolve({
      drawChart: (_target: HTMLElement, input: DrawInput) => {
        const record = { input, widths: [] as number[], destroyed: false };
        drawn.push(record);
        return { setWidth: (width: number) => record.widths.push(width), destroy: () => (record.destroyed = true) };
      },
    }),
}));

beforeEach(() => (drawn.length = 0));

const taka = (value: number) => `৳${value}`;

describe('a chart', () => {
  it('draws its series and gives its figures as a captioned table, hidden from sight until asked for', async () => {
    renderRoute(
      <Chart
        caption="Revenue, 1 to 2 March"
        categoryHeader="Day"
        categories={['1 Mar', '2 Mar']}
        series={[{ label: 'Revenue (taka)', values: [0, 1500], color: '#2563eb', format: taka }]}
        extraColumns={[{ label: 'Failed', cells: ['0', '1'] }]}
      />,
    );
    const table = await screen.findByRole('table', { name: 'Revenue, 1 to 2 March' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Revenue (taka)', 'Failed']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['1 Mar৳00', '2 Mar৳15001']);
    expect(table.parentElement).toHaveClass('chart-hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Show the figures as a table' }));
    expect(table.parentElement).not.toHaveClass('chart-hidden');
    expect(screen.getByRole('button', { name: 'Hide the table' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('img', { name: 'Revenue, 1 to 2 March' })).toBeInTheDocument();
    await waitFor(() => expect(drawn).toHaveLength(1));
    expect(drawn[0].input).toMatchObject({ categories: ['1 Mar', '2 Mar'], kind: 'line', series: [{ label: 'Revenue (taka)', values: [0, 1500] }] });
    expect(drawn[0].input.series[0].formatAxis(1500)).toBe('৳1500');
  });

  it('draws again when its figures change, and lets the old drawing go', async () => {
    function Changing() {
      const [value, setValue] = useState(1);
      return (
        <>
          <button onClick={() => setValue(2)}>change</button>
          <Chart
            caption="Scores"
            categoryHeader="Score"
            categories={['0–1']}
            kind="bars"
            series={[{ label: 'Students', values: [value], color: '#000', format: String }]}
          />
        </>
      );
    }
    renderRoute(<Changing />);
    await waitFor(() => expect(drawn).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'change' }));
    await waitFor(() => expect(drawn).toHaveLength(2));
    expect(drawn[0].destroyed).toBe(true);
    expect(drawn[1].input.series[0].values).toEqual([2]);
  });
});

describe("a chart's states", () => {
  it('says it is loading, that it failed (with a retry), that there is nothing, or shows the chart', async () => {
    const onRetry = jest.fn();
    function Stepping() {
      const [step, setStep] = useState(0);
      return (
        <>
          <button onClick={() => setStep(step + 1)}>next</button>
          <ChartStates loading={step === 0} error={step === 1} empty={step === 2} emptyText="No sales in this period." onRetry={onRetry}>
            the chart
          </ChartStates>
        </>
      );
    }
    renderRoute(<Stepping />);
    expect(await screen.findByRole('status')).toHaveTextContent('loading...');
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(screen.getByText('No sales in this period.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(screen.getByText('the chart')).toBeInTheDocument();
  });
});
