import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { PUBLICATION_TYPES } from '@observatory/shared';
import { metadataOf, resourceTypeGeneral, type FormatContext, type ProjectRecord, type PublicationRecord } from './formats.js';

const context: FormatContext = {
  site: 'https://catalogue.example.org',
  repositoryName: 'Observatory',
  repositoryId: 'catalogue.example.org',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
};
const publication: PublicationRecord = {
  kind: 'publication',
  id: '0b4b3c1e-7e1f-4c59-9b8e-3d2f1a0c9e77',
  slug: 'field-2021-soils',
  type: 'article',
  sourceTypes: [],
  title: 'Soils <& roots>',
  year: 2021,
  venue: 'Soil Journal',
  volume: '12',
  issue: '3',
  pages: '45-67',
  doi: '10.1234/soil.5',
  url: 'https://journal.example.org/5',
  abstract: 'What roots do.',
  keywords: ['soil', 'roots'],
  createdAt: '2024-03-01T10:00:00.000Z',
  authors: [
    { name: 'Field, Ada', orcid: '0000-0002-1825-0097' },
    { name: 'Stone, Bo', orcid: null },
  ],
  projects: [{ slug: 'roots', title: 'Roots' }],
};
const project: ProjectRecord = {
  kind: 'project',
  id: '1b4b3c1e-7e1f-4c59-9b8e-3d2f1a0c9e77',
  slug: 'roots',
  title: 'Roots',
  summary: 'Below ground.',
  startDate: '2020-01-01',
  endDate: null,
  createdAt: '2023-05-01T10:00:00.000Z',
  contributors: [],
  publications: [
    { slug: 'field-2021-soils', type: 'article', doi: '10.1234/soil.5' },
    { slug: 'stone-2022-data', type: 'dataset', doi: null },
  ],
};

const ARRAYS = new Set(['dc:creator', 'dc:identifier', 'dc:relation', 'dc:rights', 'dc:type', 'dc:subject', 'creator', 'relatedIdentifier', 'subject', 'date']);
const parse = (xml: string) =>
  new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, isArray: (name) => ARRAYS.has(name) }).parse(xml);

describe('oai_dc', () => {
  it('describes a publication: its authors in order, keywords, abstract, year, types, page, DOI and address, venue, projects, licence', () => {
    const dc = parse(metadataOf('oai_dc', publication, context))['oai_dc:dc'];
    expect(dc['@xsi:schemaLocation']).toBe('http://www.openarchives.org/OAI/2.0/oai_dc/ http://www.openarchives.org/OAI/2.0/oai_dc.xsd');
    expect(dc).toMatchObject({
      'dc:title': 'Soils <& roots>',
      'dc:creator': ['Field, Ada', 'Stone, Bo'],
      'dc:subject': ['soil', 'roots'],
      'dc:description': 'What roots do.',
      'dc:publisher': 'Observatory',
      'dc:date': '2021',
      'dc:type': ['Text', 'article'],
      'dc:identifier': ['https://catalogue.example.org/pubs/field-2021-soils', 'https://doi.org/10.1234/soil.5', 'https://journal.example.org/5'],
      'dc:source': 'Soil Journal 12(3), 45-67',
      'dc:relation': ['https://catalogue.example.org/projects/roots'],
      'dc:rights': ['CC BY 4.0', 'https://creativecommons.org/licenses/by/4.0/'],
    });
  });

  it('describes a project: its dates as coverage, its publications as relations', () => {
    const dc = parse(metadataOf('oai_dc', project, context))['oai_dc:dc'];
    expect(dc).toMatchObject({
      'dc:title': 'Roots',
      'dc:description': 'Below ground.',
      'dc:date': '2023-05-01',
      'dc:type': ['Project'],
      'dc:identifier': ['https://catalogue.example.org/projects/roots'],
      'dc:relation': ['https://catalogue.example.org/pubs/field-2021-soils', 'https://catalogue.example.org/pubs/stone-2022-data'],
      'dc:coverage': '2020-01-01/',
    });
    expect(dc['dc:creator']).toBeUndefined();
  });
});

