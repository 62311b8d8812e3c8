import { describe, expect, it } from 'vitest';
import { alignSeries, bucketsFor, dayOf, dayStart, formatValue } from './chart-data';

describe('alignSeries', () => {
  it('puts every series on the times of all, in order, with gaps where a series has no value', () => {
    const object = { name: 'a', title: 'A' };
    expect(
      alignSeries([
        { object, times: [3, 1], values: [30, 10], flagged: [] },
        { object, times: [2, 3], values: [2, 3], flagged: [] },
      ]).data,
    ).toEqual([
      [1, 2, 3],
      [10, null, 30],
      [null, 2, 3],
    ]);
    expect(alignSeries([])).toEqual({ data: [[]], marks: [] });
  });

  it('adds a column of marks per series and flag, on the times of the flagged values (a bucketed line may not have them)', () => {
    const aligned = alignSeries([
      {
        object: { name: 'a', title: 'A' },
        times: [1, 4],
        values: [10, 40],
        flagged: [
          { time: 2, value: 99, flag: 'bad', rule: 'Gross range' },
          { time: 4, value: 40, flag: 'suspect', rule: null },
          { time: 3, value: 98, flag: 'bad', rule: 'Gross range' },
        ],
      },
      { object: { name: 'b', title: 'B' }, times: [1], values: [5], flagged: [{ time: 1, value: 5, flag: 'suspect', rule: 'Spike' }] },
    ]);
    expect(aligned.data).toEqual([
      [1, 2, 3, 4],
      [10, null, null, 40],
      [5, null, null, null],
      [null, 99, 98, null],
      [null, null, null, 40],
      [5, null, null, null],
    ]);
    expect(aligned.marks).toEqual([
      { title: 'A', flag: 'bad' },
      { title: 'A', flag: 'suspect' },
      { title: 'B', flag: 'suspect' },
    ]);
  });
});

describe('date fields', () => {
  it('show a time’s day and read a day as its start, refusing what is not a day', () => {
    expect(dayOf('2013-05-01T12:30:00.000Z')).toBe('2013-05-01');
    expect(dayOf(undefined)).toBe('');
    expect(dayStart('2013-05-01')).toBe('2013-05-01T00:00:00.000Z');
    expect(dayStart('2013-13-45')).toBeUndefined();
    expect(dayStart('')).toBeUndefined();
  });
});

describe('bucketsFor and formatValue', () => {
  it('round the width to hundreds within the server’s limits, and numbers to four decimals', () => {
    expect(bucketsFor(1234)).toBe(1200);
    expect(bucketsFor(20)).toBe(100);
    expect(bucketsFor(99_999)).toBe(4000);
    expect(formatValue(6.123456)).toBe('6.1235');
    expect(formatValue(true)).toBe('true');
    expect(formatValue(null)).toBe('');
  });
});
