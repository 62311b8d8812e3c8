import contentDisposition from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { attachment } from './downloads.js';

describe('attachment', () => {
  it('quotes a plain ASCII name as it is, an apostrophe and parentheses included', () => {
    expect(attachment("O'Brien (1).pdf")).toBe(`attachment; filename="O'Brien (1).pdf"`);
  });

  it('gives a non-ASCII name whole in filename*, its apostrophes, parentheses and stars encoded (RFC 8187 attr-char), and an ASCII stand-in in filename', () => {
    expect(attachment("Müggelsee – O'Brien (1)*.csv")).toBe(
      `attachment; filename="M_ggelsee _ O'Brien (1)*.csv"; filename*=UTF-8''M%C3%BCggelsee%20%E2%80%93%20O%27Brien%20%281%29%2A.csv`,
    );
  });

  it('escapes quotes and backslashes in the quoted name', () => {
    expect(attachment('say "hi"\\now.txt')).toBe(`attachment; filename="say \\"hi\\"\\\\now.txt"`);
  });

  it('is read back to the same name by a parser of the header, and to the stand-in by one that knows no filename*', () => {
    for (const name of ["O'Brien (1).pdf", 'Müggelsee – Messdaten 2024.csv', '雨量 *2025*.xlsx', 'a;b,c=d "e".txt']) {
      const header = attachment(name);
      expect(contentDisposition.parse(header)).toMatchObject({ type: 'attachment', parameters: { filename: name } });
      expect(contentDisposition.parse(header, { extended: false }).parameters.filename).toBe(name.replace(/[^\x20-\x7e]/g, '_'));
    }
  });

  it('is a bare attachment without a name', () => {
    expect(attachment(null)).toBe('attachment');
    expect(attachment('')).toBe('attachment');
  });
});
