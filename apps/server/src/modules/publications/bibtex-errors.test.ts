import { describe, expect, it } from 'vitest';
import { readEntries } from './citations.js';

/** The error of a paste's one entry, as the preview shows it. */
const errorOf = (text: string) => readEntries(text, 'bibtex')[0]?.error;

describe('BibTeX faults in words', () => {
  it('says what is missing and what came instead, keeping line and column', () => {
    expect(errorOf('@article{a,\n  title = {Missing comma}\n  year = 2002\n}')).toBe(
      'Line 3, column 3: Expected "," between two fields or "}" to close the entry, found the word "year"',
    );
    expect(errorOf('@article{a,\n  title  {x},\n  year = 2002\n}')).toBe('Line 2, column 10: Expected "=" after the field name, found "{"');
    expect(errorOf('@article{a,\n  title = ,\n  year = 2002\n}')).toBe(
      'Line 2, column 11: Expected a value: text in {braces} or "quotes", a number or a @string name, found a comma',
    );
    expect(errorOf('@article{a\n  title = {x},\n  year = 2002\n}')).toBe('Line 2, column 3: Expected "," after the citation key, found "title"');
    expect(errorOf('@article{a,\n  title = {x}, 3year=2}\n')).toBe('Line 2, column 16: Expected a field name or "}" to close the entry, found the number "3"');
    expect(errorOf('@article{a,\n  title = {x},\n  year = 2002,\n  $$ = 5}')).toBe('Line 4, column 3: "$" cannot stand here');
    // After a field's comma, another field or the end.
    expect(errorOf('@article{a,\n  title = {x},\n  year = 2002,\n  = 5}')).toBe('Line 4, column 3: Expected a field name or "}" to close the entry, found "="');
  });

  it('counts lines of the whole paste, not of the entry', () => {
    const [, second] = readEntries('@book{ok, title = {Fine}, year = 2001}\n\n@book{bad,\n  title = {x}\n  year = 2002\n}\n', 'bibtex');
    expect(second?.error).toMatch(/^Line 5, column 3: Expected "," between two fields or "}" to close the entry, found the word "year"$/);
  });

  it('names an entry that never closes at its first line, saying what it waits for', () => {
    expect(errorOf('@article{a,\n  title = {Fine},\n  year = 2002\n')).toBe('Line 1: this entry is not closed (expected "}" to close the entry)');
    expect(errorOf('@article{a,\n  title = "Unclosed,\n  year = 2002\n}')).toBe(
      'Line 1: this entry is not closed (expected the closing quotation mark (") of the value)',
    );
  });

  it('never shows the parser’s token names', () => {
    const broken = [
      '@article{a,\n  title = {x}}}\n',
      '@article{a,\n  title = {x},, year=2}\n',
      '@article{a,\n  title = {x}, year=2 "x"}\n',
      '@article{a,\n  title = {x}, year=2 # # 3}\n',
      '@article{a,\n  title = {x},\n  year = 2002,\n  = 5}',
      '@article{\n  title = {x},\n  year = 2002\n}',
    ];
    for (const text of broken) expect(errorOf(text) ?? '', text).not.toMatch(/rbrace|lbrace|identifier|"comma"|"equals"|"hash"|"quote"|EOF|got /);
  });
});
