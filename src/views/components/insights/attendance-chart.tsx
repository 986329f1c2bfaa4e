import { useEffect, useRef, useState } from 'react';
import type { WorldInsights } from '../../../services/api/insights-queries';

type Point = WorldInsights['attendance'][number];

/**
 * People and stage watchers over time as a line chart. uPlot is imported here, when the chart
 * first mounts, so it loads with this page only (ADR 033). The chart is a picture of the table
 * beside it: hidden from screen readers, which read the table.
 */
export function AttendanceChart({ points }: { points: readonly Point[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: { destroy(): void } | null = null;
    let cancelled = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const width = Math.max(280, element.clientWidth);
        chart = new UPlot(
          {
            width,
            height: 240,
            series: [
              {},
              { label: '参加者', stroke: '#1f6feb', width: 2 },
              { label: 'ステージ視聴', stroke: '#d4731c', width: 2, dash: [6, 4] },
            ],
            axes: [{}, { label: '人数' }],
            scales: { y: { range: (_u, _min, max) => [0, Math.max(2, max)] } },
          },
          [
            points.map((p) => Date.parse(p.at) / 1000),
            points.map((p) => p.people),
            points.map((p) => p.watchers),
          ],
          element,
        );
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [points]);

  return failed ? (
    <p>グラフを表示できませんでした。下の表をご覧ください。</p>
  ) : (
    <div ref={box} className="insights-chart" aria-hidden="true" data-testid="attendance-chart" />
  );
}
