import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pub, stored } from './test-entries.js';
import { readRis, risIds, writeRis } from './ris.js';

const BIB = fs.readFileSync(new URL('../../db/seed/files/efi_ecological_forecasting_refs.bib', import.meta.url), 'utf8');

/** Every line of a RIS file is a tag line or empty, and ends in CRLF. */
function checkLines(ris: string) {
  expect(ris.endsWith('\r\n')).toBe(true);
  const lines = ris.split('\r\n').slice(0, -1);
  for (const line of lines) expect(line, JSON.stringify(line)).toMatch(/^(?:[A-Z][A-Z0-9] {2}- .*|)$/);
  expect(ris.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  return lines;
}

describe('the RIS writer', () => {
  it('writes one line per tag, CRLF, ER and a blank line after every record, SP and EP apart, values unpadded, a long title unwrapped', () => {
    const title = `A ${'very '.repeat(60)}long title`;
    const ris = writeRis([
      pub({
        title,
        pages: '1424-1432',
        keywords: ['state-space model', ' chlorophyll '],
        abstract: 'First line\nsecond line',
        citationKey: 'dietze_ecological_2017',
      }),
      pub({ title: 'One page', pages: 'e02500', citationKey: 'dietze_ecological_2017-b' }),
    ]);
    const lines = checkLines(ris);
    expect(title.length).toBeGreaterThan(300);
    expect(lines).toContain(`TI  - ${title}`);
    expect(lines.filter((l) => /^(SP|EP)/.test(l))).toEqual(['SP  - 1424', 'EP  - 1432', 'SP  - e02500']);
    expect(lines).toContain('KW  - chlorophyll');
    expect(lines).toContain('AB  - First line second line');
    expect(ris.split('ER  - \r\n\r\n')).toHaveLength(3);
    expect(ris.endsWith('ER  - \r\n\r\n')).toBe(true);
    // A single record ends the same way.
    expect(writeRis([pub()]).endsWith('ER  - \r\n\r\n')).toBe(true);
    // ID: at most 20 letters and digits, unique; the whole key in LB.
    expect(lines.filter((l) => l.startsWith('ID'))).toEqual(['ID  - dietzeecological2017', 'ID  - dietzeecological2012']);
    expect(lines.filter((l) => l.startsWith('LB'))).toEqual(['LB  - dietze_ecological_2017', 'LB  - dietze_ecological_2017-b']);
  });

  it('makes IDs of at most 20 letters and digits, unique whatever the case', () => {
    const ids = risIds(['dietze_ecological_2017', 'Dietze-Ecological-2017', 'dietze_ecological_2017a', 'x']);
    expect(ids).toEqual(['dietzeecological2017', 'DietzeEcological2012', 'dietzeecological2013', 'x']);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{1,20}$/);
  });
});

describe('the RIS reader', () => {
  it('reads LF and CRLF alike, takes the key from LB, and keeps the tags it has no column for', () => {
    const record = [
      'TY  - CONF',
      'ID  - short',
      'TI  - A talk',
      'AU  - Doe, Jane',
      'PY  - 2020',
      'T2  - Proceedings',
      'SP  - 5',
      'EP  - 9',
      'LB  - doe-talk_2020',
      'CY  - Oslo',
      'ER  - ',
      '',
    ];
    for (const eol of ['\n', '\r\n']) {
      const [read] = readRis(record.join(eol));
      expect(read).toMatchObject({
        key: 'doe-talk_2020',
        line: 1,
        error: null,
        input: {
          type: 'article',
          title: 'A talk',
          authors: [{ name: 'Doe, Jane', person: null }],
          year: 2020,
          venue: 'Proceedings',
          pages: '5-9',
          citationKey: 'doe-talk_2020',
          extra: { ris: { type: 'CONF', tags: { CY: ['Oslo'] } } },
        },
      });
    }
  });

  it('writes back the tags a record had beyond its columns, a second address and notes included', () => {
    const text = 'TY  - JOUR\r\nTI  - T\r\nUR  - https://a.example\r\nUR  - https://b.example\r\nN1  - One\r\nN1  - Two\r\nER  - \r\n\r\n';
    const [p] = stored(text, 'ris');
    expect(p!.url).toBe('https://a.example');
    expect(p!.extra).toEqual({ ris: { tags: { UR: ['https://b.example'], N1: ['One', 'Two'] } } });
    const again = writeRis([p!]).split('\r\n');
    expect(again.filter((l) => /^(UR|N1)/.test(l))).toEqual(['UR  - https://a.example', 'UR  - https://b.example', 'N1  - One', 'N1  - Two']);
  });

  it('joins nothing across lines: a line without a tag inside a record is that record’s error, naming its line', () => {
    const text =
      'TY  - JOUR\r\nTI  - A state-space model of river chlorophyll-a with temperature and discha\r\nrge\r\nER  - \r\n\r\nTY  - JOUR\r\nTI  - Fine\r\nER  - \r\n';
    expect(readRis(text).map((r) => [r.line, r.input?.title ?? null, r.error])).toEqual([
      [1, null, 'Line 3: a line without a tag inside an entry: RIS has one line per field (XX  - value), and nothing is joined across lines'],
      [6, 'Fine', null],
    ]);
  });

  it('reads back exactly what the writer wrote: the 42 references, exported, read and exported again, are the same file', () => {
    const pubs = stored(BIB, 'bibtex');
    const ris = writeRis(pubs);
    checkLines(ris);
    const back = stored(ris, 'ris');
    expect(back).toHaveLength(42);
    for (const [i, p] of pubs.entries()) {
      const { extra: _extra, slug: _slug, ...columns } = p;
      expect(back[i], p.citationKey!).toMatchObject(columns);
    }
    expect(writeRis(back)).toBe(ris);
  });
});
