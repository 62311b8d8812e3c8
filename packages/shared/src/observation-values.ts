import type { ObservationValue } from './measured.js';
import type { PlausibilityRule } from './quality.js';

/**
 * An observation's value checked against its metric, the same on the server (which refuses
 * it) and on a device (which says so before anything is sent or queued).
 */

/** What a value is checked against: its metric's type and limits. */
export interface MetricLimits {
  name: string;
  type: string;
  unit: string | null;
  min: number | null;
  max: number | null;
  allowed: string[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day as YYYY-MM-DD: 2024-02-30 is not one. */
export function isDay(text: string): boolean {
  if (!DATE.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}

const unitOf = (metric: MetricLimits) => (metric.unit ? ` ${metric.unit}` : '');

function numberProblem(metric: MetricLimits, value: number): string | null {
  if (metric.min !== null && value < metric.min) return `${value} is below the minimum of ${metric.name}, ${metric.min}${unitOf(metric)}`;
  if (metric.max !== null && value > metric.max) return `${value} is above the maximum of ${metric.name}, ${metric.max}${unitOf(metric)}`;
  return null;
}

/** What is wrong with a value for its metric (its type, its limits, its allowed values), in words; null when nothing is. */
export function observationValueProblem(metric: MetricLimits, value: ObservationValue): string | null {
  switch (metric.type) {
    case 'number':
    case 'integer':
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${metric.name} takes a number, not ${JSON.stringify(value)}`;
      if (metric.type === 'integer' && !Number.isInteger(value)) return `${metric.name} takes a whole number, not ${value}`;
      return numberProblem(metric, value);
    case 'boolean':
      return typeof value === 'boolean' ? null : `${metric.name} takes true or false, not ${JSON.stringify(value)}`;
    case 'date':
      return typeof value === 'string' && isDay(value) ? null : `${metric.name} takes a date (YYYY-MM-DD), not ${JSON.stringify(value)}`;
    case 'category':
      return typeof value === 'string' && metric.allowed.includes(value)
        ? null
        : `${metric.name} takes one of ${metric.allowed.join(', ')}, not ${JSON.stringify(value)}`;
    default:
      return typeof value === 'string' ? null : `${metric.name} takes text, not ${JSON.stringify(value)}`;
  }
}

/**
 * The range rules a numeric value breaks: stored, it gets their flag (the worst of them).
 * The other rules (step, flat, spike) compare it with the values around it, on the server.
 */
export function brokenRangeRules(rules: readonly PlausibilityRule[], value: number): Extract<PlausibilityRule, { kind: 'range' }>[] {
  return rules.flatMap((rule) => (rule.kind === 'range' && ((rule.min !== null && value < rule.min) || (rule.max !== null && value > rule.max)) ? [rule] : []));
}
