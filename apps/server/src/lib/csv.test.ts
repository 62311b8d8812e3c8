import { describe, expect, it } from 'vitest';
import { csvCell, parseCsv, toCsv } from './csv.js';

describe('CSV', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(3490.5)).toBe('3490.5');
    expect(csvCell(-12.5)).toBe('-12.5');
  });
  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
  });
  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['name', 'title'],
        [
          ['a', 'A'],
          ['b', 'B, b'],
        ],
      ),
    ).toBe('name,title\r\na,A\r\nb,"B, b"\r\n');
  });
});

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and line breaks, CRLF or LF', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n"two\nlines",\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', ''],
    ]);
    expect(parseCsv('one')).toEqual([['one']]);
    expect(parseCsv('')).toEqual([]);
  });
  it('reads what toCsv writes', () => {
    const rows = [
      ['name', 'note'],
      ['plot 1', 'wet, "very"'],
      ['plot 2', ''],
    ];
    expect(parseCsv(toCsv(rows[0]!, rows.slice(1)))).toEqual(rows);
  });
});
