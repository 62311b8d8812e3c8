import { sql, type SQL } from 'drizzle-orm';
import type { PublicationType } from '@observatory/shared';
import { visibleTo } from '../../authz/visibility.js';
import { rowsOf, type Db } from '../../db/client.js';
import { auditLog, people, projectContributors, projectPublications, projects, publicationAuthors, publications } from '../../db/schema/index.js';
import { isoTime, jsonList } from '../../lib/sql-json.js';
import type { Name, ProjectRecord, PublicationRecord } from './formats.js';
import type { RecordKind, SetFilter } from './protocol.js';

/**
 * What a visitor may harvest, read in one statement per page (eslint-rules/server-tables.js
 * lets this module read the publication and project tables and the audit log). The records
 * are the publications and projects a visitor may read, and the tombstones of those a
 * visitor could read once: a deleted publication, a project deleted or hidden while public
 * (an audited change whose `before` was public and whose `after` is not, the last one of
 * each project still hidden). A project never public leaves no trace.
 */

/** One record of the list: live or deleted, when it last changed (to the microsecond), its sets. */
export interface ListedRecord {
  kind: RecordKind;
  id: string;
  /** ISO 8601, microseconds, UTC: the keyset's position (JavaScript's Date would drop the microseconds). */
  stamp: string;
  deleted: boolean;
  pubType: PublicationType | null;
  /** The slugs of the projects whose sets it is in, as a visitor may read them. */
  projects: string[];
}

export interface ListQuery {
  filter: SetFilter;
  from: Date | null;
  /** Exclusive. */
  until: Date | null;
  after?: { stamp: string; id: string } | null;
}

const UUID_TEXT = sql.raw(`'^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`);
const always = sql`true`;
const projectVisible = () => visibleTo(null, 'project') ?? always;
const publicationVisible = () => visibleTo(null, 'publication') ?? always;

/** Every record a visitor may harvest: kind, id, stamp, deleted, pub_type. */
function records(): SQL {
  return sql`(
    select 'publication'::text as kind, ${publications.id} as id, ${publications.updatedAt} as stamp, false as deleted, ${publications.type} as pub_type
      from ${publications} where ${publicationVisible()}
    union all
    select 'project'::text, ${projects.id}, ${projects.updatedAt}, false, null::text
      from ${projects} where ${projectVisible()}
    union all
    select 'publication'::text, ${auditLog.targetId}::uuid, ${auditLog.createdAt}, true, null::text
      from ${auditLog}
      where ${auditLog.action} = 'publication.delete' and ${auditLog.action} like '%.delete' and ${auditLog.targetId} ~ ${UUID_TEXT}
        and not exists (select 1 from ${publications} where ${publications.id} = ${auditLog.targetId}::uuid)
    union all
    select 'project'::text, ${auditLog.targetId}::uuid, max(${auditLog.createdAt}), true, null::text
      from ${auditLog}
      where ${auditLog.targetType} = 'project' and ${auditLog.action} in ('project.update', 'project.delete') and ${auditLog.targetId} ~ ${UUID_TEXT}
        and ${auditLog.before}->>'visibility' = 'public' and coalesce(${auditLog.after}->>'visibility', '') <> 'public'
        and not exists (select 1 from ${projects} where ${projects.id} = ${auditLog.targetId}::uuid and ${projectVisible()})
      group by ${auditLog.targetId}
  ) r`;
}

/** A live publication of r in a project a visitor may read: one project, or any. */
const inProject = (project: string) => sql`exists (
  select 1 from ${projectPublications} join ${projects} on ${projects.id} = ${projectPublications.projectId}
  where ${projectPublications.publicationId} = r.id and ${projectVisible()} ${project === '*' ? sql`` : sql`and ${projects.id} = ${project}::uuid`})`;

