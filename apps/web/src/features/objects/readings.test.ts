import type { DataTable, Metric, ProjectDetail } from '@observatory/shared';
import { describe, expect, it } from 'vitest';
import { checkReading, localNow, readingRows, readingTables, readingTime } from './readings';

const metric = (more: Partial<Metric>): Metric => ({
  name: 'air',
  title: 'Air temperature',
  description: '',
  unit: 'Cel',
  type: 'number',
  allowed: [],
  min: -90,
  max: 60,
  rules: [],
  version: 1,
  ...more,
});

describe('checkReading', () => {
  it('reads a number as typed in the field: a decimal comma, spaces between thousands', () => {
    expect(checkReading(metric({}), '12,5')).toEqual({ value: 12.5, error: null, warning: null });
    expect(checkReading(metric({ max: null }), '1 250.5')).toMatchObject({ value: 1250.5, error: null });
    expect(checkReading(metric({}), ' -3 ')).toMatchObject({ value: -3 });
  });
  it('leaves an empty field out', () => {
    expect(checkReading(metric({}), '  ')).toEqual({ value: null, error: null, warning: null });
  });
  it('refuses what the server would: not a number, not whole, outside the limits, not allowed', () => {
    expect(checkReading(metric({}), '12,5,1').error).toBe('Enter a number');
    expect(checkReading(metric({}), '1e999').error).toBe('Enter a number');
    expect(checkReading(metric({ type: 'integer' }), 'x').error).toBe('Enter a whole number');
    expect(checkReading(metric({ type: 'integer' }), '2.5').error).toBe('Air temperature takes a whole number, not 2.5');
    expect(checkReading(metric({}), '75')).toEqual({ value: null, error: '75 is above the maximum of Air temperature, 60 Cel', warning: null });
    const snow = metric({ title: 'Snow cover', type: 'category', unit: null, min: null, max: null, allowed: ['none', 'patchy'] });
    expect(checkReading(snow, 'deep').error).toBe('Snow cover takes one of none, patchy, not "deep"');
    expect(checkReading(metric({ type: 'date', unit: null, min: null, max: null }), '2026-02-30').error).toMatch(/takes a date/);
  });
  it('says which range rule a value breaks and the flag it gets, the worst when several', () => {
    const rules: Metric['rules'] = [
      { kind: 'range', name: 'Plausible', flag: 'suspect', min: -30, max: 35 },
      { kind: 'range', name: 'Sensor range', flag: 'bad', min: null, max: 50 },
      { kind: 'step', name: 'Step', flag: 'bad', max: 5 },
    ];
    expect(checkReading(metric({ rules }), '20').warning).toBeNull();
    expect(checkReading(metric({ rules }), '38')).toEqual({
      value: 38,
      error: null,
      warning: 'Outside the plausible range (Plausible: -30 to 35 Cel): it is saved flagged suspect.',
    });
    expect(checkReading(metric({ rules }), '55').warning).toBe('Outside the plausible range (Sensor range: at most 50 Cel): it is saved flagged bad.');
  });
  it('takes yes and no for a boolean, the text as typed for text', () => {
    const frost = metric({ type: 'boolean', unit: null, min: null, max: null });
    expect(checkReading(frost, 'yes').value).toBe(true);
    expect(checkReading(frost, 'no').value).toBe(false);
    expect(checkReading(metric({ type: 'text', unit: null, min: null, max: null }), ' wet moss').value).toBe(' wet moss');
  });
});

describe('readingTables', () => {
  const table = (id: string, metrics: string[]) => ({ id, title: id, description: '', metrics, level: 'raw', version: 1 }) as DataTable;
  const project = (slug: string, permissions: string[], datatables: DataTable[]) =>
    ({ project: { slug, title: slug.toUpperCase() }, permissions, datatables }) as unknown as ProjectDetail;
  it('offers the tables with metrics of the projects the user may edit, in order', () => {
    const tables = readingTables([
      project('fell', ['view', 'edit'], [table('weather', ['air']), table('empty', [])]),
      project('lake', ['view'], [table('buoy', ['water'])]),
      undefined,
      project('bog', ['view', 'edit'], [table('peat', ['depth'])]),
    ]);
    expect(tables.map((t) => `${t.project.slug}/${t.table.id}`)).toEqual(['fell/weather', 'bog/peat']);
  });
});

describe('the time and rows of a save', () => {
  it('reads a datetime-local value in the device’s time zone', () => {
    expect(readingTime('2026-06-01T06:30')).toBe(new Date(2026, 5, 1, 6, 30).toISOString());
    expect(readingTime('')).toBeNull();
    expect(readingTime('2026-06-01')).toBeNull();
    const now = new Date(2026, 5, 1, 6, 30, 45);
    expect(localNow(now)).toBe('2026-06-01T06:30');
  });
  it('writes a row per metric with a value, at one time, with one note', () => {
    const rows = readingRows('fell', '2026-06-01T04:30:00.000Z', ' windy ', [
      { metric: 'air', value: 38 },
      { metric: 'snow', value: null },
      { metric: 'frost', value: false },
    ]);
    expect(rows).toEqual([
      { object: 'fell', metric: 'air', time: '2026-06-01T04:30:00.000Z', value: 38, note: 'windy' },
      { object: 'fell', metric: 'frost', time: '2026-06-01T04:30:00.000Z', value: false, note: 'windy' },
    ]);
  });
});
