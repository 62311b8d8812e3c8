import { describe, expect, it } from 'vitest';
import { lineColumn, parseJsonObject, parseJsonText } from './json-text';

const mistake = (text: string) => {
  const read = parseJsonText(text);
  if (read.ok) throw new Error(`read: ${text}`);
  return read;
};

describe('JSON typed by hand', () => {
  it('reads valid JSON as JSON.parse does', () => {
    expect(parseJsonText('{"type":"object","properties":{}}')).toEqual({ ok: true, value: { type: 'object', properties: {} } });
    expect(parseJsonText(' [1, -2.5e3, true, null, "a\\u00e9\\n"] ')).toEqual({ ok: true, value: [1, -2500, true, null, 'aé\n'] });
  });

  it('counts lines and columns from 1, whatever the line ends', () => {
    expect(lineColumn('abc', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumn('ab\r\ncd\ref', 8)).toEqual({ line: 3, column: 2 });
  });

  it('places a trailing comma', () => {
    expect(mistake('{\n  "a": 1,\n}')).toMatchObject({ line: 3, column: 1, message: 'Line 3, column 1: A comma before “}”: remove it' });
    expect(mistake('[1, 2,]')).toMatchObject({ line: 1, column: 7 });
  });

  it('places a missing comma and a missing colon', () => {
    expect(mistake('{\n  "a": 1\n  "b": 2\n}')).toMatchObject({ line: 3, column: 3, message: 'Line 3, column 3: A “,” or “}” was expected, not “"”' });
    expect(mistake('{"a" 1}')).toMatchObject({ line: 1, column: 6, message: 'Line 1, column 6: A “:” was expected after the property name' });
  });

  it('names unquoted and single-quoted names and words JSON does not know', () => {
    expect(mistake('{type: "object"}').message).toBe('Line 1, column 2: A property name in double quotes was expected');
    expect(mistake("{'type': 1}").message).toBe('Line 1, column 2: Property names take double quotes ("), not single ones');
    expect(mistake('{"a": object}').message).toBe(
      'Line 1, column 7: Unexpected word “object”: text takes double quotes, and JSON knows only true, false and null',
    );
    expect(mistake('{"a": True}').message).toMatch(/^Line 1, column 7: Unexpected word “True”/);
  });

  it('places an unclosed string, object or array where it opens', () => {
    expect(mistake('{"a": "open}')).toMatchObject({ line: 1, column: 7, message: 'Line 1, column 7: The text ends inside a string: a closing " is missing' });
    expect(mistake('{\n "a": {"b": 1}\n')).toMatchObject({ line: 1, column: 1, message: 'Line 1, column 1: The text ends inside an object: a “}” is missing' });
    expect(mistake('{"a": [1, 2')).toMatchObject({ line: 1, column: 7 });
    expect(mistake('{"a": "two\nlines"}').message).toMatch(/^Line 1, column 11: A string cannot hold a line break/);
  });

  it('names numbers JSON does not write, bad escapes, empty text and text after the end', () => {
    expect(mistake('{"a": 01}').message).toMatch(/^Line 1, column 8: Not a number as JSON writes it/);
    expect(mistake('{"a": .5}').message).toBe('Line 1, column 7: Unexpected “.”: a value was expected');
    expect(mistake('"\\x"').message).toBe('Line 1, column 2: Unknown escape \\x: a backslash is written \\\\');
    expect(mistake('   ').message).toBe('Line 1, column 4: The text is empty: write a JSON value');
    expect(mistake('{} {}').message).toBe('Line 1, column 4: Unexpected “{” after the end of the JSON value');
  });

  it('takes only an object where an object is asked for', () => {
    expect(parseJsonObject('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonObject('[1]', 'A schema')).toEqual({ ok: false, message: 'A schema must be a JSON object: {…}', line: null, column: null });
    expect(parseJsonObject('null').ok).toBe(false);
    expect(parseJsonObject('{"a":').ok).toBe(false);
  });
});