function conditions({ filter, from, until, after }: ListQuery): SQL {
  const parts: SQL[] = [];
  if (filter.kind) parts.push(sql`r.kind = ${filter.kind}`);
  if (filter.pubType) parts.push(sql`r.pub_type = ${filter.pubType}`);
  if (filter.project) {
    const own = filter.project === '*' ? sql`true` : sql`r.id = ${filter.project}::uuid`;
    parts.push(sql`not r.deleted and ((r.kind = 'project' and ${own}) or (r.kind = 'publication' and ${inProject(filter.project)}))`);
  }
  if (from) parts.push(sql`r.stamp >= ${from.toISOString()}::timestamptz`);
  if (until) parts.push(sql`r.stamp < ${until.toISOString()}::timestamptz`);
  if (after) parts.push(sql`(r.stamp, r.id) > (${after.stamp}::timestamptz, ${after.id}::uuid)`);
  return parts.length ? sql.join(parts, sql` and `) : always;
}

const MICROS = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`);

/** The slugs of the projects a live record's sets name: a project's own, a publication's readable projects. */
const projectSlugs = sql`case
  when r.deleted then '[]'::json
  when r.kind = 'project' then (select json_agg(${projects.slug}) from ${projects} where ${projects.id} = r.id)
  else coalesce((select json_agg(${projects.slug} order by ${projects.slug}) from ${projectPublications} join ${projects} on ${projects.id} = ${projectPublications.projectId}
    where ${projectPublications.publicationId} = r.id and ${projectVisible()}), '[]'::json)
