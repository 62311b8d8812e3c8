/**
 * citation-js's BibTeX parser reports faults by its token names ('expected "rbrace", got
 * "identifier" at line 3 col 3'): here the same fault in words a researcher reads, chosen
 * by the token it wanted and the part of the entry it was reading (the rule it names last).
 */

/** A fault of one parse, in words, where the parser stopped (line and column from 1). */
export interface BibtexFault {
  line: number;
  column: number;
  /** What should have come there, as "Expected …"; null for a character BibTeX has no use for. */
  expected: string | null;
  /** What came instead. */
  found: string;
}

/** What the parser wanted, by token and the rule reading it. */
const EXPECTED: Record<string, string> = {
  'dataEntryType Entry': 'Expected the entry type after "@" (such as article or book)',
  'lbrace Entry': 'Expected "{" after the entry type',
  'label Entry': 'Expected the citation key after "{"',
  'comma Entry': 'Expected "," after the citation key',
  'rbrace Entry': 'Expected "," between two fields or "}" to close the entry',
  // After a field's comma: what may come next.
  'rbrace Entry,': 'Expected a field name or "}" to close the entry',
  'identifier Field': 'Expected a field name',
  'equals Field': 'Expected "=" after the field name',
  'lbrace BracketString': 'Expected a value: text in {braces} or "quotes", a number or a @string name',
  'text BracketString': 'Expected "}" to close the value',
  'text QuoteString': 'Expected the closing quotation mark (") of the value',
};

/** The same, where the text ended first. */
const EXPECTED_AT_END: Record<string, string> = {
  'rbrace Entry': 'Expected "}" to close the entry',
};

const TOKEN_WORDS: Record<string, string> = {
  comma: 'a comma',
  equals: '"="',
  hash: '"#"',
  quote: 'a quotation mark (")',
  lbrace: '"{"',
  rbrace: '"}"',
  at: '"@"',
  text: 'text',
  junk: 'text',
  comment: 'a comment (%)',
};

/** How each token that carries a word is spelled (the lexer's patterns), to quote it. */
const SPELLING: Record<string, { pattern: RegExp; says: string }> = {
  identifier: { pattern: /^[a-zA-Z_][a-zA-Z0-9_:+-]*/, says: 'the word' },
  dataEntryType: { pattern: /^[a-zA-Z_][a-zA-Z0-9_:+-]*/, says: 'the word' },
  label: { pattern: /^[^,\s]+/, says: '' },
  number: { pattern: /^-?\d+/, says: 'the number' },
};

/** The text of the parse before and from a line and column. */
function split(text: string, line: number, column: number) {
  const lines = text.split('\n');
  const offset = lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0) + column - 1;
  return { before: text.slice(0, offset), rest: (lines[line - 1] ?? '').slice(column - 1) };
}

function expectedWords(wanted: string, rule: string, afterComma: boolean, atEnd: boolean): string {
  const key = `${wanted} ${rule}`;
  if (atEnd && EXPECTED_AT_END[key]) return EXPECTED_AT_END[key];
  return (afterComma && EXPECTED[`${key},`]) || EXPECTED[key] || `Expected ${TOKEN_WORDS[wanted] ?? wanted}`;
}

function foundWords(token: string | null, rest: string): string {
  if (token === null) return 'the end of the text';
  const spelled = SPELLING[token];
  const word = spelled?.pattern.exec(rest)?.[0];
  if (spelled && word) return [spelled.says, `"${word.length > 40 ? `${word.slice(0, 40)}…` : word}"`].filter(Boolean).join(' ');
  return TOKEN_WORDS[token] ?? 'a word';
}

/**
 * The fault a BibTeX parse of `text` threw, in words, or null when the message is not
 * one of the parser's. `message` is the error's whole message: its last line names the
 * rules being read.
 */
export function bibtexFault(message: string, text: string): BibtexFault | null {
  const position = /^(.*?) at line (\d+) col (\d+):/.exec(message);
  if (!position) return null;
  const [, what, lineText, columnText] = position as unknown as [string, string, string, string];
  const [line, column] = [Number(lineText), Number(columnText)];
  const { before, rest } = split(text, line, column);
  if (what === 'invalid syntax') return { line, column, expected: null, found: `"${[...rest][0] ?? ''}"` };
  const tokens = /^expected "(\w+)", got (?:"(\w+)"|EOF)$/.exec(what);
  if (!tokens) return null;
  const [, wanted, got] = tokens as unknown as [string, string, string | undefined];
  // The rule that asked for the token: the innermost but Text, which only reads inside a value.
  const rule =
    (/\(([\w>-]+)\)$/.exec(message)?.[1] ?? '')
      .split('->')
      .filter((r) => r !== 'Text')
      .at(-1) ?? '';
  const expected = expectedWords(wanted, rule, before.trimEnd().endsWith(','), got === undefined);
  return { line, column, expected, found: foundWords(got ?? null, rest) };
}

/** A fault as a sentence: what was expected and what was found. */
export function faultWords(fault: BibtexFault): string {
  return fault.expected ? `${fault.expected}, found ${fault.found}` : `${fault.found} cannot stand here`;
}
