import { describe, expect, it } from 'vitest';
import { exportCitations, toCsl } from './citations.js';
import { stored } from './test-entries.js';

describe('CSL-JSON', () => {
  it('gives back an item as it came: the variables without a column, a title’s markup, a date with its month, its type', () => {
    const item = {
      id: 'dietze_iterative_2018',
      type: 'paper-conference',
      title: 'Iterative near-term forecasting of <span class="nocase">NEON</span> sites',
      author: [{ family: 'Dietze', given: 'Michael C.' }],
      editor: [{ family: 'Browman', given: 'Howard' }],
      issued: { 'date-parts': [[2018, 2]] },
      accessed: { 'date-parts': [[2020, 8, 14]] },
      'container-title': 'Proceedings of the National Academy of Sciences',
      publisher: 'National Academy of Sciences',
      'publisher-place': 'Washington',
      ISSN: '0027-8424',
      language: 'en',
      'citation-key': 'dietze_iterative_2018',
    };
    const [p] = stored(JSON.stringify([item]), 'csl');
    expect(p!.title).toBe('Iterative near-term forecasting of NEON sites');
    expect(p!.extra.csl).toEqual({
      type: 'paper-conference',
      variables: {
        title: item.title,
        editor: item.editor,
        issued: item.issued,
        accessed: item.accessed,
        publisher: item.publisher,
        'publisher-place': item['publisher-place'],
        ISSN: item.ISSN,
        language: item.language,
      },
    });
    expect(toCsl(p!)).toEqual(item);
  });

  it('takes the fields of a BibTeX entry across: urldate as accessed, month into issued, address, series, pmid, type as genre', () => {
    const [p] = stored(
      '@techreport{farrell_naming_2013, title = {Naming {Things}}, institution = {IETF}, year = {2013}, month = apr, urldate = {2022-10-05}, address = {Fremont}, series = {RFC}, pmid = {123}, type = {Request for {Comments}}, number = {RFC 6920}}',
      'bibtex',
    );
    const [csl] = JSON.parse(exportCitations([p!], 'csl'));
    expect(csl).toMatchObject({
      type: 'report',
      title: 'Naming Things',
      publisher: 'IETF',
      issued: { 'date-parts': [[2013, 4]] },
      accessed: { 'date-parts': [[2022, 10, 5]] },
      'publisher-place': 'Fremont',
      'collection-title': 'RFC',
      PMID: '123',
      genre: 'Request for Comments',
      number: 'RFC 6920',
    });
  });
});
