/**
 * A bar chart of the day's sales (by hour, by product) with Chart.js (Y4): drawn on a canvas from
 * the app's own bundle, no inline script or style, so the page's CSP holds. The same figures
 * follow as a table, for screen readers and for where no canvas can be drawn.
 */
import { useEffect, useId, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface Bar {
  label: string;
  amount: number;
}

export function SalesChart({
  title,
  bars,
  money,
  labelHeader,
  amountHeader,
}: {
  title: string;
  bars: readonly Bar[];
  money(amount: number): string;
  labelHeader: string;
  amountHeader: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const id = useId();
  useEffect(() => {
    const el = canvas.current;
    // No 2D context (a test's DOM): the table says it all.
    if (!el || !el.getContext?.('2d')) return;
    const chart = new Chart(el, {
      type: 'bar',
      data: {
        labels: bars.map((b) => b.label),
        datasets: [{ label: title, data: bars.map((b) => b.amount), backgroundColor: '#1f5fa8' }],
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        plugins: {
          tooltip: { callbacks: { label: (c) => money(Number(c.raw)) } },
        },
        scales: { y: { beginAtZero: true, ticks: { callback: (v) => money(Number(v)) } } },
      },
    });
    return () => chart.destroy();
  }, [bars, title, money]);
  return (
    <figure className="chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>{title}</figcaption>
      <div className="chart-canvas">
        <canvas ref={canvas} role="img" aria-label={title} />
      </div>
      <table className="chart-table">
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{amountHeader}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((b) => (
            <tr key={b.label}>
              <th scope="row">{b.label}</th>
              <td>{money(b.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
