import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface DrawnSeries {
  label: string;
  values: number[];
  color: string;
  /** A value as the axis writes it, in the page's language and digits. */
  formatAxis: (value: number) => string;
  /** On the right-hand axis (a second unit, say enrollments beside taka). */
  right?: boolean;
}

export interface DrawInput {
  /** The x axis's labels, already in the page's language. */
  categories: string[];
  series: DrawnSeries[];
  kind: 'line' | 'bars';
  height: number;
}

export interface DrawnChart {
  setWidth: (width: number) => void;
  destroy: () => void;
}

/**
 * A value axis as wide as its longest label (a taka amount in Bangla digits is wider than the default
 * leaves room for): measured on the chart's own canvas, in the axis's font.
 */
const fitLabels: uPlot.Axis.Size = (chart, values, axisIndex, cycle) => {
  const axis = chart.axes[axisIndex];
  // uPlot asks again after laying out: keep the first answer.
  if (cycle > 1) return (axis as { _size?: number })._size ?? 40;
  const longest = (values ?? []).reduce((widest, value) => (value.length > widest.length ? value : widest), '');
  chart.ctx.font = (axis.font as unknown as [string])[0];
  return Math.ceil((axis.ticks?.size ?? 10) + (axis.gap ?? 5) + chart.ctx.measureText(longest).width / devicePixelRatio + 4);
};

/** Draws the chart into `target` at its width: categories along x (one every few when crowded), up to two value axes. */
export function drawChart(target: HTMLElement, input: DrawInput): DrawnChart {
  const { categories, series, kind, height } = input;
  const left = series.find((one) => !one.right) ?? series[0];
  const right = series.find((one) => one.right);
  const bars = uPlot.paths.bars?.({ size: [0.7, 48], gap: 2 });
  // The page's own typeface (its Bangla font on a Bangla page), so the canvas writes Bangla digits as the page does.
  const font = `12px ${getComputedStyle(target).fontFamily || 'sans-serif'}`;
  const options: uPlot.Options = {
    width: Math.max(target.clientWidth, 200),
    height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
      left: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
      right: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      {
        font,
        incrs: [1, 2, 3, 4, 5, 7, 10, 14, 20, 30, 50],
        space: 56,
        values: (_u, splits) => splits.map((split) => (Number.isInteger(split) ? (categories[split] ?? '') : '')),
      },
      { scale: 'left', font, size: fitLabels, values: (_u, splits) => splits.map((split) => left.formatAxis(split)) },
      ...(right
        ? [
            {
              scale: 'right',
              side: 1,
              font,
              size: fitLabels,
              grid: { show: false },
              values: (_u: uPlot, splits: number[]) => splits.map((split) => right.formatAxis(split)),
            },
          ]
        : []),
    ],
    series: [
      {},
      ...series.map((one) => ({
        label: one.label,
        scale: one.right ? 'right' : 'left',
        stroke: one.color,
        width: 2,
        ...(kind === 'bars' && !one.right ? { fill: one.color, paths: bars, points: { show: false } } : { points: { show: categories.length <= 31 } }),
      })),
    ],
  };
  const chart = new uPlot(options, [categories.map((_, index) => index), ...series.map((one) => one.values)], target);
  return {
    setWidth: (width) => chart.setSize({ width: Math.max(width, 200), height }),
    destroy: () => chart.destroy(),
  };
}
