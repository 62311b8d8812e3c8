import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { visibleTo } from '../../authz/visibility.js';
import type { Kind } from '../../authz/resources.js';
import type { Db } from '../../db/client.js';
import { insights, institutions, objects, pages, people, projects, publications, teams } from '../../db/schema/index.js';

/** The lists every visitor may browse, in the order the menu shows them. */
export const LIST_PAGES = ['/', '/projects', '/data', '/map', '/people', '/partners', '/pubs', '/insights', '/photos', '/doc/api'];

export interface SitemapSource {
  /** The file name's stem: /sitemaps/{name}-{n}.xml. */
  name: string;
  kind: Kind;
  table: PgTable;
  /** What the page's address is made of, as text. */
  key: AnyPgColumn | SQL;
  id: AnyPgColumn;
  lastmod: AnyPgColumn;
  path: (key: string) => string;
  /** Left out besides what a visitor may not see. */
  unlisted?: SQL;
}

const segment = (key: string) => encodeURIComponent(key);

/** Every page of a resource a visitor may read, by kind (a person who asked not to be indexed left out). */
export const SITEMAP_SOURCES: SitemapSource[] = [
  {
    name: 'projects',
    kind: 'project',
    table: projects,
    key: projects.slug,
    id: projects.id,
    lastmod: projects.updatedAt,
    path: (k) => `/projects/${segment(k)}`,
  },
  { name: 'data', kind: 'object', table: objects, key: objects.name, id: objects.id, lastmod: objects.updatedAt, path: (k) => `/data/${segment(k)}` },
  {
    name: 'people',
    kind: 'person',
    table: people,
    key: people.slug,
    id: people.id,
    lastmod: people.updatedAt,
    path: (k) => `/people/${segment(k)}`,
    unlisted: eq(people.noindex, true),
  },
  {
    name: 'partners',
    kind: 'institution',
    table: institutions,
    key: institutions.slug,
    id: institutions.id,
    lastmod: institutions.updatedAt,
    path: (k) => `/partners/${segment(k)}`,
  },
  { name: 'teams', kind: 'team', table: teams, key: teams.slug, id: teams.id, lastmod: teams.updatedAt, path: (k) => `/teams/${segment(k)}` },
  {
    name: 'pubs',
    kind: 'publication',
    table: publications,
    key: publications.slug,
    id: publications.id,
    lastmod: publications.updatedAt,
    path: (k) => `/pubs/${segment(k)}`,
  },
  {
    name: 'insights',
    kind: 'insight',
    table: insights,
    key: sql`${insights.num}::text`,
    id: insights.id,
    lastmod: insights.updatedAt,
    path: (k) => `/insights/${k}`,
  },
  // A page's path keeps its slashes: /doc/guides/soil.
  {
    name: 'doc',
    kind: 'page',
    table: pages,
    key: pages.path,
    id: pages.id,
    lastmod: pages.updatedAt,
    path: (k) => `/doc/${k.split('/').map(segment).join('/')}`,
  },
];

const listed = (source: SitemapSource) => and(visibleTo(null, source.kind), source.unlisted ? sql`not (${source.unlisted})` : undefined);

/** How many pages of this kind a visitor may read. */
export async function countPages(db: Db, source: SitemapSource): Promise<number> {
  const [row] = await db.select({ n: count() }).from(source.table).where(listed(source));
  return row?.n ?? 0;
}

/** One file's worth of a kind's pages, in a stable order, with each one's key and when it last changed. */
export async function listPages(db: Db, source: SitemapSource, limit: number, offset: number): Promise<{ key: string; path: string; lastmod: Date }[]> {
  const rows = await db
    .select({ key: sql<string>`${source.key}`, lastmod: source.lastmod })
    .from(source.table)
    .where(listed(source))
    .orderBy(asc(source.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ key: r.key, path: source.path(r.key), lastmod: r.lastmod as Date }));
}
