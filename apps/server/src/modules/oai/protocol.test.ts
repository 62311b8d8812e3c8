import { describe, expect, it } from 'vitest';
import { adminEmailOf } from './routes.js';
import { datestamp, oaiIdentifier, parseDatestamp, parseIdentifier, parseRange, parseRequest, parseSetSpec, setSpecsOf, type OaiError } from './protocol.js';

const pairs = (query: string) => [...new URLSearchParams(query)];
const codes = (query: string) => {
  const parsed = parseRequest(pairs(query));
  return 'errors' in parsed ? parsed.errors.map((e: OaiError) => e.code) : [];
};

describe('a request', () => {
  it('names one known verb, else badVerb', () => {
    expect(codes('')).toEqual(['badVerb']);
    expect(codes('metadataPrefix=oai_dc')).toEqual(['badVerb']);
    expect(codes('verb=Dance')).toEqual(['badVerb']);
    expect(codes('verb=identify')).toEqual(['badVerb']);
    expect(codes('verb=Identify&verb=Identify')).toEqual(['badVerb']);
    expect(codes('verb=Identify')).toEqual([]);
  });

  it('takes the arguments its verb takes, each once and not empty, else badArgument', () => {
    expect(codes('verb=Identify&set=x')).toEqual(['badArgument']);
    expect(codes('verb=GetRecord&identifier=x')).toEqual(['badArgument']);
    expect(codes('verb=GetRecord&metadataPrefix=oai_dc')).toEqual(['badArgument']);
    expect(codes('verb=GetRecord&identifier=x&metadataPrefix=oai_dc')).toEqual([]);
    expect(codes('verb=ListRecords')).toEqual(['badArgument']);
    expect(codes('verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=oai_dc')).toEqual(['badArgument']);
    expect(codes('verb=ListRecords&metadataPrefix=')).toEqual(['badArgument']);
    expect(codes('verb=ListIdentifiers&metadataPrefix=oai_dc&set=type&from=2020-01-01&until=2021-01-01')).toEqual([]);
    expect(codes('verb=ListMetadataFormats&identifier=x')).toEqual([]);
    expect(codes('verb=ListMetadataFormats&metadataPrefix=oai_dc')).toEqual(['badArgument']);
    expect(codes('verb=ListRecords&metadataPrefix=oai_dc&set=project%3Aa%00b')).toEqual(['badArgument']);
  });

  it('gives a resumption token alone', () => {
    expect(codes('verb=ListRecords&resumptionToken=abc')).toEqual([]);
    expect(codes('verb=ListRecords&resumptionToken=abc&metadataPrefix=oai_dc')).toEqual(['badArgument']);
    expect(codes('verb=ListSets&resumptionToken=abc')).toEqual([]);
    expect(codes('verb=GetRecord&identifier=x&metadataPrefix=oai_dc&resumptionToken=abc')).toEqual(['badArgument']);
  });

  it('is repeated in the request element as given', () => {
    const parsed = parseRequest(pairs('verb=ListRecords&metadataPrefix=oai_dc&set=type%3Aproject&from=2020-01-01'));
    expect(parsed).toMatchObject({
      echo: { verb: 'ListRecords', metadataPrefix: 'oai_dc', set: 'type:project', from: '2020-01-01' },
      request: {
        verb: 'ListRecords',
        resumptionToken: null,
        metadataPrefix: 'oai_dc',
        set: 'type:project',
        range: { from: new Date('2020-01-01T00:00:00Z'), until: null },
      },
    });
  });
});