describe('oai_datacite', () => {
  it('wraps DataCite 4.6 as DataCite’s OAI-PMH provider does', () => {
    const wrapper = parse(metadataOf('oai_datacite', publication, context)).oai_datacite;
    expect(wrapper['@xmlns']).toBe('http://schema.datacite.org/oai/oai-1.1/');
    expect(wrapper.schemaVersion).toBe('4.6');
    expect(wrapper.datacentreSymbol).toBe('catalogue.example.org');
    expect(wrapper.payload.resource['@xmlns']).toBe('http://datacite.org/schema/kernel-4');
    expect(wrapper.payload.resource['@xsi:schemaLocation']).toBe('http://datacite.org/schema/kernel-4 http://schema.datacite.org/meta/kernel-4.6/metadata.xsd');
  });

  it('identifies a publication by its DOI, its creators by ORCID when known, its project as what it is part of', () => {
    const resource = parse(metadataOf('oai_datacite', publication, context)).oai_datacite.payload.resource;
    expect(resource.identifier).toEqual({ '#text': '10.1234/soil.5', '@identifierType': 'DOI' });
    expect(resource.creators.creator).toEqual([
      {
        creatorName: 'Field, Ada',
        nameIdentifier: { '#text': 'https://orcid.org/0000-0002-1825-0097', '@nameIdentifierScheme': 'ORCID', '@schemeURI': 'https://orcid.org' },
      },
      { creatorName: 'Stone, Bo' },
    ]);
    expect(resource).toMatchObject({
      titles: { title: 'Soils <& roots>' },
      publisher: 'Observatory',
      publicationYear: '2021',
      resourceType: { '#text': 'article', '@resourceTypeGeneral': 'JournalArticle' },
      subjects: { subject: ['soil', 'roots'] },
      dates: { date: [{ '#text': '2021', '@dateType': 'Issued' }] },
      alternateIdentifiers: { alternateIdentifier: { '#text': 'https://catalogue.example.org/pubs/field-2021-soils', '@alternateIdentifierType': 'URL' } },
      relatedIdentifiers: {
        relatedIdentifier: [
          {
            '#text': 'https://catalogue.example.org/projects/roots',
            '@relatedIdentifierType': 'URL',
            '@relationType': 'IsPartOf',
            '@resourceTypeGeneral': 'Project',
          },
        ],
      },
      rightsList: { rights: { '#text': 'CC BY 4.0', '@rightsURI': 'https://creativecommons.org/licenses/by/4.0/' } },
      descriptions: { description: { '#text': 'What roots do.', '@descriptionType': 'Abstract' } },
      relatedItems: {
        relatedItem: {
          '@relatedItemType': 'Journal',
          '@relationType': 'IsPublishedIn',
          titles: { title: 'Soil Journal' },
          volume: '12',
          issue: '3',
          firstPage: '45',
          lastPage: '67',
        },
      },
    });
  });

  it('identifies a record without a DOI by its page (identifierType URL), and names an unknown creator as DataCite does', () => {
    const resource = parse(metadataOf('oai_datacite', project, context)).oai_datacite.payload.resource;
    expect(resource.identifier).toEqual({ '#text': 'https://catalogue.example.org/projects/roots', '@identifierType': 'URL' });
    expect(resource.creators.creator).toEqual([{ creatorName: '(:unav)' }]);
    expect(resource.resourceType).toEqual({ '#text': 'project', '@resourceTypeGeneral': 'Project' });
    expect(resource.publicationYear).toBe('2023');
    expect(resource.dates.date).toEqual([{ '#text': '2020-01-01/', '@dateType': 'Coverage' }]);
    expect(resource.relatedIdentifiers.relatedIdentifier).toEqual([
      { '#text': '10.1234/soil.5', '@relatedIdentifierType': 'DOI', '@relationType': 'HasPart', '@resourceTypeGeneral': 'JournalArticle' },
      {
        '#text': 'https://catalogue.example.org/pubs/stone-2022-data',
        '@relatedIdentifierType': 'URL',
        '@relationType': 'HasPart',
        '@resourceTypeGeneral': 'Dataset',
      },
    ]);
    const noYear = parse(metadataOf('oai_datacite', { ...publication, year: null, doi: null }, context)).oai_datacite.payload.resource;
    expect(noYear.publicationYear).toBe('2024');
    expect(noYear.identifier['@identifierType']).toBe('URL');
  });

  it('maps each publication type to a resourceTypeGeneral, and a conference paper or preprint by the entry type it came with', () => {
    expect(Object.fromEntries(PUBLICATION_TYPES.map((type) => [type, resourceTypeGeneral(type)]))).toEqual({
      article: 'JournalArticle',
      book: 'Book',
      chapter: 'BookChapter',
      report: 'Report',
      thesis: 'Dissertation',
      dataset: 'Dataset',
      software: 'Software',
      other: 'Text',
    });
    expect(resourceTypeGeneral('article', ['inproceedings'])).toBe('ConferencePaper');
    expect(resourceTypeGeneral('other', ['CONF'])).toBe('ConferencePaper');
    expect(resourceTypeGeneral('article', ['preprint'])).toBe('Preprint');
  });
});
