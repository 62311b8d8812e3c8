/**
 * A spreadsheet cell as the value a metadata field takes, by the field's JSON Schema:
 * numbers (a leading minus, as every western longitude has; a decimal comma too),
 * integers, booleans, dates and allowed values; text as it is. Nothing is ever
 * evaluated: a cell starting with = + - @ is text unless its field takes a number.
 */
export interface FieldSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
}

export type CellValue = { value: unknown } | { error: string };

const NUMBER = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)([eE][-+]?\d+)?$/;
const TRUE = new Set(['true', 'yes', 'y', '1', 'x']);
const FALSE = new Set(['false', 'no', 'n', '0']);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const typesOf = (field: FieldSchema) => (Array.isArray(field.type) ? field.type : field.type ? [field.type] : []);

/** A number as written, or null: digits with an optional sign, decimal point or comma and exponent. */
export function numberOf(cell: string): number | null {
  const text = cell.trim();
  if (!NUMBER.test(text)) return null;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

/** The cell as its field's value; an empty cell is no value (undefined). */
export function cellValue(cell: string, field: FieldSchema): CellValue | { value: undefined } {
  const text = cell.trim();
  if (text === '') return { value: undefined };
  const types = typesOf(field);
  let value: unknown = cell;
  if (types.includes('integer') || types.includes('number')) {
    const n = numberOf(text);
    if (n === null) return { error: `“${text}” is not a number` };
    if (!types.includes('number') && !Number.isInteger(n)) return { error: `${text} is not a whole number` };
    value = n;
  } else if (types.includes('boolean')) {
    const word = text.toLowerCase();
    if (!TRUE.has(word) && !FALSE.has(word)) return { error: `“${text}” is not yes or no (true, false, yes, no, 1, 0)` };
    value = TRUE.has(word);
  } else if (field.format === 'date') {
    const day = text.slice(0, 10);
    if (!DAY.test(day) || Number.isNaN(Date.parse(day))) return { error: `“${text}” is not a date (YYYY-MM-DD)` };
    value = day;
  }
  if (field.enum && !field.enum.includes(value)) return { error: `“${text}” is not one of ${field.enum.join(', ')}` };
  return { value };
}