end`;

type Row = { kind: RecordKind; id: string; stamp: string; deleted: boolean; pub_type: PublicationType | null; projects: string[] };
const listed = (row: Row): ListedRecord => ({
  kind: row.kind,
  id: row.id,
  stamp: row.stamp,
  deleted: row.deleted,
  pubType: row.pub_type,
  projects: row.projects,
});

/** A page of the list in (stamp, id) order, after the position given. */
export async function listRecords(db: Db, query: ListQuery, limit: number): Promise<ListedRecord[]> {
  const rows = await db.execute(sql`
    select r.kind, r.id::text as id, to_char(r.stamp at time zone 'UTC', ${MICROS}) as stamp, r.deleted, r.pub_type, ${projectSlugs} as projects
    from ${records()} where ${conditions(query)} order by r.stamp, r.id limit ${limit}`);
  return rowsOf<Row>(rows).map(listed);
}

/** How many records the list holds. */
export async function countRecords(db: Db, query: ListQuery): Promise<number> {
  const rows = await db.execute(sql`select count(*)::int as n from ${records()} where ${conditions(query)}`);
  return Number(rowsOf<{ n: number }>(rows)[0]?.n ?? 0);
}

/** One record, live or a tombstone; null when a visitor may not know of it. */
export async function findRecord(db: Db, kind: RecordKind, id: string): Promise<ListedRecord | null> {
  const rows = await db.execute(sql`
    select r.kind, r.id::text as id, to_char(r.stamp at time zone 'UTC', ${MICROS}) as stamp, r.deleted, r.pub_type, ${projectSlugs} as projects
    from ${records()} where r.kind = ${kind} and r.id = ${id}::uuid order by r.deleted limit 1`);
  const row = rowsOf<Row>(rows)[0];
  return row ? listed(row) : null;
}

/** The earliest datestamp of any record; null when there is none. */
export async function earliestStamp(db: Db): Promise<string | null> {
  const rows = await db.execute(sql`select to_char(min(r.stamp) at time zone 'UTC', ${MICROS}) as stamp from ${records()}`);
  return rowsOf<{ stamp: string | null }>(rows)[0]?.stamp ?? null;
}

/** The projects a visitor may read, for their sets. */
export async function readableProjects(db: Db): Promise<{ slug: string; title: string }[]> {
  const rows = await db.execute(
    sql`select ${projects.slug} as slug, ${projects.title} as title from ${projects} where ${projectVisible()} order by ${projects.slug}`,
  );
  return rowsOf<{ slug: string; title: string }>(rows);
}

/** The id of the project a set's slug names, when a visitor may read it. */
export async function readableProjectId(db: Db, slug: string): Promise<string | null> {
  const rows = await db.execute(sql`select ${projects.id}::text as id from ${projects} where ${projects.slug} = ${slug} and ${projectVisible()}`);
  return rowsOf<{ id: string }>(rows)[0]?.id ?? null;
}

/** A person's ORCID iD, unless they asked not to be indexed (docs/findable.md). */
const orcidOf = sql`case when ${people.noindex} then null else ${people.orcid} end`;

/** The publications of these ids, with what their metadata names. */
export async function publicationRecords(db: Db, ids: string[]): Promise<PublicationRecord[]> {
  if (!ids.length) return [];
  const authors =
    jsonList<Name>(sql`select json_agg(json_build_object('name', ${publicationAuthors.name}, 'orcid', case when ${publicationAuthors.confirmed} then ${orcidOf} end)
    order by ${publicationAuthors.position}) from ${publicationAuthors} left join ${people} on ${people.id} = ${publicationAuthors.personId}
    where ${publicationAuthors.publicationId} = ${publications.id}`);
  const linked = jsonList<{
    slug: string;
    title: string;
  }>(sql`select json_agg(json_build_object('slug', ${projects.slug}, 'title', ${projects.title}) order by ${projects.slug})
    from ${projectPublications} join ${projects} on ${projects.id} = ${projectPublications.projectId}
    where ${projectPublications.publicationId} = ${publications.id} and ${projectVisible()}`);
  const rows = await db.execute(sql`
    select ${publications.id}::text as id, ${publications.slug} as slug, ${publications.type} as type, ${publications.title} as title, ${publications.year} as year,
      ${publications.venue} as venue, ${publications.volume} as volume, ${publications.issue} as issue, ${publications.pages} as pages,
      ${publications.doi} as doi, ${publications.url} as url, ${publications.abstract} as abstract, to_json(${publications.keywords}) as keywords,
      json_build_array(${publications.extra}->'bibtex'->>'type', ${publications.extra}->'ris'->>'type') as source_types,
      ${isoTime(publications.createdAt)} as created_at, ${authors} as authors, ${linked} as projects
    from ${publications} where ${publications.id} = any(${sql.param(ids)}::uuid[]) and ${publicationVisible()}`);
  type PubRow = Omit<PublicationRecord, 'kind' | 'sourceTypes' | 'createdAt'> & { source_types: (string | null)[]; created_at: string };
  return rowsOf<PubRow>(rows).map(({ source_types, created_at, ...row }) => ({
    ...row,
    kind: 'publication',
    sourceTypes: source_types.filter((t): t is string => Boolean(t)),
    createdAt: created_at,
  }));
}

/** The projects of these ids a visitor may read, with what their metadata names. */
export async function projectRecords(db: Db, ids: string[]): Promise<ProjectRecord[]> {
  if (!ids.length) return [];
  const contributors =
    jsonList<Name>(sql`select json_agg(json_build_object('name', ${people.name}, 'orcid', ${orcidOf}) order by ${projectContributors.position}, ${people.name})
    from ${projectContributors} join ${people} on ${people.id} = ${projectContributors.personId} where ${projectContributors.projectId} = ${projects.id}`);
  const linked = jsonList<
    ProjectRecord['publications'][number]
  >(sql`select json_agg(json_build_object('slug', ${publications.slug}, 'type', ${publications.type}, 'doi', ${publications.doi})
    order by ${publications.slug}) from ${projectPublications} join ${publications} on ${publications.id} = ${projectPublications.publicationId}
    where ${projectPublications.projectId} = ${projects.id} and ${publicationVisible()}`);
  const rows = await db.execute(sql`
    select ${projects.id}::text as id, ${projects.slug} as slug, ${projects.title} as title, ${projects.summary} as summary,
      to_char(${projects.startDate}, 'YYYY-MM-DD') as start_date, to_char(${projects.endDate}, 'YYYY-MM-DD') as end_date,
      ${isoTime(projects.createdAt)} as created_at, ${contributors} as contributors, ${linked} as publications
    from ${projects} where ${projects.id} = any(${sql.param(ids)}::uuid[]) and ${projectVisible()}`);
  type ProjectRow = Omit<ProjectRecord, 'kind' | 'startDate' | 'endDate' | 'createdAt'> & {
    start_date: string | null;
    end_date: string | null;
    created_at: string;
  };
  return rowsOf<ProjectRow>(rows).map(({ start_date, end_date, created_at, ...row }) => ({
    ...row,
    kind: 'project',
    startDate: start_date,
    endDate: end_date,
    createdAt: created_at,
  }));
}