describe('datestamps', () => {
  it('are a day or a second, in UTC, of a day that exists', () => {
    expect(parseDatestamp('2024-02-29')).toEqual({ at: new Date('2024-02-29T00:00:00Z'), granularity: 'day' });
    expect(parseDatestamp('2024-02-29T23:59:59Z')).toEqual({ at: new Date('2024-02-29T23:59:59Z'), granularity: 'second' });
    expect(parseDatestamp('0050-01-01')!.at.getUTCFullYear()).toBe(50);
    for (const bad of [
      '2023-02-29',
      '2024-13-01',
      '2024-01-01T24:00:00Z',
      '2024-01-01T12:00Z',
      '2024-01-01T12:00:00',
      '2024-01-01T12:00:00.5Z',
      '2024-1-1',
      'yesterday',
      '',
    ]) {
      expect(parseDatestamp(bad), bad).toBeNull();
    }
    expect(datestamp('2024-05-06T07:08:09.123456Z')).toBe('2024-05-06T07:08:09Z');
  });

  it('bound a range: from inclusive, until through its whole day or second, both of one granularity, in order', () => {
    expect(parseRange('2024-01-01', '2024-01-31')).toEqual({ from: new Date('2024-01-01T00:00:00Z'), until: new Date('2024-02-01T00:00:00Z') });
    expect(parseRange(null, '2024-01-31T10:00:00Z')).toEqual({ from: null, until: new Date('2024-01-31T10:00:01Z') });
    expect(parseRange('2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z')).toEqual({
      from: new Date('2024-01-01T00:00:00Z'),
      until: new Date('2024-01-01T00:00:01Z'),
    });
    // Before any record could change, a bound is no bound (and PostgreSQL has no year 0).
    expect(parseRange('0000-01-01', null)).toEqual({ from: null, until: null });
    for (const [from, until] of [
      ['2024-01-01', '2024-01-31T00:00:00Z'],
      ['2024-02-01', '2024-01-31'],
      ['2024-01-01T00:00:01Z', '2024-01-01T00:00:00Z'],
      ['2024-01-32', null],
      [null, 'soon'],
    ] as const) {
      const range = parseRange(from, until);
      expect('errors' in range && range.errors.every((e) => e.code === 'badArgument'), `${from} ${until}`).toBe(true);
    }
  });
});

describe('identifiers and sets', () => {
  const id = '0b4b3c1e-7e1f-4c59-9b8e-3d2f1a0c9e77';

  it('name a project or a publication of this host by its uuid', () => {
    expect(oaiIdentifier('example.org', 'project', id)).toBe(`oai:example.org:project/${id}`);
    expect(parseIdentifier('example.org', `oai:example.org:publication/${id}`)).toEqual({ kind: 'publication', id });
    for (const other of [
      `oai:elsewhere.org:project/${id}`,
      `oai:example.org:object/${id}`,
      `oai:example.org:project/${id.toUpperCase()}`,
      `oai:example.org:project/x`,
    ]) {
      expect(parseIdentifier('example.org', other), other).toBeNull();
    }
  });

  it('are types, publication types and projects', () => {
    expect(parseSetSpec('type')).toEqual({});
    expect(parseSetSpec('type:project')).toEqual({ kind: 'project' });
    expect(parseSetSpec('type:publication:thesis')).toEqual({ kind: 'publication', pubType: 'thesis' });
    expect(parseSetSpec('type:publication:poem')).toBeNull();
    expect(parseSetSpec('project')).toEqual({ project: '*' });
    expect(parseSetSpec('project:soil-carbon')).toEqual({ projectSlug: 'soil-carbon' });
    expect(parseSetSpec('project:a:b')).toBeNull();
    expect(parseSetSpec('project:a b')).toBeNull();
    expect(parseSetSpec('objects')).toBeNull();
  });

  it('are written in a header as the fewest setSpecs; a deleted record keeps its type only', () => {
    expect(setSpecsOf({ kind: 'publication', deleted: false, pubType: 'article', projects: ['a', 'b'] })).toEqual([
      'type:publication:article',
      'project:a',
      'project:b',
    ]);
    expect(setSpecsOf({ kind: 'project', deleted: false, pubType: null, projects: ['a'] })).toEqual(['type:project', 'project:a']);
    expect(setSpecsOf({ kind: 'publication', deleted: true, pubType: null, projects: [] })).toEqual(['type:publication']);
  });
});

describe('the administrator’s address', () => {
  it('is ADMIN_EMAIL, else the address mail is sent from', () => {
    expect(adminEmailOf({ admin: { username: 'admin', password: null, email: 'admin@example.org' }, mail: { smtpUrl: null, from: 'X <x@example.org>' } })).toBe(
      'admin@example.org',
    );
    expect(
      adminEmailOf({ admin: { username: 'admin', password: null, email: null }, mail: { smtpUrl: null, from: 'Observatory <no-reply@example.org>' } }),
    ).toBe('no-reply@example.org');
    expect(adminEmailOf({ admin: { username: 'admin', password: null, email: null }, mail: { smtpUrl: null, from: 'bare@example.org' } })).toBe(
      'bare@example.org',
    );
  });
});
