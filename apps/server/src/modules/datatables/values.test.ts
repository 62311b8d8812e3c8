import { describe, expect, it } from 'vitest';
import { answeredValue, parseTime, storedValue, type MetricRule } from './values.js';

const metric = (type: string, more: Partial<MetricRule> = {}): MetricRule => ({ name: 'm', type, unit: null, min: null, max: null, allowed: [], ...more });

describe('parseTime', () => {
  it('reads a day as midnight UTC and a time with its offset', () => {
    expect(parseTime('2024-05-01')?.toISOString()).toBe('2024-05-01T00:00:00.000Z');
    expect(parseTime('2024-05-01T12:30:00+02:00')?.toISOString()).toBe('2024-05-01T10:30:00.000Z');
    expect(parseTime('2024-05-01T12:30Z')?.toISOString()).toBe('2024-05-01T12:30:00.000Z');
  });
  it('refuses what is not a date or a time', () => {
    for (const text of ['yesterday', '2024-02-30', '2024-13-01', '2024-05-01T12:30', '01/05/2024', '']) expect(parseTime(text), text).toBeNull();
  });
});

describe('storedValue', () => {
  it('keeps numbers as numbers within their limits, with the limit in words when outside', () => {
    expect(storedValue(metric('number', { min: 0, max: 14 }), 7.2)).toEqual({ number: 7.2, text: null });
    expect(storedValue(metric('number', { name: 'ph', min: 0, max: 14, unit: '[pH]' }), 15)).toBe('15 is above the maximum of ph, 14 [pH]');
    expect(storedValue(metric('number', { min: 0 }), -1)).toMatch(/below the minimum/);
    expect(storedValue(metric('number'), '7')).toBe('m takes a number, not "7"');
    expect(storedValue(metric('integer'), 2.5)).toBe('m takes a whole number, not 2.5');
  });
  it('keeps booleans as 1 and 0, dates and categories as text', () => {
    expect(storedValue(metric('boolean'), false)).toEqual({ number: 0, text: null });
    expect(storedValue(metric('boolean'), 'yes')).toMatch(/true or false/);
    expect(storedValue(metric('date'), '2024-05-01')).toEqual({ number: null, text: '2024-05-01' });
    expect(storedValue(metric('date'), '2024-02-30')).toMatch(/takes a date/);
    expect(storedValue(metric('category', { allowed: ['forest', 'heath'] }), 'heath')).toEqual({ number: null, text: 'heath' });
    expect(storedValue(metric('category', { allowed: ['forest', 'heath'] }), 'bog')).toBe('m takes one of forest, heath, not "bog"');
    expect(storedValue(metric('text'), 3)).toMatch(/takes text/);
  });
  it('answers each as it was given', () => {
    expect(answeredValue('boolean', { number: 1, text: null })).toBe(true);
    expect(answeredValue('integer', { number: 4, text: null })).toBe(4);
    expect(answeredValue('category', { number: null, text: 'heath' })).toBe('heath');
  });
});
