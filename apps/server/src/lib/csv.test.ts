import { describe, expect, it } from 'vitest';
import { csvCell, csvChunks, parseCsv, toCsv } from './csv.js';

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
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell(-2)).toBe('-2');
    // Apostrophes before a formula character: one more, which the import takes off again.
    expect(csvCell("'=x")).toBe("''=x");
    expect(csvCell("'plain")).toBe("'plain");
  });
  it('writes every text as it is with the guard off', () => {
    expect(csvCell('=HYPERLINK("http://evil")', false)).toBe(`"=HYPERLINK(""http://evil"")"`);
    expect(csvCell('-2', false)).toBe('-2');
    expect(toCsv(['a'], [['@x']], { formulaGuard: false })).toBe('a\r\n@x\r\n');
  });
  it('writes dates as ISO 8601 and objects as JSON', () => {
    expect(csvCell(new Date('2024-06-01T12:00:00Z'))).toBe('2024-06-01T12:00:00.000Z');
    expect(csvCell({ type: 'Point', coordinates: [1, 2] })).toBe('"{""type"":""Point"",""coordinates"":[1,2]}"');
  });
  it('starts with a byte-order mark when asked', () => {
    expect(toCsv(['a'], [['é']], { bom: true })).toBe('\uFEFFa\r\né\r\n');
    expect(toCsv(['a'], [['é']])).toBe('a\r\né\r\n');
  });
  it('streams the header then a chunk of lines per chunk of rows', async () => {
    async function* rows() {
      yield [['1'], ['2']];
      yield [];
      yield [['3']];
    }
    const chunks: string[] = [];
    for await (const chunk of csvChunks(['n'], rows())) chunks.push(chunk);
    expect(chunks).toEqual(['n\r\n', '1\r\n2\r\n', '3\r\n']);
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
