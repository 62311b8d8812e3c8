import type { Kind } from '../../authz/resources.js';
import type {
  DataTableSummaryResponse,
  GeoJson,
  InsightDetail,
  Metric,
  InstitutionDetail,
  ObjectDetail,
  PersonProfile,
  ProjectDetail,
  PublicationDetail,
  TeamDetail,
} from '@observatory/shared';

/**
 * schema.org descriptions of the catalogue's resources, as JSON-LD (docs/findable.md): each
 * from the answer the API gives a visitor, so nothing hidden reaches a page's head.
 */

type Node = Record<string, unknown>;
/** Absolute URLs of the site's pages. */
export type Site = {
  url: (path: string) => string;
  name: string;
  description: string;
  licence: string;
  /** Of these people's slugs, those who asked not to be indexed. */
  unindexed: (slugs: string[]) => Promise<Set<string>>;
  /** Whether a resource a visitor could read was deleted and nothing has its key now. */
  gone: (kind: Kind, key: string) => Promise<boolean>;
};

const CONTEXT = 'https://schema.org';
/** Drops empty members, so a node says only what is known. */
const node = (members: Node): Node =>
  Object.fromEntries(Object.entries(members).filter(([, v]) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)));

const doiUrl = (doi: string) => `https://doi.org/${doi.replace(/^https?:\/\/(dx\.)?doi\.org\//i, '')}`;
const rorUrl = (ror: string) => (/^https?:\/\//.test(ror) ? ror : `https://ror.org/${ror}`);
const orcidUrl = (orcid: string) => `https://orcid.org/${orcid}`;

const personRef = (site: Site, p: { slug: string; name: string }) => node({ '@type': 'Person', name: p.name, url: site.url(`/people/${p.slug}`) });
const organisationRef = (site: Site, o: { slug: string; name: string }) =>
  node({ '@type': 'Organization', name: o.name, url: site.url(`/partners/${o.slug}`) });

export function homeLd(site: Site): Node {
  return {
    '@context': CONTEXT,
    '@graph': [
      node({ '@type': 'WebSite', '@id': site.url('/#website'), name: site.name, url: site.url('/'), description: site.description }),
      node({
        '@type': 'DataCatalog',
        '@id': site.url('/#catalog'),
        name: site.name,
        url: site.url('/'),
        description: site.description,
        license: site.licence,
        isPartOf: { '@id': site.url('/#website') },
      }),
    ],
  };
}

/** What a visitor may read of a data table's observations: when and where they were made, and the metrics' titles and units. */
export interface TableFacts {
  summaries: Map<string, DataTableSummaryResponse>;
  metrics: Map<string, Metric>;
}

/** When a table's first and last observations were made, and where its objects are, as its summary tells a visitor; null with no observations. */
export function observedSpan(summary: DataTableSummaryResponse | undefined): { first: string; last: string; points: [number, number][] } | null {
  if (!summary || summary.summary.length === 0) return null;
  const first = summary.summary.map((s) => s.first).sort()[0]!;
  const last = summary.summary
    .map((s) => s.last)
    .sort()
    .at(-1)!;
  return { first, last, points: summary.objects.flatMap((o) => (o.point ? [o.point] : [])) };
}

/** The time and place a table's observations span: an ISO 8601 interval, and the objects' points as a Place. */
function coverage(summary: DataTableSummaryResponse | undefined): Node {
  const span = observedSpan(summary);
  if (!span) return {};
  const { first, last, points } = span;
  const geo =
    points.length === 1 ? geoOf({ type: 'Point', coordinates: points[0]! }) : points.length > 1 ? geoOf({ type: 'LineString', coordinates: points }) : null;
  return { temporalCoverage: `${first}/${last}`, spatialCoverage: geo ? { '@type': 'Place', geo } : null };
}

const variable = (name: string, metric: Metric | undefined) =>
  metric ? node({ '@type': 'PropertyValue', name: metric.title, propertyID: name, description: metric.description, unitText: metric.unit }) : name;

export function projectLd(site: Site, d: ProjectDetail, facts: TableFacts = { summaries: new Map(), metrics: new Map() }): Node {
  const { project } = d;
  const url = site.url(`/projects/${project.slug}`);
  return node({
    '@context': CONTEXT,
    '@type': 'ResearchProject',
    '@id': url,
    name: project.title,
    description: project.summary,
    url,
    foundingDate: project.startDate,
    dissolutionDate: project.endDate,
    member: [
      ...d.contributors.map((c) => node({ ...personRef(site, c.person), jobTitle: c.title })),
      ...d.institutions.map((i) => organisationRef(site, i.institution)),
    ],
    subjectOf: d.datatables.map((t) =>
      node({
        '@type': 'Dataset',
        name: t.title,
        description: t.description ?? `${t.title}, a data table of ${project.title}`,
        variableMeasured: t.metrics.map((m) => variable(m, facts.metrics.get(m))),
        ...coverage(facts.summaries.get(t.id)),
        license: site.licence,
        isPartOf: { '@id': url },
        distribution: node({
          '@type': 'DataDownload',
          encodingFormat: 'text/csv',
          contentUrl: site.url(`/api/v1/projects/${project.slug}/datatables/${t.id}/observations.csv`),
        }),
      }),
    ),
  });
}

/** A GeoJSON geometry as schema.org's geo: a point's coordinates, else the box around it. */
function geoOf(geo: GeoJson | null): Node | null {
  if (!geo) return null;
  if (geo.type === 'Point') {
    const [longitude, latitude] = geo.coordinates as [number, number];
    return { '@type': 'GeoCoordinates', longitude, latitude };
  }
  const positions = JSON.stringify(geo).match(/-?\d+(\.\d+)?(e-?\d+)?,-?\d+(\.\d+)?(e-?\d+)?(?=\])/g) ?? [];
  const points = positions.map((p) => p.split(',').map(Number) as [number, number]);
  if (points.length === 0) return null;
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  return { '@type': 'GeoShape', box: `${Math.min(...lats)} ${Math.min(...lons)} ${Math.max(...lats)} ${Math.max(...lons)}` };
}

