import type { DataTable, DataTableSummaryResponse, Licence, ProjectDetail } from '@observatory/shared';
import { iri, jsonLd, rdfNode, typed, type JsonLdDocument, type RdfNode } from '../../lib/rdf.js';
import { observedSpan, type TableFacts } from '../head/index.js';

/**
 * The catalogue as DCAT-AP 3 (docs/harvestable.md "DCAT-AP"): a dcat:Catalog of the projects
 * a visitor may read, each a dcat:Dataset with its data tables as datasets of their own
 * (dct:hasPart / dct:isPartOf) and their observations' CSV as the distribution. Built from
 * the API's answers to a visitor, as the pages' schema.org descriptions are.
 */

export interface CatalogueSite {
  url: (path: string) => string;
  name: string;
  description: string;
  licence: Licence;
}

export interface CataloguePage {
  /** This page's address, and the others', for hydra:PartialCollectionView. */
  self: string;
  first: string;
  last: string;
  next: string | null;
  previous: string | null;
  /** Projects in the whole catalogue. */
  totalItems: number;
}

export interface DescribedProject {
  detail: ProjectDetail;
  facts: TableFacts;
}

const CSV = {
  mediaType: iri('http://www.iana.org/assignments/media-types/text/csv'),
  format: iri('http://publications.europa.eu/resource/authority/file-type/CSV'),
};

const dateTime = (value: string) => typed(new Date(value).toISOString(), 'xsd:dateTime');
const date = (value: string) => typed(value, 'xsd:date');

/** A WKT literal of the points' box (a point when there is one). */
function wkt(points: [number, number][]): { '@value': string; '@type': string } | null {
  if (points.length === 0) return null;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [w, e, s, n] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  if (w === e && s === n) return typed(`POINT(${w} ${s})`, 'gsp:wktLiteral');
  return typed(`POLYGON((${w} ${s},${e} ${s},${e} ${n},${w} ${n},${w} ${s}))`, 'gsp:wktLiteral');
}

const location = (points: [number, number][]) => {
  const shape = wkt(points);
  if (!shape) return null;
  return rdfNode({ '@type': 'dct:Location', [shape['@value'].startsWith('POINT') ? 'dcat:centroid' : 'dcat:bbox']: shape });
};

/** When and where a table's observations were made, as its summary tells a visitor. */
function coverage(summary: DataTableSummaryResponse | undefined) {
  const span = observedSpan(summary);
  if (!span) return { temporal: null, points: [] as [number, number][] };
  const temporal = rdfNode({ '@type': 'dct:PeriodOfTime', 'dcat:startDate': dateTime(span.first), 'dcat:endDate': dateTime(span.last) });
  return { temporal, points: span.points };
}

function tableDataset(site: CatalogueSite, d: ProjectDetail, t: DataTable, facts: TableFacts, contactPoint: RdfNode | null): RdfNode {
  const { slug, title } = d.project;
  const { temporal, points } = coverage(facts.summaries.get(t.id));
  const page = site.url(`/projects/${slug}/data`);
  const csv = site.url(`/api/v1/projects/${slug}/datatables/${t.id}/observations.csv`);
  const metrics = t.metrics.map((m) => facts.metrics.get(m));
  return rdfNode({
    '@id': `${page}#${t.id}`,
    '@type': 'dcat:Dataset',
    'dct:identifier': t.id,
    'dct:title': t.title,
    'dct:description': t.description || `${t.title}, a data table of ${title}`,
    'dcat:keyword': metrics.flatMap((m) => (m ? [m.title] : [])),
    'dcat:landingPage': iri(page),
    'dct:isPartOf': iri(site.url(`/projects/${slug}`)),
    'dcat:contactPoint': contactPoint,
    'dct:temporal': temporal,
    'dct:spatial': location(points),
    'dct:license': iri(site.licence.url),
    'dcat:distribution': rdfNode({
      '@id': csv,
      '@type': 'dcat:Distribution',
      'dct:title': `${t.title} (CSV)`,
      'dct:description': `The observations of ${t.title}: one row per object, time and metric${metrics.some((m) => m?.unit) ? ', with each metric’s UCUM unit' : ''}.`,
      'dcat:accessURL': iri(csv),
      'dcat:downloadURL': iri(csv),
      'dcat:mediaType': CSV.mediaType,
      'dct:format': CSV.format,
      'dct:license': iri(site.licence.url),
    }),
  });
}

