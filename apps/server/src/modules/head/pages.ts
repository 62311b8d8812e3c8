import type { FastifyInstance } from 'fastify';
import type { Kind } from '../../authz/resources.js';
import {
  API_ROOT,
  documentText,
  type DataTableSummaryResponse,
  type InsightDetail,
  type Metric,
  type InstitutionDetail,
  type ObjectDetail,
  type PageDetail,
  type PersonProfile,
  type ProjectDetail,
  type PublicationDetail,
  type TeamDetail,
} from '@observatory/shared';
import { shortened, type PageHead } from './html.js';
import {
  articleLd,
  homeLd,
  organisationLd,
  personLd,
  placeLd,
  projectLd,
  publicationLd,
  teamLd,
  withUnindexedPeopleNamedOnly,
  type Site,
  type TableFacts,
} from './json-ld.js';

/** Reads the API as a visitor: the answer, or null when a visitor may not read it (missing, hidden, refused); throws when it cannot say (busy, failing). */
type Read = <T>(path: string) => Promise<T | null>;
type Resolved = Omit<PageHead, 'status'>;
type Resolver = (match: string[], read: Read, site: Site) => Promise<Resolved | null> | Resolved | null;

const segment = '([^/]+)';
const route = (pattern: string) => new RegExp(`^${pattern}/?$`);

/** Screens for signed-in users, forms and one-time links: served to all, indexed by none. */
const PRIVATE = [
  '/me(/.*)?',
  '/admin(/.*)?',
  '/edit/.*',
  '/assets(/.*)?',
  '/login',
  '/forgot(/.*)?',
  '/invitation(/.*)?',
  '/email/.*',
  '/unsubscribe(/.*)?',
  '/(projects|people|partners|pubs|insights|data)/new',
  '/(projects|people|partners|pubs|insights|data)/[^/]+/edit',
  '/projects/[^/]+/updates/(new|[^/]+/edit)',
  '/nodes/(.*/)?(new|edit)',
].map(route);

/** Pages of everyone's lists: a title, what they hold, and the feed of what is new in them. */
const LISTS: [RegExp, string, string, PageHead['feeds']?][] = [
  [route('/projects'), 'Projects', 'The observatory’s research projects: their aims, people, partners, data and publications.'],
  [route('/people'), 'People', 'The people of the observatory and their affiliations.'],
  [route('/partners'), 'Partners', 'The institutions the observatory works with.'],
  [
    route('/pubs'),
    'Publications',
    'Publications from the observatory’s research, with DOIs and citations.',
    [{ title: 'Publications, latest added', path: '/feeds/pubs.atom' }],
  ],
  [route('/insights'), 'Insights', 'Articles from the field and the lab.', [{ title: 'Insights', path: '/feeds/insights.atom' }]],
  [route('/data'), 'Data', 'The sites, properties and plots the observatory studies, on a map and in a table.'],
  [route('/map(/[^/]+)?'), 'Map', 'The observatory’s sites, properties and plots on a map.'],
  [route('/photos(/[^/]+)?'), 'Photos', 'Photos from the observatory’s sites, by place, time and caption.'],
  [route('/sandbox'), 'Data sandbox', 'Query, chart and export the catalogue’s objects and their measurements.'],
  [route('/nodes(/.*)?'), 'Data catalogue', 'The catalogue’s hierarchy of nodes.'],
  [route('/doc/api'), 'API reference', 'Every call of the catalogue’s API, with a try-it panel.'],
  [route('/doc/api/data/obj'), 'The objects API', 'A guide to reading and writing the catalogue’s objects over HTTP.'],
  [route('/privacy'), 'Privacy', 'What the catalogue keeps about its visitors and users, and why.'],
];

/** The most data tables a project's page describes by their observations (each one read). */
const DESCRIBED_TABLES = 20;

/** The metrics' titles and units, and when and where each data table's observations were made, as a visitor may read them. */
export async function tableFacts(d: ProjectDetail, read: Read): Promise<TableFacts> {
  const tables = d.datatables.slice(0, DESCRIBED_TABLES);
  if (tables.length === 0) return { summaries: new Map(), metrics: new Map() };
  const base = `/projects/${encodeURIComponent(d.project.slug)}/datatables`;
  const metrics = await read<{ metrics: Metric[] }>('/data/metrics');
  const summaries = new Map<string, DataTableSummaryResponse>();
  for (const t of tables) {
    const summary = await read<DataTableSummaryResponse>(`${base}/${t.id}/summary`);
    if (summary) summaries.set(t.id, summary);
  }
  return { summaries, metrics: new Map((metrics?.metrics ?? []).map((m) => [m.name, m])) };
}

