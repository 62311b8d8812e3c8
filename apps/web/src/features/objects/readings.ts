import {
  brokenRangeRules,
  observationValueProblem,
  type DataTable,
  type Metric,
  type ObservationInput,
  type ObservationValue,
  type ProjectDetail,
} from '@observatory/shared';

/**
 * Readings typed in the field: one value per metric of a project's data table, checked on
 * the device as the server checks them (observationValueProblem) and against the metric's
 * range rules, which say how the value will be flagged.
 */

/** A data table an object's readings may be written to, with its project. */
export interface ReadingTable {
  project: { slug: string; title: string };
  table: DataTable;
}

/** The data tables, with at least one metric, of those of the object's projects the user may edit (edit on the project writes its observations). */
export function readingTables(projects: readonly (ProjectDetail | undefined)[]): ReadingTable[] {
  return projects.flatMap((detail) =>
    detail?.permissions.includes('edit')
      ? detail.datatables.filter((t) => t.metrics.length > 0).map((table) => ({ project: { slug: detail.project.slug, title: detail.project.title }, table }))
      : [],
  );
}

/** One field read: its value (null when left empty), what stops it being saved, and how it would be flagged. */
export interface ReadingCheck {
  value: ObservationValue | null;
  error: string | null;
  warning: string | null;
}

const EMPTY: ReadingCheck = { value: null, error: null, warning: null };

/** A number as typed in the field: a decimal comma taken as a point ("7,5"), spaces between thousands left out. */
function numberOf(text: string): number | null {
  const plain = text.replace(/[\s\u00a0\u202f]/g, '');
  const normal = plain.includes(',') && !plain.includes('.') && /^[-+]?\d*,\d+$/.test(plain) ? plain.replace(',', '.') : plain;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(normal)) return null;
  const value = Number(normal);
  return Number.isFinite(value) ? value : null;
}

const unitText = (metric: Metric) => (metric.unit ? ` ${metric.unit}` : '');

/** The range its rules call plausible, in words: "−40 to 50 Cel", "at least 0 mm". */
function rangeText(rule: { min: number | null; max: number | null }, unit: string): string {
  if (rule.min !== null && rule.max !== null) return `${rule.min} to ${rule.max}${unit}`;
  return rule.min !== null ? `at least ${rule.min}${unit}` : `at most ${rule.max}${unit}`;
}

/** The value a field's text stands for (a boolean: "yes" or "no"), or what keeps it from being one. */
function parsed(metric: Metric, text: string): { value: ObservationValue } | { error: string } {
  switch (metric.type) {
    case 'number':
    case 'integer': {
      const value = numberOf(text);
      if (value === null) return { error: metric.type === 'integer' ? 'Enter a whole number' : 'Enter a number' };
      return { value };
    }
    case 'boolean':
      return { value: text === 'yes' };
    default:
      return { value: text };
  }
}

/** Reads one field for its metric: empty is no reading; a value the server would refuse is an error; one a range rule flags, a warning. */
export function checkReading(metric: Metric, text: string): ReadingCheck {
  const typed = metric.type === 'text' ? text : text.trim();
  if (typed.trim() === '') return EMPTY;
  const read = parsed(metric, typed);
  if ('error' in read) return { ...EMPTY, error: read.error };
  // In the server's words, the metric named by its title.
  const problem = observationValueProblem({ ...metric, name: metric.title || metric.name }, read.value);
  if (problem) return { ...EMPTY, error: problem };
  const broken = typeof read.value === 'number' ? brokenRangeRules(metric.rules, read.value) : [];
  if (broken.length === 0) return { ...EMPTY, value: read.value };
  const flag = broken.some((r) => r.flag === 'bad') ? 'bad' : 'suspect';
  const rule = broken.find((r) => r.flag === flag)!;
  return {
    ...EMPTY,
    value: read.value,
    warning: `Outside the plausible range (${rule.name}: ${rangeText(rule, unitText(metric))}): it is saved flagged ${flag}.`,
  };
}

/** A time typed in a datetime-local field (the device's own time zone) as ISO 8601 UTC; null when it is none. */
export function readingTime(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

/** Now, as a datetime-local field shows it (the device's time zone, to the minute). */
export function localNow(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The rows one save writes: a row per metric with a value, at one time, with one note. */
export function readingRows(
  object: string,
  time: string,
  note: string,
  values: readonly { metric: string; value: ObservationValue | null }[],
): ObservationInput[] {
  return values.flatMap(({ metric, value }) => (value === null ? [] : [{ object, metric, time, value, note: note.trim() }]));
}
