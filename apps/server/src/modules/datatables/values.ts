import { isDay, observationValueProblem, type MetricLimits, type ObservationValue } from '@observatory/shared';

/** What a value is checked against: its metric's type and limits. */
export type MetricRule = MetricLimits;

/** How a value is kept: numbers (and booleans as 1 and 0) as a number, everything else as text. */
export interface Stored {
  number: number | null;
  text: string | null;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A date (midnight UTC) or a time with its offset; null when it is neither. */
export function parseTime(text: string): Date | null {
  if (isDay(text)) return new Date(`${text}T00:00:00Z`);
  if (!DATE_TIME.test(text) || !isDay(text.slice(0, 10))) return null;
  const time = new Date(text);
  return Number.isNaN(time.getTime()) ? null : time;
}

/** The value as kept for its metric, or what is wrong with it in words (the same words a device says). */
export function storedValue(metric: MetricRule, value: ObservationValue): Stored | string {
  const problem = observationValueProblem(metric, value);
  if (problem) return problem;
  if (typeof value === 'number') return { number: value, text: null };
  if (typeof value === 'boolean') return { number: value ? 1 : 0, text: null };
  return { number: null, text: value };
}

/** The value as answered, by its metric's type. */
export function answeredValue(type: string, stored: Stored): ObservationValue {
  if (type === 'boolean') return stored.number === 1;
  if (type === 'number' || type === 'integer') return stored.number ?? 0;
  return stored.text ?? '';
}
