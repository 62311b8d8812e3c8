import { and, asc, desc, inArray, sql, type SQL } from 'drizzle-orm';
import { CHANGE_KINDS, type Change, type ChangesResponse } from '@observatory/shared';
import type { Actor } from '../../authz/authorize.js';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import { targetJson } from './repo.js';
import { SITEMAP_SOURCES } from './sitemap.js';

type ChangeKind = (typeof CHANGE_KINDS)[number];

/** A resource's page by its kind and key (a data table's key is its project's slug). */
const PAGES: Record<ChangeKind, (key: string) => string> = {
  ...(Object.fromEntries(SITEMAP_SOURCES.map((s) => [s.kind, s.path])) as Record<Exclude<ChangeKind, 'datatable'>, (key: string) => string>),
  datatable: (slug) => `/projects/${encodeURIComponent(slug)}/data`,
};

const opOf = (kind: string, action: string): Change['op'] => (action === `${kind}.create` ? 'create' : action === `${kind}.delete` ? 'delete' : 'update');

/**
 * The change feed (docs/harvestable.md "Change feed"): the audit log's entries of the
 * catalogue's resources after a cursor, as the reader may see them now.
 *
 * Order and cursor: an entry is (its transaction's id, its number). Transactions commit in
 * any order, so an entry is listed only once every transaction begun before the oldest one
 * still running has ended (`txid < pg_snapshot_xmin`): an entry listed can never be followed
 * by one sorting before it, and a cursor neither skips nor repeats. A long transaction holds
 * the feed back until it ends.
 *
 * Visibility: a resource the reader may read is named; one deleted or hidden from them is a
 * delete with its id only, so a tombstone of something they could never see says nothing
 * more than that an id changed.
 */
export async function readChanges(
  db: Db,
  actor: Actor | null,
  query: { since?: string | undefined; limit: number },
  publicUrl: string,
): Promise<ChangesResponse> {
  const [txid, seq] = query.since ? query.since.split('-') : ['0', '0'];
  const rows = await selectChanges(db, actor, sql`(${auditLog.txid}, ${auditLog.seq}) > (${txid}::xid8, ${seq}::bigint)`, query.limit + 1);
  const changes = rows.slice(0, query.limit).map((row) => changeOf(row, publicUrl));
  return { changes, next: changes.at(-1)?.cursor ?? query.since ?? null, more: rows.length > query.limit };
}

/** The change at a cursor as the reader may see it now (a webhook's delivery is made when it is sent); null when the cursor names none. */
export async function changeAt(db: Db, actor: Actor | null, cursor: string, publicUrl: string): Promise<Change | null> {
  const [txid, seq] = cursor.split('-');
  const [row] = await selectChanges(db, actor, sql`${auditLog.txid} = ${txid}::xid8 and ${auditLog.seq} = ${seq}::bigint`, 1);
  return row ? changeOf(row, publicUrl) : null;
}

/** The cursor of the latest change listed now: a new follower starts there. */
export async function feedEnd(db: Db): Promise<string> {
  const [row] = await db
    .select({ txid: sql<string>`${auditLog.txid}::text`, seq: auditLog.seq })
    .from(auditLog)
    .where(sql`${auditLog.txid} < pg_snapshot_xmin(pg_current_snapshot())`)
    .orderBy(desc(auditLog.txid), desc(auditLog.seq))
    .limit(1);
  return row ? `${row.txid}-${row.seq}` : '0-0';
}

function selectChanges(db: Db, actor: Actor | null, position: SQL, limit: number) {
  return db
    .select({
      txid: sql<string>`${auditLog.txid}::text`,
      seq: auditLog.seq,
      kind: auditLog.targetType,
      id: auditLog.targetId,
      action: auditLog.action,
      at: auditLog.createdAt,
      found: sql<{ name: string; key: string; shown: boolean } | null>`${targetJson(actor)}`,
    })
    .from(auditLog)
    .where(and(inArray(auditLog.targetType, [...CHANGE_KINDS]), position, sql`${auditLog.txid} < pg_snapshot_xmin(pg_current_snapshot())`))
    .orderBy(asc(auditLog.txid), asc(auditLog.seq))
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof selectChanges>>[number];

function changeOf(row: Row, publicUrl: string): Change {
  const kind = row.kind as ChangeKind;
  const cursor = `${row.txid}-${row.seq}`;
  const op = opOf(kind, row.action);
  if (!row.found?.shown || op === 'delete') return { cursor, op: 'delete', kind, id: row.id! };
  const { name: title, key } = row.found;
  return { cursor, op, kind, id: row.id!, key, title, url: `${publicUrl}${PAGES[kind](key)}`, at: row.at.toISOString() };
}
