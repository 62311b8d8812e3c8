import { describe, expect, it } from 'vitest';
import { pub, stored } from './test-entries.js';
import { BIBTEX_COLUMN_FIELDS } from '@observatory/shared';
import { citationKeys, columnFields, writeBibtex } from './bibtex.js';
import type { CitableFields } from './csl.js';

const keysOf = (bib: string) => [...bib.matchAll(/^@\w+\{([^,]+),$/gm)].map((m) => m[1]);

describe('BibTeX keys', () => {
  it('keep a stored key as it is, dashes included, and give a made one a, b, c when taken', () => {
    const keys = citationKeys([
      pub({ title: 'Daily chlorophyll-a forecasts' }),
      pub({ title: 'Daily green chromatic coordinate' }),
      pub({ title: 'Daily means' }),
      pub({ citationKey: 'ohara-wild_fable_2021' }),
    ]);
    expect(keys).toEqual(['Tanaka2025Daily', 'Tanaka2025Dailya', 'Tanaka2025Dailyb', 'ohara-wild_fable_2021']);
  });

  it('are unique whatever their letters’ case, a stored key keeping its own over a made one', () => {
    const keys = citationKeys([
      pub({ title: 'A state-space model of river chlorophyll-a' }),
      pub({ citationKey: 'Tanaka2025state' }),
      pub({ citationKey: 'TANAKA2025STATE' }),
      pub({ title: 'State-space models for ecologists' }),
    ]);
    expect(keys).toEqual(['Tanaka2025Statea', 'Tanaka2025state', 'TANAKA2025STATEb', 'Tanaka2025Statec']);
    expect(new Set(keys.map((k) => k.toLowerCase())).size).toBe(keys.length);
  });

  it('are made of letters and digits from the first author, the year and the title', () => {
    expect(citationKeys([pub({ authors: ['Horák, Jana'], title: 'The carbon of bogs' })])).toEqual(['Horak2025Carbon']);
    expect(citationKeys([pub({ authors: [], year: null, title: '—' })])).toEqual(['Anon']);
    // A character no key may hold becomes "_".
    expect(citationKeys([pub({ citationKey: 'odd#key%1' })])).toEqual(['odd_key_1']);
  });
});

describe('the BibTeX writer', () => {
  it('writes a field once, on one line however long, with LaTeX’s specials escaped and a page range with --', () => {
    const title = `Snow & ice at 100% cover_${'x'.repeat(300)}`;
    const bib = writeBibtex([pub({ title, url: 'https://example.org/a_b?c=1%20', pages: '87-104', abstract: 'An abstract.', keywords: ['snow', 'ice'] })]);
    expect(bib).toContain(`  title = {Snow \\& ice at 100\\% cover\\_${'x'.repeat(300)}},\n`);
    expect(bib.match(/example\.org/g)).toHaveLength(1);
    expect(bib).toContain('  url = {https://example.org/a_b?c=1%20},');
    expect(bib).toContain('  pages = {87--104},');
    expect(bib).toContain('  abstract = {An abstract.},');
    expect(bib).toContain('  keywords = {snow, ice},');
    expect(bib).not.toContain('howpublished');
    expect(bib.endsWith('}\n')).toBe(true);
  });

  it('puts the venue in the field of the type (each valid in biblatex)', () => {
    const venueField = (type: CitableFields['type']) => /^ {2}(\w+) = \{Venue\},$/m.exec(writeBibtex([pub({ type, venue: 'Venue' })]))?.[1];
    const types = ['article', 'book', 'chapter', 'report', 'thesis', 'dataset', 'software', 'other'] as const;
    expect(types.map((type) => [type, /^@(\w+)/.exec(writeBibtex([pub({ type })]))![1], venueField(type)])).toEqual([
      ['article', 'article', 'journal'],
      ['book', 'book', 'publisher'],
      ['chapter', 'incollection', 'booktitle'],
      ['report', 'techreport', 'institution'],
      ['thesis', 'thesis', 'institution'],
      ['dataset', 'dataset', 'publisher'],
      ['software', 'software', 'howpublished'],
      ['other', 'misc', 'howpublished'],
    ]);
  });

  it('keeps a title’s case protection, a stored key and every other field through import and export', () => {
    const source = `@article{dietze-iterative_2018,
	title = {Iterative near-term ecological forecasting: {Needs}, opportunities, and {CO$_2$}},
	journal = {Proceedings of the National Academy of Sciences},
	author = {Dietze, Michael C. and {ISO}},
	editor = {Browman, Howard},
	year = {2018},
	month = feb,
	issn = {0027-8424, 1091-6490},
	urldate = {2020-08-14},
	note = {\\_eprint: https://example.org/a\\%28b
Section: Perspective},
	pages = {1424-1432},
}`;
    const [p] = stored(source, 'bibtex');
    expect(p!.title).toBe('Iterative near-term ecological forecasting: Needs, opportunities, and CO₂');
    expect(p!.extra.bibtex!.fields).toEqual({
      title: 'Iterative near-term ecological forecasting: {Needs}, opportunities, and {CO$_2$}',
      author: 'Dietze, Michael C. and {ISO}',
      editor: 'Browman, Howard',
      month: '02',
      issn: '0027-8424, 1091-6490',
      urldate: '2020-08-14',
      note: '\\_eprint: https://example.org/a\\%28b\nSection: Perspective',
      pages: '1424-1432',
    });
    const bib = writeBibtex([p!]);
    expect(keysOf(bib)).toEqual(['dietze-iterative_2018']);
    expect(bib).toContain('  title = {Iterative near-term ecological forecasting: {Needs}, opportunities, and {CO$_2$}},');
    expect(bib).toContain('  author = {Dietze, Michael C. and {ISO}},');
    expect(bib).toContain('  month = feb,');
    expect(bib).toContain('  note = {\\_eprint: https://example.org/a\\%28b\nSection: Perspective},');
    expect(bib).toContain('  pages = {1424-1432},');
    // A title changed since: the column's, the braces of the old one gone with it.
    expect(writeBibtex([{ ...p!, title: 'Another title' }])).toContain('  title = {Another title},');
  });

  it('writes the fields another format brought, mapped through CSL', () => {
    const [fromRis] = stored(
      'TY  - BOOK\r\nTI  - A book\r\nAU  - Doe, Jane\r\nPY  - 2015\r\nDA  - 2015/03/\r\nCY  - New York\r\nSN  - 978-0-8041-3669-3\r\nY2  - 2021/05/20\r\nLA  - en\r\nN1  - A note\r\nZZ  - Kept for RIS only\r\nER  - \r\n',
      'ris',
    );
    const bib = writeBibtex([fromRis!]);
    for (const line of ['address = {New York}', 'isbn = {978-0-8041-3669-3}', 'urldate = {2021-05-20}', 'language = {en}', 'note = {A note}', 'month = mar'])
      expect(bib).toContain(`  ${line}`);
    expect(bib).not.toContain('Kept for RIS only');
    const [fromCsl] = stored(
      JSON.stringify([{ id: 'x', type: 'paper-conference', title: 'T', 'collection-title': 'Series', PMID: '123', genre: 'Talk' }]),
      'csl',
    );
    const fromCslBib = writeBibtex([fromCsl!]);
    for (const line of ['series = {Series}', 'pmid = {123}', 'type = {Talk}']) expect(fromCslBib).toContain(`  ${line}`);
  });

  it('keeps the entry type as written while it is of the publication’s type', () => {
    const [p] = stored('@inproceedings{k, title = {A talk}, booktitle = {Proceedings}, year = 2020}', 'bibtex');
    expect(p!.type).toBe('article');
    expect(p!.extra.bibtex).toEqual({ type: 'inproceedings', fields: { booktitle: 'Proceedings' } });
    expect(writeBibtex([p!])).toMatch(/^@inproceedings\{k,\n {2}title = \{A talk\},\n {2}booktitle = \{Proceedings\},\n {2}year = \{2020\},\n\}\n$/);
    expect(writeBibtex([{ ...p!, type: 'report' }])).toMatch(/^@techreport\{k,/);
  });
});

describe('the fields columns are written from', () => {
  it('are the list the web leaves out of a publication’s other fields', () => {
    expect([...columnFields()].sort()).toEqual([...BIBTEX_COLUMN_FIELDS].sort());
  });
});
