import { and, eq, getTableColumns, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { notFound } from '../lib/errors.js';
import { can, type Actor, type Resource } from './policy.js';
import { RESOURCES, type Descriptor, type Kind, type Visibility } from './resources.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (key: string) => UUID.test(key);

/** The JS name of one of a kind's columns (its table's row carries it under that name). */
function fieldOf(kind: Kind, column: AnyPgColumn): string {
  const entry = Object.entries(getTableColumns(RESOURCES[kind].table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`${kind}: column ${column.name} is not in its table`);
  return entry[0];
}

type Row = Record<string, unknown>;

/**
 * The policy's view of one row already read (the whole row, or the facts `findByKey`
 * reads): its visibility, owner and targets from the kind's descriptor. Targets held in
 * a link table (an object's projects) and the parent's resource come from the caller.
 */
export function resourceOf(
  kind: Kind,
  row: Row,
  related: { targetIds?: readonly string[]; coOwnerPersonIds?: readonly string[]; parent?: Resource | null } = {},
): Resource {
  const d = RESOURCES[kind];
  const value = (column: AnyPgColumn | undefined) => (column ? ((row[fieldOf(kind, column)] as string | null | undefined) ?? null) : null);
  const id = value(d.id)!;
  const owner = {
    ownerUserId: value(d.owner?.user),
    ownerPersonId: value(d.owner?.person),
    ...(d.coOwners ? { coOwnerPersonIds: related.coOwnerPersonIds ?? [] } : {}),
  };
  if (d.parent) {
    // A row whose parent is gone (a photo of a deleted object) is seen by managers only.
    if (!related.parent) return { type: kind, id, visibility: 'members', targetIds: [], ...owner };
    return { type: kind, id, targetIds: related.parent.targetIds ?? [], parent: related.parent, ...owner };
  }
  const visibility = (typeof d.visibility === 'string' ? d.visibility : (value(d.visibility) ?? 'public')) as Visibility;
  return { type: kind, id, visibility, targetIds: targetIdsOf(d, id, value, related.targetIds), ...owner };
}

/** A row's targets: itself, the value of its target column (when set), or what the caller read from a link table. */
function targetIdsOf(
  d: Descriptor,
  id: string,
  value: (column: AnyPgColumn | undefined) => string | null,
  linked: readonly string[] | undefined,
): readonly string[] {
  if (d.targets === 'self') return [id];
  if (d.targets && 'column' in d.targets) return [value(d.targets.column)].filter((t): t is string => t !== null);
  return linked ?? [];
}

/** The columns the policy needs of a kind, under their JS names. */
function factColumns(kind: Kind): Record<string, AnyPgColumn> {
  const d = RESOURCES[kind];
  const targetColumn = d.targets && d.targets !== 'self' && 'column' in d.targets ? d.targets.column : undefined;
  const columns = [d.id, typeof d.visibility === 'object' ? d.visibility : undefined, d.owner?.user, d.owner?.person, d.parent?.column, targetColumn];
  return Object.fromEntries(columns.filter((c): c is AnyPgColumn => !!c).map((c) => [fieldOf(kind, c), c]));
}

/** How a key names a row of a kind: the columns that may hold it and the value they hold; null when it cannot name one. */
function keyOf(kind: Kind, key: string): { columns: AnyPgColumn[]; value: string | number } | null {
  const d = RESOURCES[kind];
  if (isUuid(key)) return { columns: d.uuidKeys ?? [d.id], value: key };
  if (d.number && /^\d{1,9}$/.test(key)) return { columns: [d.number], value: Number(key) };
  if (!d.key) return null;
  return { columns: [d.key], value: d.keyLowercase ? key.toLowerCase() : key };
}

/** The value `byKey` compares a key's columns with (give it as the placeholder's value). */
export const keyValue = (kind: Kind, key: string): string | number | null => keyOf(kind, key)?.value ?? null;

/** Which columns a key is looked up in: keys of one form share a query template. */
export const keyForm = (kind: Kind, key: string): string => (keyOf(kind, key)?.columns ?? []).map((c) => c.name).join(',') || 'none';

/**
 * The condition a key names a row of a kind by: a UUID is its id, digits its number,
 * anything else its slug, name or username. A key that cannot name one matches nothing.
 * `value` replaces the compared value (a placeholder in a query template).
 */
export function byKey(kind: Kind, key: string, as?: PgTable, value?: Placeholder): SQL {
  // On an alias of the kind's table (`as`), the same columns under the alias.
  const col = (column: AnyPgColumn) => (as ? ((as as unknown as Record<string, AnyPgColumn>)[fieldOf(kind, column)] ?? column) : column);
  const found = keyOf(kind, key);
  if (!found) return sql`false`;
  return or(...found.columns.map((column) => eq(col(column), value ?? found.value)))!;
}

/** A row found by a key: its id and what the policy needs of it. */
export interface Found {
  id: string;
  resource: Resource;
}

async function findWhere(d: Db, kind: Kind, where: SQL): Promise<Found | null> {
  const desc = RESOURCES[kind];
  const targets = desc.targets && desc.targets !== 'self' && !('column' in desc.targets) ? desc.targets : null;
  // Targets held in a link table come in the same statement: one round trip per row found.
  const linked = targets && {
    targetIds: sql<string[]>`coalesce((select array_agg(${targets.target}::text) from ${targets.table} where ${targets.of} = ${desc.id}), '{}')`,
  };
  const coOwners = desc.coOwners && {
    coOwnerPersonIds: sql<
      string[]
    >`coalesce((select array_agg(${desc.coOwners.person}::text) from ${desc.coOwners.table} where ${desc.coOwners.of} = ${desc.id} and ${desc.coOwners.confirmed} and ${desc.coOwners.person} is not null), '{}')`,
  };
  const [row] = (await d
    .select({ ...factColumns(kind), ...linked, ...coOwners })
    .from(desc.table)
    .where(where)
    .limit(1)) as Row[];
  if (!row) return null;
  const parentId = desc.parent ? (row[fieldOf(kind, desc.parent.column)] as string | null) : null;
  const parent = desc.parent && parentId ? await findWhere(d, desc.parent.kind, eq(RESOURCES[desc.parent.kind].id, parentId)) : null;
  const id = row[fieldOf(kind, desc.id)] as string;
  return {
    id,
    resource: resourceOf(kind, row, {
      targetIds: linked ? (row.targetIds as string[]) : undefined,
      coOwnerPersonIds: coOwners ? (row.coOwnerPersonIds as string[]) : undefined,
      parent: parent?.resource ?? null,
    }),
  };
}

/**
 * A row of a kind by any of its keys (id, slug or name, number, a former slug), inside
 * `scope` (its parent's id) for kinds found inside a parent. No visibility check: `load`
 * is for what a caller asked for.
 */
export async function findByKey(d: Db, kind: Kind, key: string, scope?: string): Promise<Found | null> {
  const desc = RESOURCES[kind];
  return findWhere(d, kind, and(namedBy(kind, key), desc.parent && scope ? eq(desc.parent.column, scope) : undefined)!);
}

/**
 * The rows a key names: by `byKey`, or by a former key (an old slug), in the same
 * statement; a current key never is a former one. In a query template, `placeholders`
 * stand for `keyValue(kind, key)` and the key as given.
 */
export function namedBy(kind: Kind, key: string, placeholders?: { key: Placeholder; former: Placeholder }): SQL {
  const desc = RESOURCES[kind];
  const current = byKey(kind, key, undefined, placeholders?.key);
  if (!desc.formerKeys || isUuid(key)) return current;
  // A union of two index lookups: an OR of the key and a subquery would scan the whole table.
  const { formerKeys } = desc;
  return sql`${desc.id} in (select ${desc.id} from ${desc.table} where ${current} union all select ${formerKeys.id} from ${formerKeys.table} where ${eq(formerKeys.key, placeholders?.former ?? key)})`;
}

/** The row the actor asked for: 404 alike when it does not exist and when the actor may not see it. */
export async function load(d: Db, actor: Actor | null, kind: Kind, key: string, scope?: string): Promise<Found> {
  const found = await findByKey(d, kind, key, scope);
  if (!found || !can(actor, 'view', found.resource)) throw notFound(RESOURCES[kind].what);
  return found;
}

/**
 * A row named as a target (a filter, a parent, a role's target): found when the actor may
 * see it, else null, exactly as for a row that does not exist.
 */
export async function findVisible(d: Db, actor: Actor | null, kind: Kind, key: string, scope?: string): Promise<Found | null> {
  const found = await findByKey(d, kind, key, scope);
  return found && can(actor, 'view', found.resource) ? found : null;
}

/** An id no row has: a filter by a hidden or missing target matches nothing, in the same query. */
/**
 * Inside a transaction that links something to the row (a photo to its object, a file to
 * its project): holds the row until commit, so a delete waits rather than leaving the link
 * dangling, and answers 404 when it was deleted before (an upload that took its time).
 */
export async function keepRow(tx: Db, kind: Kind, id: string): Promise<void> {
  const d = RESOURCES[kind];
  const [row] = await tx.select({ id: d.id }).from(d.table).where(eq(d.id, id)).for('share');
  if (!row) throw notFound(d.what);
}

export const NO_ROW = '00000000-0000-0000-0000-000000000000';
