import type { Licence, PublicationType } from '@observatory/shared';
import { element, text } from './xml.js';

/**
 * The metadata formats served (docs/harvestable.md "Formats"): Dublin Core as OAI-PMH
 * requires, and DataCite 4.6 wrapped as DataCite's own OAI-PMH provider wraps it
 * (`oai_datacite`: schemaVersion, datacentreSymbol, then the `resource` as payload).
 * Written from records already read as a visitor may read them.
 */
export const METADATA_FORMATS = {
  oai_dc: { schema: 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd', namespace: 'http://www.openarchives.org/OAI/2.0/oai_dc/' },
  oai_datacite: { schema: 'http://schema.datacite.org/oai/oai-1.1/oai.xsd', namespace: 'http://schema.datacite.org/oai/oai-1.1/' },
} as const;
export type MetadataPrefix = keyof typeof METADATA_FORMATS;
export const isMetadataPrefix = (prefix: string): prefix is MetadataPrefix => Object.hasOwn(METADATA_FORMATS, prefix);

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const DC = 'http://purl.org/dc/elements/1.1/';
const DATACITE = 'http://datacite.org/schema/kernel-4';
const DATACITE_SCHEMA = 'http://schema.datacite.org/meta/kernel-4.6/metadata.xsd';
const DATACITE_VERSION = '4.6';

/** A name as written, with the person's ORCID iD when a visitor may be told it (a confirmed link, a person who did not ask not to be indexed). */
export interface Name {
  name: string;
  orcid: string | null;
}

export interface PublicationRecord {
  kind: 'publication';
  id: string;
  slug: string;
  type: PublicationType;
  /** The entry type it was imported with (BibTeX's `inproceedings`, RIS's `CONF`), when not the catalogue's own. */
  sourceTypes: string[];
  title: string;
  year: number | null;
  venue: string | null;
  volume: string | null;
  issue: string | null;
  pages: string | null;
  doi: string | null;
  url: string | null;
  abstract: string | null;
  keywords: string[];
  createdAt: string;
  authors: Name[];
  /** Its projects a visitor may read. */
  projects: { slug: string; title: string }[];
}

export interface ProjectRecord {
  kind: 'project';
  id: string;
  slug: string;
  title: string;
  summary: string | null;
  startDate: string | null;
  endDate: string | null;
  createdAt: string;
  contributors: Name[];
  publications: { slug: string; type: PublicationType; doi: string | null }[];
}

export type CatalogueRecord = PublicationRecord | ProjectRecord;

export interface FormatContext {
  /** The public address pages are under. */
  site: string;
  repositoryName: string;
  /** The repository's host: DataCite's wrapper names it as the data centre. */
  repositoryId: string;
  /** The data licence Site Admin chose. */
  licence: Licence;
}

export function metadataOf(prefix: MetadataPrefix, record: CatalogueRecord, context: FormatContext): string {
  return prefix === 'oai_dc' ? dublinCore(record, context) : oaiDatacite(record, context);
}

const landing = (site: string, kind: 'project' | 'publication', slug: string) =>
  `${site}/${kind === 'project' ? 'projects' : 'pubs'}/${encodeURIComponent(slug)}`;
const doiUrl = (doi: string) => `https://doi.org/${doi}`;
const orcidUrl = (orcid: string) => `https://orcid.org/${orcid}`;
const yearOf = (iso: string) => iso.slice(0, 4);

/** A project's span as an ISO 8601 interval; an open end left empty, as DataCite writes it. */
const span = (start: string | null, end: string | null) => (start || end ? `${start ?? ''}/${end ?? ''}` : null);

/** DataCite's resourceTypeGeneral of a publication: from its type, or the entry type it came with when that says more. */
export function resourceTypeGeneral(type: PublicationType, sourceTypes: string[] = []): string {
  const source = sourceTypes.map((t) => t.toLowerCase());
  if (source.some((t) => ['inproceedings', 'conference', 'conf', 'cpaper'].includes(t))) return 'ConferencePaper';
  if (source.includes('preprint')) return 'Preprint';
  const byType: Record<PublicationType, string> = {
    article: 'JournalArticle',
    book: 'Book',
    chapter: 'BookChapter',
    report: 'Report',
    thesis: 'Dissertation',
    dataset: 'Dataset',
    software: 'Software',
    other: 'Text',
  };
  return byType[type];
}

/** DCMI Type Vocabulary's word for a publication. */
const dcmiType = (type: PublicationType) => (type === 'dataset' ? 'Dataset' : type === 'software' ? 'Software' : 'Text');

/** Where a publication appeared, as one line: "Journal 12(3), 45-67". */
function sourceOf(p: PublicationRecord): string | null {
  if (!p.venue) return null;
  const numbers = `${p.volume ?? ''}${p.issue ? `(${p.issue})` : ''}`;
  return [[p.venue, numbers].filter(Boolean).join(' '), p.pages].filter(Boolean).join(', ');
}

function dublinCore(record: CatalogueRecord, { site, repositoryName, licence }: FormatContext): string {
  const dc = (name: string, values: (string | number | null | undefined)[]) => values.map((v) => text(`dc:${name}`, v)).join('');
  const fields =
    record.kind === 'publication'
      ? [
          dc('title', [record.title]),
          dc(
            'creator',
            record.authors.map((a) => a.name),
          ),
          dc('subject', record.keywords),
          dc('description', [record.abstract]),
          dc('publisher', [repositoryName]),
          dc('date', [record.year]),
          dc('type', [dcmiType(record.type), record.type]),
          dc('identifier', [landing(site, 'publication', record.slug), record.doi ? doiUrl(record.doi) : null, record.url]),
          dc('source', [sourceOf(record)]),
          dc(
            'relation',
            record.projects.map((p) => landing(site, 'project', p.slug)),
          ),
          dc('rights', [licence.name, licence.url]),
        ]
      : [
          dc('title', [record.title]),
          dc(
            'creator',
            record.contributors.map((c) => c.name),
          ),
          dc('description', [record.summary]),
          dc('publisher', [repositoryName]),
          dc('date', [record.createdAt.slice(0, 10)]),
          dc('type', ['Project']),
          dc('identifier', [landing(site, 'project', record.slug)]),
          dc(
            'relation',
            record.publications.map((p) => landing(site, 'publication', p.slug)),
          ),
          dc('coverage', [span(record.startDate, record.endDate)]),
          dc('rights', [licence.name, licence.url]),
        ];
  return element(
    'oai_dc:dc',
    {
      'xmlns:oai_dc': METADATA_FORMATS.oai_dc.namespace,
      'xmlns:dc': DC,
      'xmlns:xsi': XSI,
      'xsi:schemaLocation': `${METADATA_FORMATS.oai_dc.namespace} ${METADATA_FORMATS.oai_dc.schema}`,
    },
    fields,
  );
}

/** DataCite needs a creator: the standard value for one unknown. */
const UNKNOWN_CREATOR: Name = { name: '(:unav)', orcid: null };

const creators = (names: Name[]) =>
  element(
    'creators',
    {},
    (names.length ? names : [UNKNOWN_CREATOR]).map((n) =>
      element('creator', {}, [
        text('creatorName', n.name),
        n.orcid ? text('nameIdentifier', orcidUrl(n.orcid), { nameIdentifierScheme: 'ORCID', schemeURI: 'https://orcid.org' }) : '',
      ]),
    ),
  );

/** A list element around its items; nothing when there are none. */
const list = (name: string, items: string[]) => (items.some(Boolean) ? element(name, {}, items) : '');

/**
 * DataCite 4.6. Its `identifier` is a DOI; a record without one is identified by its page
 * with identifierType="URL", a departure from the schema (which fixes the type to DOI)
 * that DataCite's harvesters of non-DOI repositories read (docs/harvestable.md).
 */
function resource(record: CatalogueRecord, { site, repositoryName, licence }: FormatContext): string {
  const page = landing(site, record.kind, record.slug);
  const doi = record.kind === 'publication' ? record.doi : null;
  const common = {
    identifier: doi ? text('identifier', doi, { identifierType: 'DOI' }) : text('identifier', page, { identifierType: 'URL' }),
    titles: element('titles', {}, text('title', record.title)),
    publisher: text('publisher', repositoryName),
    alternate: doi ? list('alternateIdentifiers', [text('alternateIdentifier', page, { alternateIdentifierType: 'URL' })]) : '',
    rights: element('rightsList', {}, text('rights', licence.name, { rightsURI: licence.url })),
  };
  const body =
    record.kind === 'publication'
      ? [
          common.identifier,
          creators(record.authors),
          common.titles,
          common.publisher,
          text('publicationYear', record.year ?? yearOf(record.createdAt)),
          text('resourceType', record.type, { resourceTypeGeneral: resourceTypeGeneral(record.type, record.sourceTypes) }),
          list(
            'subjects',
            record.keywords.map((k) => text('subject', k)),
          ),
          list('dates', [text('date', record.year, { dateType: 'Issued' })]),
          common.alternate,
          list(
            'relatedIdentifiers',
            record.projects.map((p) =>
              text('relatedIdentifier', landing(site, 'project', p.slug), {
                relatedIdentifierType: 'URL',
                relationType: 'IsPartOf',
                resourceTypeGeneral: 'Project',
              }),
            ),
          ),
          common.rights,
          list('descriptions', [text('description', record.abstract, { descriptionType: 'Abstract' })]),
          publishedIn(record),
        ]
      : [
          common.identifier,
          creators(record.contributors),
          common.titles,
          common.publisher,
          text('publicationYear', yearOf(record.createdAt)),
          text('resourceType', 'project', { resourceTypeGeneral: 'Project' }),
          list('dates', [text('date', span(record.startDate, record.endDate), { dateType: 'Coverage' })]),
          list(
            'relatedIdentifiers',
            record.publications.map((p) =>
              p.doi
                ? text('relatedIdentifier', p.doi, { relatedIdentifierType: 'DOI', relationType: 'HasPart', resourceTypeGeneral: resourceTypeGeneral(p.type) })
                : text('relatedIdentifier', landing(site, 'publication', p.slug), {
                    relatedIdentifierType: 'URL',
                    relationType: 'HasPart',
                    resourceTypeGeneral: resourceTypeGeneral(p.type),
                  }),
            ),
          ),
          common.rights,
          list('descriptions', [text('description', record.summary, { descriptionType: 'Abstract' })]),
        ];
  return element('resource', { xmlns: DATACITE, 'xmlns:xsi': XSI, 'xsi:schemaLocation': `${DATACITE} ${DATACITE_SCHEMA}` }, body);
}

/** The journal or book an article or a chapter appeared in (DataCite's relatedItem). */
function publishedIn(p: PublicationRecord): string {
  const itemType = p.type === 'article' ? 'Journal' : p.type === 'chapter' ? 'Book' : null;
  if (!itemType || !p.venue) return '';
  const [first, last] = (p.pages ?? '').split(/[-–]+/).map((s) => s.trim());
  return element(
    'relatedItems',
    {},
    element('relatedItem', { relatedItemType: itemType, relationType: 'IsPublishedIn' }, [
      element('titles', {}, text('title', p.venue)),
      text('volume', p.volume),
      text('issue', p.issue),
      text('firstPage', first),
      text('lastPage', last),
    ]),
  );
}

function oaiDatacite(record: CatalogueRecord, context: FormatContext): string {
  const { namespace, schema } = METADATA_FORMATS.oai_datacite;
  return element('oai_datacite', { xmlns: namespace, 'xmlns:xsi': XSI, 'xsi:schemaLocation': `${namespace} ${schema}` }, [
    text('schemaVersion', DATACITE_VERSION),
    text('datacentreSymbol', context.repositoryId),
    element('payload', {}, resource(record, context)),
  ]);
}
