import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditTarget } from '@observatory/shared';
import type { Actor } from '../../authz/authorize.js';
import { sightOf } from '../../authz/policy.js';
import { RESOURCES, type Kind } from '../../authz/resources.js';
import { visibleTo } from '../../authz/visibility.js';
import { rowsOf, type Db } from '../../db/client.js';
import {
  assets,
  importSessions,
  auditLog,
  dataTables,
  institutionCategories,
  institutions,
  metadataSchemas,
  metrics,
  nodes,
  nodeTypes,
  objects,
  objectTypes,
  insights,
  outbox,
  pages,
  people,
  projects,
  publications,
  roles,
  settings,
  shortlinks,
  teams,
  units,
  users,
} from '../../db/schema/index.js';

export async function getSetting(db: Db, key: string): Promise<string | null> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row?.value ?? null;
}

/** Stores the value unless one is already there; answers the stored one. */
export async function putSettingOnce(db: Db, key: string, value: string): Promise<string> {
  await db.insert(settings).values({ key, value }).onConflictDoNothing();
  return (await getSetting(db, key))!;
}

export async function listOutbox(db: Db, limit: number, offset: number) {
  const [rows, [count]] = await Promise.all([
    db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(outbox),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/**
 * How an audit entry's target is named and found: its name, the key of its address, and
 * (for a kind the registry does not hold) who may see it.
 */
const NAMED: Record<string, { table: PgTable; id: AnyPgColumn; name: AnyPgColumn | SQL; key: AnyPgColumn | SQL; shown?: (actor: Actor | null) => SQL }> = {
  project: { table: projects, id: projects.id, name: projects.title, key: projects.slug },
  object: { table: objects, id: objects.id, name: objects.title, key: objects.name },
  person: { table: people, id: people.id, name: people.name, key: people.slug },
  institution: { table: institutions, id: institutions.id, name: institutions.name, key: institutions.slug },
  team: { table: teams, id: teams.id, name: teams.name, key: teams.slug },
  user: { table: users, id: users.id, name: users.username, key: users.username },
  role: { table: roles, id: roles.id, name: roles.name, key: roles.slug },
  institution_category: { table: institutionCategories, id: institutionCategories.id, name: institutionCategories.name, key: institutionCategories.id },
  unit: { table: units, id: units.code, name: units.code, key: units.code },
  metric: { table: metrics, id: metrics.id, name: metrics.title, key: metrics.name },
  schema: { table: metadataSchemas, id: metadataSchemas.id, name: metadataSchemas.title, key: metadataSchemas.slug },
  objtype: { table: objectTypes, id: objectTypes.id, name: objectTypes.name, key: objectTypes.slug },
  nodetype: { table: nodeTypes, id: nodeTypes.id, name: nodeTypes.name, key: nodeTypes.slug },
  node: { table: nodes, id: nodes.id, name: nodes.title, key: nodes.path },
  page: { table: pages, id: pages.id, name: pages.title, key: pages.path },
  publication: { table: publications, id: publications.id, name: publications.title, key: publications.slug },
  insight: { table: insights, id: insights.id, name: insights.title, key: sql`${insights.num}::text` },
  shortlink: { table: shortlinks, id: shortlinks.id, name: shortlinks.slug, key: shortlinks.slug },
  // An upload is named to those who manage assets; others read "a file".
  asset: {
    table: assets,
    id: assets.id,
    name: sql`coalesce(${assets.fileName}, 'a file')`,
    key: assets.id,
    shown: (actor) => (sightOf(actor, 'asset').everything ? sql`true` : sql`false`),
  },
  // A data table is seen as its project is, and found on the project's Data tab.
  datatable: {
    table: dataTables,
    id: dataTables.id,
    name: dataTables.title,
    key: sql`(select ${projects.slug} from ${projects} where ${projects.id} = ${dataTables.projectId})`,
    shown: (actor) => sql`exists (select 1 from ${projects} where ${projects.id} = ${dataTables.projectId} and ${visibleTo(actor, 'project') ?? sql`true`})`,
  },
};

const isKind = (type: string): type is Kind => type in RESOURCES;

/**
 * The target of each entry as JSON: its name and key, and whether the reader may see it
 * (the registry's rule for its kind); null when it is gone.
 */
export function targetJson(actor: Actor | null): SQL {
  const cases = Object.entries(NAMED).map(([type, t]) => {
    const shown = t.shown?.(actor) ?? ((isKind(type) && visibleTo(actor, type)) || sql`true`);
    return sql`when ${type} then (select json_build_object('name', ${t.name}, 'key', ${t.key}, 'shown', ${shown}) from ${t.table} where ${t.id}::text = ${auditLog.targetId})`;
  });
  return sql`case ${auditLog.targetType} ${sql.join(cases, sql` `)} end`;
}

/**
 * The newest audit entries with who made them and what they changed: named and linked
 * when the reader may see it, "hidden" (no name) when not, "gone" when deleted (named
 * from the entry to those who see every row of its kind).
 */
export async function recentAudit(db: Db, actor: Actor | null, limit: number) {
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      actor: users.username,
      createdAt: auditLog.createdAt,
      found: sql<{ name: string; key: string; shown: boolean } | null>`${targetJson(actor)}`,
      formerName: sql<string | null>`coalesce(${auditLog.before}->>'title', ${auditLog.before}->>'name', ${auditLog.before}->>'username')`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    // An import is one entry (its rows' own entries are for the change feed).
    .where(sql`(${auditLog.after}->>'imported') is distinct from 'true'`)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.seq))
    .limit(limit);
  return rows.map(({ found, formerName, ...entry }) => {
    const seesAll = !isKind(entry.targetType) || sightOf(actor, entry.targetType).everything;
    const target: AuditTarget = found
      ? found.shown
        ? { state: 'shown', name: found.name, key: found.key }
        : { state: 'hidden', name: null, key: null }
      : { state: 'gone', name: seesAll ? formerName : null, key: null };
    return { ...entry, target };
  });
}

/** The catalogue's size on disk, its PostGIS version, and the stored files with a record: uploads (assets) and spreadsheets kept for imports. */
export async function sizes(db: Db) {
  const [row] = rowsOf<{ bytes: string; postgis: string | null; files: number; file_bytes: string }>(
    await db.execute(sql`select pg_database_size(current_database())::text as bytes, (select extversion from pg_extension where extname = 'postgis') as postgis,
      (select count(*) from ${assets})::int + (select count(*) from ${importSessions})::int as files,
      ((select coalesce(sum(${assets.size}), 0) from ${assets}) + (select coalesce(sum(${importSessions.size}), 0) from ${importSessions}))::text as file_bytes`),
  );
  return { databaseBytes: Number(row?.bytes ?? 0), postgis: row?.postgis ?? null, files: Number(row?.files ?? 0), fileBytes: Number(row?.file_bytes ?? 0) };
}
