import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { useMemo } from 'react';
import { Chart } from 'react-chartjs-2';

import type { ChartSpec } from './analytics-figures';

// Only the pieces these charts draw, so the bundle leaves out the rest of Chart.js (pies, radar, time scales…).
ChartJS.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Brand teal (600) for bars, a dark amber for a line drawn over them: both over 4.5:1 on white. */
const COLOURS = ['#237370', '#b45309'] as const;
const GRID = '#e4e4e7';
const TEXT = '#52525b';

export interface ChartCanvasProps {
  spec: ChartSpec;
  /** The chart's accessible name and description (the canvas is one image to assistive technology). */
  summary: string;
}

function chartData(spec: ChartSpec): ChartData<'bar' | 'line', number[], string> {
  return {
    labels: spec.labels,
    datasets: spec.series.map((series, index) => {
      const colour = COLOURS[index % COLOURS.length]!;
      const yAxisID = spec.horizontal ? undefined : series.axis === 'right' ? 'right' : 'y';
      return series.kind === 'line'
        ? { type: 'line' as const, label: series.label, data: series.values, borderColor: colour, backgroundColor: colour, pointRadius: 2, borderWidth: 2, yAxisID, order: 0 }
        : { type: 'bar' as const, label: series.label, data: series.values, backgroundColor: colour, borderRadius: 2, maxBarThickness: 40, yAxisID, order: 1 };
    }),
  };
}

function chartOptions(spec: ChartSpec): ChartOptions<'bar' | 'line'> {
  const twoAxes = !spec.horizontal && spec.series.some((series) => series.axis === 'right');
  const valueAxis = { beginAtZero: true, ticks: { precision: 0, color: TEXT }, grid: { color: GRID } };
  const categoryAxis = { ticks: { color: TEXT, autoSkip: true, maxRotation: 0 }, grid: { display: false } };
  return {
    responsive: true,
    maintainAspectRatio: false,
    // Drawn at once: no motion for people who asked for less, and the same picture in every screenshot.
    animation: false,
    indexAxis: spec.horizontal ? 'y' : 'x',
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { display: spec.series.length > 1, position: 'bottom', labels: { color: TEXT, boxWidth: 12 } },
      tooltip: { enabled: true },
    },
    scales: spec.horizontal
      ? { x: valueAxis, y: categoryAxis }
      : {
          x: categoryAxis,
          y: { ...valueAxis, title: twoAxes ? { display: true, text: spec.series.find((s) => s.axis !== 'right')?.label ?? '', color: TEXT } : undefined },
          ...(twoAxes
            ? {
                right: {
                  ...valueAxis,
                  position: 'right' as const,
                  grid: { drawOnChartArea: false },
                  title: { display: true, text: spec.series.find((s) => s.axis === 'right')?.label ?? '', color: TEXT },
                },
              }
            : {}),
        },
  };
}

/**
 * The Chart.js canvas of one figure. Its own module, imported lazily by
 * FigurePanel, so Chart.js is fetched only by the pages that draw a chart
 * and never by a public page (docs/decisions/063-analytics-charts.md).
 * The canvas is one image with the summary as its name; the figures
 * themselves are in the table next to it.
 */
export default function ChartCanvas({ spec, summary }: ChartCanvasProps) {
  // The wrapper redraws when it gets new objects: opening the table beside the chart must not.
  const data = useMemo(() => chartData(spec), [spec]);
  const options = useMemo(() => chartOptions(spec), [spec]);
  return (
    <Chart
      type="bar"
      data={data}
      options={options}
      role="img"
      aria-label={summary}
      fallbackContent={<p>{summary}</p>}
    />
  );
}