const image = (site: Site, ref: { url: string } | null | undefined) => (ref && !ref.url.includes('?') ? site.url(ref.url) : null);

/** Resource pages: the API's detail of the resource, read as a visitor. */
const RESOURCES: [RegExp, Resolver, Kind?][] = [
  [route(''), (_m, _read, site) => ({ title: 'Projects', description: site.description, path: '/', jsonLd: homeLd(site) })],
  [
    route(`/projects/${segment}(?:/(?:data|files(?:/.*)?|updates(?:/[^/]+)?))?`),
    async ([slug], read, site) => {
      const d = await read<ProjectDetail>(`/projects/${encodeURIComponent(slug!)}`);
      if (!d) return null;
      const facts = await tableFacts(d, read);
      return {
        title: d.project.title,
        description: shortened(d.project.summary ?? documentText(d.doc?.content as never)) ?? `${d.project.title}, a research project of the observatory`,
        path: `/projects/${d.project.slug}`,
        jsonLd: projectLd(site, d, facts),
        feeds: [{ title: `${d.project.title}: updates`, path: `/feeds/projects/${d.project.slug}/updates.atom` }],
      };
    },
    'project',
  ],
  [
    route(`/data/${segment}(?:/(?:overview|notebook|photos|readings))?`),
    async ([name], read, site) => {
      const d = await read<ObjectDetail>(`/data/obj/${encodeURIComponent(name!)}`);
      if (!d) return null;
      const types = d.obj.types.map((t) => t.name).join(', ');
      const description = shortened(documentText(d.doc?.content as never)) ?? `${d.obj.title}${types ? `: ${types}` : ''}`;
      return { title: d.obj.title, description, path: `/data/${d.obj.name}`, jsonLd: placeLd(site, d, description) };
    },
    'object',
  ],
  [
    route(`/people/${segment}`),
    async ([slug], read, site) => {
      const d = await read<PersonProfile>(`/people/${encodeURIComponent(slug!)}`);
      if (!d) return null;
      const where = d.person.affiliations.map((a) => [a.title, a.institution.name].filter(Boolean).join(', ')).join('; ');
      return {
        title: d.person.name,
        description: shortened(documentText(d.bio?.content as never)) ?? (where || `${d.person.name}, of the observatory`),
        path: `/people/${d.person.slug}`,
        image: image(site, d.person.photo),
        ogType: 'profile',
        // They asked not to be indexed: the page says so, and describes them no further.
        ...(d.person.noindex ? { noindex: true, jsonLd: null } : { jsonLd: personLd(site, d) }),
      };
    },
    'person',
  ],
  [
    route(`/partners/${segment}`),
    async ([slug], read, site) => {
      const d = await read<InstitutionDetail>(`/institutions/${encodeURIComponent(slug!)}`);
      if (!d) return null;
      return {
        title: d.institution.name,
        description: shortened(d.institution.description) ?? `${d.institution.name}, a partner of the observatory`,
        path: `/partners/${d.institution.slug}`,
        image: image(site, d.institution.logo),
        jsonLd: organisationLd(site, d),
      };
    },
    'institution',
  ],
  [
    route(`/teams/${segment}`),
    async ([slug], read, site) => {
      const d = await read<TeamDetail>(`/teams/${encodeURIComponent(slug!)}`);
      if (!d) return null;
      return {
        title: d.team.name,
        description: shortened(d.team.description) ?? `${d.team.name}, a team of the observatory`,
        path: `/teams/${d.team.slug}`,
        jsonLd: teamLd(site, d),
      };
    },
    'team',
  ],
  [
    route(`/pubs/${segment}`),
    async ([slug], read, site) => {
      const d = await read<PublicationDetail>(`/pubs/${encodeURIComponent(slug!)}`);
      if (!d) return null;
      const p = d.publication;
      const cited = [p.authors.map((a) => a.name).join('; '), p.year, p.venue].filter(Boolean).join(', ');
      return {
        title: p.title,
        description: shortened(d.abstract) ?? shortened(cited),
        path: `/pubs/${p.slug}`,
        ogType: 'article',
        jsonLd: publicationLd(site, d),
      };
    },
    'publication',
  ],
  [
    route(`/insights/${segment}`),
    async ([key], read, site) => {
      const d = await read<InsightDetail>(`/insights/${encodeURIComponent(key!)}`);
      if (!d) return null;
      const description =
        shortened(documentText(d.doc?.content as never)) ??
        `${d.insight.title}${d.insight.author ? `, by ${d.insight.author.name}` : ''}: an insight from the observatory`;
      return { title: d.insight.title, description, path: `/insights/${d.insight.num}`, ogType: 'article', jsonLd: articleLd(site, d, description) };
    },
    'insight',
  ],
  [
    route('/doc/(.+)'),
    async ([path], read) => {
      const d = await read<PageDetail>(`/pages/at/${path}`);
      if (!d) return null;
      const description = shortened(documentText(d.doc?.content as never)) ?? `${d.page.title}: documentation of the catalogue`;
      return { title: d.page.title, description, path: `/doc/${d.page.path}`, ogType: 'article' };
    },
    'page',
  ],
];