export function placeLd(site: Site, d: ObjectDetail, description: string | null): Node {
  const { obj } = d;
  const url = site.url(`/data/${obj.name}`);
  return node({
    '@context': CONTEXT,
    '@type': 'Place',
    '@id': url,
    name: obj.title,
    identifier: obj.name,
    description,
    url,
    additionalType: obj.types.map((t) => t.name),
    geo: geoOf(obj.geo as GeoJson | null),
    containedInPlace: obj.parent ? node({ '@type': 'Place', name: obj.parent.title, url: site.url(`/data/${obj.parent.name}`) }) : null,
  });
}

export function personLd(site: Site, d: PersonProfile): Node {
  const { person } = d;
  const orcid = person.orcid ? orcidUrl(person.orcid) : null;
  return node({
    '@context': CONTEXT,
    '@type': 'Person',
    '@id': site.url(`/people/${person.slug}`),
    name: person.name,
    url: site.url(`/people/${person.slug}`),
    identifier: person.orcid ? node({ '@type': 'PropertyValue', propertyID: 'ORCID', value: person.orcid, url: orcid }) : null,
    sameAs: orcid ? [orcid] : [],
    affiliation: person.affiliations.map((a) => node({ ...organisationRef(site, a.institution) })),
  });
}

export function organisationLd(site: Site, d: InstitutionDetail): Node {
  const { institution } = d;
  const ror = institution.ror ? rorUrl(institution.ror) : null;
  return node({
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': site.url(`/partners/${institution.slug}`),
    name: institution.name,
    description: institution.description,
    url: site.url(`/partners/${institution.slug}`),
    identifier: ror ? node({ '@type': 'PropertyValue', propertyID: 'ROR', value: ror, url: ror }) : null,
    sameAs: [ror, institution.url].filter(Boolean),
  });
}

export function teamLd(site: Site, d: TeamDetail): Node {
  return node({
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': site.url(`/teams/${d.team.slug}`),
    name: d.team.name,
    description: d.team.description,
    url: site.url(`/teams/${d.team.slug}`),
  });
}

/** A publication's schema.org type by its kind. */
const PUBLICATION_TYPES: Record<string, string> = {
  article: 'ScholarlyArticle',
  book: 'Book',
  chapter: 'Chapter',
  report: 'Report',
  thesis: 'Thesis',
  dataset: 'Dataset',
  software: 'SoftwareSourceCode',
  other: 'CreativeWork',
};

export function publicationLd(site: Site, d: PublicationDetail): Node {
  const p = d.publication;
  const doi = p.doi ? doiUrl(p.doi) : null;
  return node({
    '@context': CONTEXT,
    '@type': PUBLICATION_TYPES[p.type] ?? 'CreativeWork',
    '@id': site.url(`/pubs/${p.slug}`),
    name: p.title,
    headline: p.title.slice(0, 110),
    url: site.url(`/pubs/${p.slug}`),
    abstract: d.abstract,
    datePublished: p.year ? String(p.year) : null,
    // Only a confirmed link names the person's page; otherwise the name as cited.
    author: p.authors.map((a) =>
      a.confirmed && a.person ? personRef(site, { slug: a.person.slug, name: a.name }) : node({ '@type': 'Person', name: a.name }),
    ),
    isPartOf: p.venue ? node({ '@type': 'Periodical', name: p.venue }) : null,
    identifier: doi ? node({ '@type': 'PropertyValue', propertyID: 'DOI', value: p.doi, url: doi }) : null,
    sameAs: [doi, p.url].filter(Boolean),
    keywords: p.keywords,
  });
}

export function articleLd(site: Site, d: InsightDetail, description: string | null): Node {
  const { insight } = d;
  const url = site.url(`/insights/${insight.num}`);
  return node({
    '@context': CONTEXT,
    '@type': 'Article',
    '@id': url,
    headline: insight.title.slice(0, 110),
    name: insight.title,
    description,
    url,
    author: insight.author ? personRef(site, insight.author) : null,
    datePublished: insight.createdAt,
    dateModified: insight.updatedAt,
    keywords: insight.tags,
  });
}

/**
 * The description with every person who asked not to be indexed named only: a `Person`
 * node linking to their page becomes `{ "@type": "Person", name }`.
 */
export async function withUnindexedPeopleNamedOnly(site: Site, ld: Node): Promise<Node> {
  const prefix = site.url('/people/');
  const slugOf = (value: unknown): string | null => {
    const v = value as Node | null;
    return v && typeof v === 'object' && v['@type'] === 'Person' && typeof v.url === 'string' && v.url.startsWith(prefix)
      ? decodeURIComponent(v.url.slice(prefix.length))
      : null;
  };
  const slugs = new Set<string>();
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(collect);
    if (!value || typeof value !== 'object') return;
    const slug = slugOf(value);
    if (slug) slugs.add(slug);
    Object.values(value).forEach(collect);
  };
  collect(ld);
  const unindexed = await site.unindexed([...slugs]);
  if (unindexed.size === 0) return ld;
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (!value || typeof value !== 'object') return value;
    const slug = slugOf(value);
    if (slug && unindexed.has(slug)) return { '@type': 'Person', name: (value as Node).name };
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, strip(v)]));
  };
  return strip(ld) as Node;
}
