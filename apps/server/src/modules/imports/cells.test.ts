import { describe, expect, it } from 'vitest';
import { cellValue, numberOf } from './cells.js';

describe('cellValue', () => {
  it('reads numbers with a leading minus, a plus, a decimal comma or an exponent; refuses words', () => {
    expect(cellValue('-105.546', { type: 'number' })).toEqual({ value: -105.546 });
    expect(cellValue(' +3,5 ', { type: 'number' })).toEqual({ value: 3.5 });
    expect(cellValue('1.2e3', { type: ['number', 'null'] })).toEqual({ value: 1200 });
    expect(cellValue('12 m', { type: 'number' })).toEqual({ error: '“12 m” is not a number' });
    expect(numberOf('0x10')).toBeNull();
    expect(numberOf('Infinity')).toBeNull();
  });

  it('takes whole numbers only for integers', () => {
    expect(cellValue('-7', { type: 'integer' })).toEqual({ value: -7 });
    expect(cellValue('7.5', { type: 'integer' })).toEqual({ error: '7.5 is not a whole number' });
  });

  it('reads yes and no, dates, and allowed values', () => {
    expect(cellValue('Yes', { type: 'boolean' })).toEqual({ value: true });
    expect(cellValue('0', { type: 'boolean' })).toEqual({ value: false });
    expect(cellValue('maybe', { type: 'boolean' })).toMatchObject({ error: expect.stringMatching(/not yes or no/) });
    expect(cellValue('2024-05-01T10:00:00Z', { type: 'string', format: 'date' })).toEqual({ value: '2024-05-01' });
    expect(cellValue('01/05/2024', { type: 'string', format: 'date' })).toMatchObject({ error: expect.stringMatching(/not a date/) });
    expect(cellValue('forest', { type: 'string', enum: ['forest', 'heath'] })).toEqual({ value: 'forest' });
    expect(cellValue('bog', { type: 'string', enum: ['forest', 'heath'] })).toEqual({ error: '“bog” is not one of forest, heath' });
  });

  it('keeps text as written, formulas included: nothing is evaluated; an empty cell is no value', () => {
    for (const text of ['=1+1', '+49 30 1234', '-dry-', '@home', '=HYPERLINK("http://x")'])
      expect(cellValue(text, { type: 'string' })).toEqual({ value: text });
    expect(cellValue('  ', { type: 'string' })).toEqual({ value: undefined });
    expect(cellValue('', { type: 'number' })).toEqual({ value: undefined });
  });
});