/** Who to ask about a project: its first contributor, by their page (the catalogue shows no e-mail addresses). */
function contactOf(site: CatalogueSite, d: ProjectDetail): RdfNode | null {
  const lead = d.contributors[0]?.person;
  return lead ? rdfNode({ '@type': 'vcard:Individual', 'vcard:fn': lead.name, 'vcard:hasURL': iri(site.url(`/people/${lead.slug}`)) }) : null;
}

function projectDataset(site: CatalogueSite, { detail: d, facts }: DescribedProject): RdfNode[] {
  const { project } = d;
  const url = site.url(`/projects/${project.slug}`);
  const contactPoint = contactOf(site, d);
  const tables = d.datatables.map((t) => tableDataset(site, d, t, facts, contactPoint));
  const period =
    project.startDate || project.endDate
      ? rdfNode({
          '@type': 'dct:PeriodOfTime',
          'dcat:startDate': project.startDate ? date(project.startDate) : null,
          'dcat:endDate': project.endDate ? date(project.endDate) : null,
        })
      : null;
  const points = d.datatables.flatMap((t) => coverage(facts.summaries.get(t.id)).points);
  const dataset = rdfNode({
    '@id': url,
    '@type': 'dcat:Dataset',
    'dct:identifier': project.id,
    'dct:title': project.title,
    'dct:description': project.summary || `${project.title}, a research project of ${site.name}`,
    'dcat:landingPage': iri(url),
    'dcat:keyword': [...new Set([...d.object_types.map((o) => o.name), ...(project.team ? [project.team.name] : [])])],
    'dcat:contactPoint': contactPoint,
    'dct:creator': d.contributors.map((c) =>
      rdfNode({ '@type': 'foaf:Person', 'foaf:name': c.person.name, 'foaf:page': iri(site.url(`/people/${c.person.slug}`)) }),
    ),
    'dct:temporal': period,
    'dct:spatial': location(points),
    'dct:issued': dateTime(project.createdAt),
    'dct:modified': dateTime(project.updatedAt),
    'dct:license': iri(site.licence.url),
    'dct:hasPart': tables.map((t) => iri(t['@id']!)),
    'dct:isReferencedBy': d.publications.map((p) => iri(p.doi ? `https://doi.org/${p.doi}` : site.url(`/pubs/${p.slug}`))),
  });
  return [dataset, ...tables];
}

/** One page of the catalogue: the catalogue, its page's datasets, and where the other pages are. */
export function cataloguePage(site: CatalogueSite, projects: DescribedProject[], page: CataloguePage): JsonLdDocument {
  const datasets = projects.flatMap((p) => projectDataset(site, p));
  const catalogue = rdfNode({
    '@id': site.url('/#catalog'),
    '@type': 'dcat:Catalog',
    'dct:title': site.name,
    'dct:description': site.description,
    'foaf:homepage': iri(site.url('/')),
    'dct:publisher': rdfNode({ '@type': 'foaf:Agent', 'foaf:name': site.name, 'foaf:homepage': iri(site.url('/')) }),
    'dct:license': rdfNode({ '@id': site.licence.url, '@type': 'dct:LicenseDocument', 'dct:title': site.licence.name }),
    'dcat:dataset': datasets.map((d) => iri(d['@id']!)),
  });
  // As ckanext-dcat pages a catalogue: the page's own address as a hydra:PartialCollectionView.
  const view = rdfNode({
    '@id': page.self,
    '@type': 'hydra:PartialCollectionView',
    'hydra:totalItems': typed(String(page.totalItems), 'xsd:integer'),
    'hydra:first': iri(page.first),
    'hydra:last': iri(page.last),
    'hydra:next': page.next ? iri(page.next) : null,
    'hydra:previous': page.previous ? iri(page.previous) : null,
  });
  return jsonLd([catalogue, ...datasets, view]);
}