/** Whether the web app has a page at this path (its resource may still be missing): a route the server's head knows. */
export function isKnownRoute(path: string): boolean {
  const clean = path.split('?')[0]!.replace(/\/+$/, '');
  return [...PRIVATE, ...LISTS.map(([pattern]) => pattern), ...RESOURCES.map(([pattern]) => pattern)].some((pattern) => pattern.test(clean));
}

const NOT_FOUND: Omit<PageHead, 'path'> = { status: 404, title: 'Not Found', description: null, noindex: true };
const GONE: Omit<PageHead, 'path'> = { status: 410, title: 'Deleted', description: null, noindex: true };

/**
 * The head of the page at `path` as a visitor would be shown it, and its status: a
 * resource's page describes the resource; a resource a visitor may not read, and a route
 * the web app does not have, answer 404 (the web app still boots and shows its screen).
 */
export async function headFor(path: string, read: Read, site: Site): Promise<PageHead> {
  let clean: string;
  try {
    clean = decodeURIComponent(path.split('?')[0]!.replace(/\/+$/, ''));
  } catch {
    return { ...NOT_FOUND, path: '/' };
  }
  if (PRIVATE.some((pattern) => pattern.test(clean))) return { status: 200, title: site.name, description: site.description, path: clean, noindex: true };
  const list = LISTS.find(([pattern]) => pattern.test(clean));
  if (list) {
    // An insights page of one tag (/insights?tag=soil) has that tag's feed too.
    const tag = clean === '/insights' ? new URLSearchParams(path.split('?')[1] ?? '').get('tag') : null;
    const tagFeed = tag ? [{ title: `Insights: ${tag}`, path: `/feeds/insights.atom?tag=${encodeURIComponent(tag)}` }] : [];
    return { status: 200, title: list[1], description: list[2], path: clean, feeds: [...tagFeed, ...(list[3] ?? [])] };
  }
  for (const [pattern, resolve, kind] of RESOURCES) {
    const match = pattern.exec(clean);
    if (!match) continue;
    let found: Resolved | null;
    try {
      found = await resolve(match.slice(1), read, site);
      if (found?.jsonLd) found = { ...found, jsonLd: await withUnindexedPeopleNamedOnly(site, found.jsonLd) };
      if (!found && kind && (await site.gone(kind, match[1]!))) return { ...GONE, path: clean };
    } catch {
      // The API could not answer now (busy, failing): the page is served, described generically.
      return { status: 200, title: site.name, description: site.description, path: clean, noindex: true };
    }
    return found ? { status: 200, ...found } : { ...NOT_FOUND, path: clean };
  }
  return { ...NOT_FOUND, path: clean };
}

/** Reads the API in-process as a visitor from the page's own address (its rate limit is the visitor's). */
export function visitorReader(app: FastifyInstance, ip: string): Read {
  return async <T>(path: string) => {
    const res = await app.inject({ method: 'GET', url: `${API_ROOT}${path}`, remoteAddress: ip });
    if (res.statusCode === 200) return res.json() as T;
    if ([401, 403, 404].includes(res.statusCode)) return null;
    throw new Error(`GET ${path} answered ${res.statusCode}`);
  };
}
