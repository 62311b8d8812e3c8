/**
 * JSON typed by hand (a metadata schema, an object's raw metadata), read with the place
 * of the first mistake as a line and column. Browsers word and place JSON.parse's errors
 * each their own way (some give no place at all), so when the browser refuses a text
 * this small reader finds where and says why, the same in every browser.
 */

export type JsonText<T = unknown> = { ok: true; value: T } | { ok: false; message: string; line: number | null; column: number | null };

class Mistake extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/** Line and column (both from 1) of a place in the text. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split(/\r\n|\r|\n/);
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

const shown = (char: string) => (char === '\n' || char === '\r' ? 'a line break' : char === '\t' ? 'a tab' : `“${char}”`);

/** Finds the first mistake of a text JSON.parse refused: where it is and why. */
function locate(text: string): Mistake | null {
  let i = 0;
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const fail = (message: string, at = i): never => {
    throw new Mistake(at, message);
  };
  const end = (inside: string) => fail(`The text ends inside ${inside}`);

  function string() {
    const start = i;
    i++; // the opening quote
    for (;;) {
      if (i >= text.length) fail('The text ends inside a string: a closing " is missing', start);
      const c = text[i]!;
      if (c === '"') return void i++;
      if (c < ' ')
        fail(
          `A string cannot hold ${c === '\n' || c === '\r' ? 'a line break (write \\n)' : c === '\t' ? 'a tab (write \\t)' : 'a control character'}: or is its closing " missing?`,
        );
      if (c === '\\') {
        const e = text[i + 1];
        if (e === undefined) end('a string');
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('\\u takes four hexadecimal digits');
          i += 6;
        } else if ('"\\/bfnrt'.includes(e!)) i += 2;
        else fail(`Unknown escape \\${e}: a backslash is written \\\\`);
      } else i++;
    }
  }

  function number() {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match) fail('Not a number as JSON writes it (digits, optionally a sign, a point and an exponent)');
    const after = text[i + match![0].length];
    if (after !== undefined && /[\d.eE]/.test(after)) fail('Not a number as JSON writes it (no leading zeros, digits after a point)', i + match![0].length);
    i += match![0].length;
  }

  function word() {
    const found = /^[A-Za-z_$][\w$]*/.exec(text.slice(i))?.[0] ?? text[i]!;
    if (found === 'true' || found === 'false' || found === 'null') return void (i += found.length);
    fail(
      /^[A-Za-z_$]/.test(found)
        ? `Unexpected word “${found}”: text takes double quotes, and JSON knows only true, false and null`
        : `Unexpected ${shown(found)}: a value was expected`,
    );
  }

  function value(inside: string) {
    space();
    if (i >= text.length) end(inside);
    const c = text[i]!;
    if (c === '{') object();
    else if (c === '[') array();
    else if (c === '"') string();
    else if (c === "'") fail('Strings take double quotes ("), not single ones');
    else if (c === '-' || (c >= '0' && c <= '9')) number();
    else word();
  }

  function object() {
    const start = i;
    i++;
    space();
    if (text[i] === '}') return void i++;
    for (;;) {
      space();
      if (i >= text.length) fail('The text ends inside an object: a “}” is missing', start);
      if (text[i] === "'") fail('Property names take double quotes ("), not single ones');
      if (text[i] !== '"') fail(text[i] === '}' ? 'A comma before “}”: remove it' : 'A property name in double quotes was expected');
      string();
      space();
      if (text[i] !== ':') fail(i >= text.length ? 'The text ends inside an object' : 'A “:” was expected after the property name');
      i++;
      value('an object');
      space();
      if (text[i] === ',') i++;
      else if (text[i] === '}') return void i++;
      else if (i >= text.length) fail('The text ends inside an object: a “}” is missing', start);
      else fail(`A “,” or “}” was expected, not ${shown(text[i]!)}`);
    }
  }

  function array() {
    const start = i;
    i++;
    space();
    if (text[i] === ']') return void i++;
    for (;;) {
      space();
      if (text[i] === ']') fail('A comma before “]”: remove it');
      value('an array');
      space();
      if (text[i] === ',') i++;
      else if (text[i] === ']') return void i++;
      else if (i >= text.length) fail('The text ends inside an array: a “]” is missing', start);
      else fail(`A “,” or “]” was expected, not ${shown(text[i]!)}`);
    }
  }

  try {
    space();
    if (i >= text.length) fail('The text is empty: write a JSON value');
    value('the text');
    space();
    if (i < text.length) fail(`Unexpected ${shown(text[i]!)} after the end of the JSON value`);
    return null;
  } catch (e) {
    if (e instanceof Mistake) return e;
    return null; // nested too deeply for this reader: the browser's own words then
  }
}

/** Reads JSON; a refused text answers its first mistake with the line and column. */
export function parseJsonText(text: string): JsonText {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const mistake = locate(text);
    if (!mistake) return { ok: false, message: `Not valid JSON: ${(error as Error).message}`, line: null, column: null };
    const { line, column } = lineColumn(text, mistake.offset);
    return { ok: false, message: `Line ${line}, column ${column}: ${mistake.message}`, line, column };
  }
}

/** Reads JSON that must be an object ({…}): a schema, an object's metadata. */
export function parseJsonObject(text: string, what = 'This'): JsonText<Record<string, unknown>> {
  const read = parseJsonText(text);
  if (!read.ok) return read;
  const v = read.value;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return { ok: false, message: `${what} must be a JSON object: {…}`, line: null, column: null };
  return { ok: true, value: v as Record<string, unknown> };
}

/** Two-space indented, as the editors show JSON. */
export const jsonText = (value: unknown) => JSON.stringify(value, null, 2);
