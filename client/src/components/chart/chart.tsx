import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { EmptyState, ErrorState, InlineLoading } from '../states';
import type { DrawnChart } from './draw-chart';
import { loadDrawing } from './load-drawing';
import '../../styles/ui.css';
import './chart.css';

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
  /** A value as the table writes it (taka as taka, the page's digits). */
  format: (value: number) => string;
  /** A value as the axis writes it; the table's format when left out. */
  formatAxis?: (value: number) => string;
  right?: boolean;
}

export interface ChartProps {
  /** What the chart shows: the table's caption and the drawing's name for screen readers. */
  caption: string;
  /** The first column's header (the day, the week, the score). */
  categoryHeader: string;
  /** Each bucket's label, already in the page's language. */
  categories: string[];
  series: ChartSeries[];
  /** More columns for the table only (say the share of failed payments). */
  extraColumns?: Array<{ label: string; cells: string[] }>;
  kind?: 'line' | 'bars';
  testId?: string;
}

const HEIGHT = 220;

/**
 * A chart and its figures as a table: the drawing (uPlot, loaded when the chart is drawn) fits its
 * box and is drawn again when the box changes width; the table, with its caption, is what screen
 * readers read, hidden from sight until asked for.
 */
export function Chart({ caption, categoryHeader, categories, series, extraColumns = [], kind = 'line', testId }: ChartProps) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const drawn = JSON.stringify([categories, series.map((one) => [one.label, one.values, one.color, one.right]), kind]);
  const latest = useRef({ categories, series, kind });
  latest.current = { categories, series, kind };

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: DrawnChart | null = null;
    let cancelled = false;
    const observer = new ResizeObserver(() => chart?.setWidth(element.clientWidth));
    loadDrawing()
      .then(({ drawChart }) => {
        if (cancelled) return;
        const input = latest.current;
        chart = drawChart(element, {
          categories: input.categories,
          kind: input.kind,
          height: HEIGHT,
          series: input.series.map((one) => ({ ...one, formatAxis: one.formatAxis ?? one.format })),
        });
        observer.observe(element);
      })
      // Without a canvas (or its code) the table below still says it all.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      observer.disconnect();
      chart?.destroy();
    };
  }, [drawn]);

  return (
    <figure className="chart" data-testid={testId}>
      <ul className="chart-legend" aria-hidden="true">
        {series.map((one) => (
          <li key={one.label}>
            <span className="chart-swatch" style={{ background: one.color }} />
            {one.label}
          </li>
        ))}
      </ul>
      <div ref={box} className="chart-drawing" role="img" aria-label={caption} data-testid="chart-drawing" />
      <button
        type="button"
        className="ui-button ui-ghost ui-sm chart-toggle"
        aria-expanded={tableShown}
        aria-controls={tableId}
        onClick={() => setTableShown((shown) => !shown)}
      >
        {t(tableShown ? 'chart.hideTable' : 'chart.showTable')}
      </button>
      <div className={tableShown ? 'chart-table-box' : 'chart-hidden'}>
        <table className="chart-table" id={tableId}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{categoryHeader}</th>
              {series.map((one) => (
                <th scope="col" key={one.label}>
                  {one.label}
                </th>
              ))}
              {extraColumns.map((column) => (
                <th scope="col" key={column.label}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map((category, index) => (
              <tr key={`${category}-${index}`}>
                <th scope="row">{category}</th>
                {series.map((one) => (
                  <td key={one.label}>{one.format(one.values[index] ?? 0)}</td>
                ))}
                {extraColumns.map((column) => (
                  <td key={column.label}>{column.cells[index]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** A chart's loading, error and empty states around it. */
export function ChartStates({
  loading,
  error,
  onRetry,
  empty,
  emptyText,
  children,
}: {
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  if (loading) return <InlineLoading />;
  if (error) return <ErrorState onRetry={onRetry} />;
  if (empty) return <EmptyState>{emptyText}</EmptyState>;
  return <>{children}</>;
}
