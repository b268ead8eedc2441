/**
 * A bar chart with Chart.js and its figures as a table right below it: the table is the chart's
 * text alternative (the canvas is hidden from screen readers) and what prints. Drawn from the
 * bundle's own code, no inline script or style, so the page's CSP holds.
 */
import { useEffect, useId, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useYen } from '../format';
import { useWords } from '../i18n';
import { ScrollBox } from './ScrollBox';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface Series {
  label: string;
  values: readonly number[];
}

/** Two series tell apart by shade and by the legend's words; the table says it all besides. */
const COLOURS = ['#1f5fa8', '#9bb7d9'];

export function BarChart({
  title,
  labels,
  series,
  labelHeader,
  counts,
  countHeader,
}: {
  title: string;
  labels: readonly string[];
  series: readonly Series[];
  labelHeader: string;
  /** The number of records of each bar, a column of the table. */
  counts?: readonly number[];
  countHeader?: string;
}) {
  const words = useWords();
  const yen = useYen();
  const canvas = useRef<HTMLCanvasElement>(null);
  const id = useId();
  // Nothing to draw (no records, or all zero): said in words, not an empty grid.
  const empty = series.every((s) => s.values.every((v) => v === 0));
  useEffect(() => {
    const el = canvas.current;
    // No 2D context (a test's DOM): the table says it all.
    if (!el || !el.getContext?.('2d')) return;
    const chart = new Chart(el, {
      type: 'bar',
      data: {
        labels: [...labels],
        datasets: series.map((s, i) => ({
          label: s.label,
          data: [...s.values],
          backgroundColor: COLOURS[i % COLOURS.length],
          // One day or one product is a bar, not a wall.
          maxBarThickness: 56,
        })),
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        plugins: {
          legend: { display: series.length > 1 },
          tooltip: {
            callbacks: { label: (c) => `${c.dataset.label ?? ''} ${yen(Number(c.raw))}` },
          },
        },
        scales: {
          y: { beginAtZero: true, ticks: { precision: 0, callback: (v) => yen(Number(v)) } },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, series, empty, yen]);
  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      {empty ? (
        <p className="hint">{words.period.nothing}</p>
      ) : (
        <div className="chart-canvas" aria-hidden="true">
          <canvas ref={canvas} />
        </div>
      )}
      <ScrollBox label={title}>
        <table className="chart-table">
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              {series.map((s) => (
                <th scope="col" key={s.label}>
                  {s.label}
                </th>
              ))}
              {counts && <th scope="col">{countHeader}</th>}
            </tr>
          </thead>
          <tbody>
            {labels.length === 0 && (
              <tr>
                <td className="none" colSpan={series.length + (counts ? 2 : 1)}>
                  {words.common.none}
                </td>
              </tr>
            )}
            {labels.map((label, row) => (
              <tr key={`${label}-${row}`}>
                <th scope="row">{label}</th>
                {series.map((s) => (
                  <td key={s.label}>{yen(s.values[row] ?? 0)}</td>
                ))}
                {counts && <td>{counts[row]}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </figure>
  );
}
