import type { ChartSeries, QualityFlag } from '@observatory/shared';

/** A column of flagged values drawn as marks: whose, and which flag. */
export interface FlagMarks {
  title: string;
  flag: QualityFlag;
}

/**
 * The series on one time axis, as uPlot takes them: the times of all series (and of their
 * flagged values) in order, then each series' values at those times (null where it has
 * none), then a column per series and flag it has, holding only those flagged values.
 */
export function alignSeries(series: ChartSeries[]): { data: [number[], ...(number | null)[][]]; marks: FlagMarks[] } {
  const times = [...new Set(series.flatMap((s) => [...s.times, ...s.flagged.map((f) => f.time)]))].sort((a, b) => a - b);
  const index = new Map(times.map((t, i) => [t, i]));
  const empty = () => new Array<number | null>(times.length).fill(null);
  const columns = series.map((s) => {
    const values = empty();
    s.times.forEach((t, i) => (values[index.get(t)!] = s.values[i]!));
    return values;
  });
  const marks: FlagMarks[] = [];
  for (const s of series) {
    const byFlag = new Map<QualityFlag, (number | null)[]>();
    for (const f of s.flagged) {
      if (!byFlag.has(f.flag)) byFlag.set(f.flag, empty());
      byFlag.get(f.flag)![index.get(f.time)!] = f.value;
    }
    for (const [flag, values] of byFlag) {
      marks.push({ title: s.object.title, flag });
      columns.push(values);
    }
  }
  return { data: [times, ...columns], marks };
}

/** A time as the day a date field shows (UTC), or '' for none. */
/** The height of a time chart's plot (TimeChart), its legend below it. */
export const CHART_PLOT_HEIGHT = 320;

export const dayOf = (iso: string | undefined) => (iso ? iso.slice(0, 10) : '');

/** A day from a date field as the start of that day (UTC), or undefined when empty or not a day. */
export function dayStart(day: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day)) ? `${day}T00:00:00.000Z` : undefined;
}

/** A chart's width in buckets: the pixels it has, in steps of 100 so that a resize by a few pixels asks nothing again. */
export const bucketsFor = (pixels: number) => Math.min(4000, Math.max(100, Math.round(pixels / 100) * 100));

/** A value for a table cell or a summary: numbers to at most four decimals. */
export const formatValue = (value: number | string | boolean | null) =>
  value === null ? '' : typeof value === 'number' ? String(Number(value.toFixed(4))) : String(value);
