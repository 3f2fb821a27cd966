import { useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJs,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';

// Only the parts the reports draw (bars and lines), so the rest of Chart.js stays out of the bundle;
// imported only by lazily loaded pages (the engagement report, the dashboard's statistics).
ChartJs.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Filler,
  Legend,
  Tooltip,
);

type ChartProps = {
  /** What the chart shows, read by screen readers; the figures are also in the table beside it. */
  label: string;
  config: ChartConfiguration<'bar' | 'line'>;
  height?: number;
};

/** A Chart.js canvas that follows its configuration and its container's width. */
export function Chart({ label, config, height = 260 }: ChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new ChartJs(canvas.current, {
      ...config,
      options: { responsive: true, maintainAspectRatio: false, animation: false, ...config.options },
    });
    return () => chart.destroy();
  }, [config]);
  return (
    <div style={{ position: 'relative', height, width: '100%' }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
