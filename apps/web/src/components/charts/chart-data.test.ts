import { describe, expect, it } from 'vitest';
import { alignSeries, bucketsFor, dayOf, dayStart, formatValue } from './chart-data';

describe('alignSeries', () => {
  it('puts every series on the times of all, in order, with gaps where a series has no value', () => {
    const object = { name: 'a', title: 'A' };
    expect(
      alignSeries([
        { object, times: [3, 1], values: [30, 10] },
        { object, times: [2, 3], values: [2, 3] },
      ]),
    ).toEqual([
      [1, 2, 3],
      [10, null, 30],
      [null, 2, 3],
    ]);
    expect(alignSeries([])).toEqual([[]]);
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
