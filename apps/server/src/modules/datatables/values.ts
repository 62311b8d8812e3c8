import type { ObservationValue } from '@observatory/shared';

/** What a value is checked against: its metric's type and limits. */
export interface MetricRule {
  name: string;
  type: string;
  unit: string | null;
  min: number | null;
  max: number | null;
  allowed: string[];
}

/** How a value is kept: numbers (and booleans as 1 and 0) as a number, everything else as text. */
export interface Stored {
  number: number | null;
  text: string | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A real calendar day: 2024-02-30 is not one. */
function isDay(text: string): boolean {
  if (!DATE.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}

/** A date (midnight UTC) or a time with its offset; null when it is neither. */
export function parseTime(text: string): Date | null {
  if (isDay(text)) return new Date(`${text}T00:00:00Z`);
  if (!DATE_TIME.test(text) || !isDay(text.slice(0, 10))) return null;
  const time = new Date(text);
  return Number.isNaN(time.getTime()) ? null : time;
}

const unitOf = (metric: MetricRule) => (metric.unit ? ` ${metric.unit}` : '');

function numberProblem(metric: MetricRule, value: number): string | null {
  if (metric.min !== null && value < metric.min) return `${value} is below the minimum of ${metric.name}, ${metric.min}${unitOf(metric)}`;
  if (metric.max !== null && value > metric.max) return `${value} is above the maximum of ${metric.name}, ${metric.max}${unitOf(metric)}`;
  return null;
}

/** The value as kept for its metric, or what is wrong with it in words. */
export function storedValue(metric: MetricRule, value: ObservationValue): Stored | string {
  switch (metric.type) {
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${metric.name} takes a number, not ${JSON.stringify(value)}`;
      if (metric.type === 'integer' && !Number.isInteger(value)) return `${metric.name} takes a whole number, not ${value}`;
      return numberProblem(metric, value) ?? { number: value, text: null };
    }
    case 'boolean':
      return typeof value === 'boolean' ? { number: value ? 1 : 0, text: null } : `${metric.name} takes true or false, not ${JSON.stringify(value)}`;
    case 'date':
      return typeof value === 'string' && isDay(value)
        ? { number: null, text: value }
        : `${metric.name} takes a date (YYYY-MM-DD), not ${JSON.stringify(value)}`;
    case 'category':
      return typeof value === 'string' && metric.allowed.includes(value)
        ? { number: null, text: value }
        : `${metric.name} takes one of ${metric.allowed.join(', ')}, not ${JSON.stringify(value)}`;
    default:
      return typeof value === 'string' ? { number: null, text: value } : `${metric.name} takes text, not ${JSON.stringify(value)}`;
  }
}

/** The value as answered, by its metric's type. */
export function answeredValue(type: string, stored: Stored): ObservationValue {
  if (type === 'boolean') return stored.number === 1;
  if (type === 'number' || type === 'integer') return stored.number ?? 0;
  return stored.text ?? '';
}
