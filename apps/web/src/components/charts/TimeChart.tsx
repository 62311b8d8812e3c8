import { Box } from '@mantine/core';
import type { ChartResponse, QualityFlag } from '@observatory/shared';
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { alignSeries, CHART_PLOT_HEIGHT } from './chart-data';

/** Distinct, colour-blind-friendly strokes (Okabe–Ito, then Tol's muted). */
const COLORS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#332288', '#882255', '#117733', '#999933'];
/** Below this many points a series shows its points as well as its line. */
const POINTS_SHOWN = 200;
/** Flagged values: filled marks in colours apart from the lines' (bad red, suspect amber, missing grey). */
const FLAG_COLORS: Record<QualityFlag, string> = { bad: '#C0392B', suspect: '#B8860B', missing: '#6C757D', good: '#117733', 'not checked': '#999999' };

/**
 * A time series chart (uPlot, lazily loaded: it stays out of the pages' first chunks), a
 * line per object. Dragging across it selects a time range, handed to `onZoom` (in ms)
 * so the page asks for that range at full detail.
 */
export default function TimeChart({ chart, width, onZoom }: { chart: ChartResponse; width: number; onZoom: (from: number, to: number) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const zoom = useRef(onZoom);
  zoom.current = onZoom;
  const { data, marks } = useMemo(() => alignSeries(chart.series), [chart]);

  useEffect(() => {
    const options: uPlot.Options = {
      width,
      height: CHART_PLOT_HEIGHT,
      ms: 1,
      scales: { x: { time: true } },
      series: [
        {},
        ...chart.series.map((s, i) => ({
          label: s.object.title,
          stroke: COLORS[i % COLORS.length],
          width: 1.5,
          spanGaps: true,
          points: { show: s.times.length < POINTS_SHOWN },
        })),
        ...marks.map((m) => ({
          label: `${m.title}: ${m.flag}`,
          stroke: FLAG_COLORS[m.flag],
          paths: () => null,
          points: { show: true, size: 9, width: 2, stroke: FLAG_COLORS[m.flag], fill: m.flag === 'bad' ? FLAG_COLORS.bad : '#ffffff' },
        })),
      ],
      axes: [{}, { label: chart.unit, size: 60 }],
      cursor: { drag: { x: true, y: false, setScale: false } },
      hooks: {
        setSelect: [
          (u) => {
            if (u.select.width > 2) zoom.current(u.posToVal(u.select.left, 'x'), u.posToVal(u.select.left + u.select.width, 'x'));
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
          },
        ],
      },
    };
    const plot = new uPlot(options, data as uPlot.AlignedData, box.current!);
    return () => plot.destroy();
  }, [chart, data, marks, width]);

  const flagged = chart.series.reduce((sum, s) => sum + s.flagged.length, 0);
  // As tall as the plot before uPlot draws into it (after the first render).
  return <Box ref={box} mih={CHART_PLOT_HEIGHT} data-chart-points={data[0].length} data-chart-flagged={flagged} />;
}
