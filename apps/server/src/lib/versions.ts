import { eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { etagOf, IF_MATCH_PATTERN, type CurrentVersion } from '@observatory/shared';
import type { Actor } from '../authz/policy.js';
import type { Db } from '../db/client.js';
import { people } from '../db/schema/index.js';
import { audit } from './audit.js';
import { AppError } from './errors.js';

// Resource versions (docs/api.md "Versions"): every write to a versioned row bumps its
// `version`, inside the write's transaction; a write that states the version it is based
// on (If-Match, or `version` in its body) locks the row first and is refused with 412
// once the row has moved on, writing nothing.

/** A table whose rows carry a version, when they were written and by whom. */
export type VersionedTable = PgTable & { version: AnyPgColumn; updatedAt: AnyPgColumn } & ({ updatedBy: AnyPgColumn } | { updatedById: AnyPgColumn });

/** What a write asks of the version it changes. */
export interface Precondition {
  /** The versions it may change (If-Match); undefined: any (none stated, or `*`). */
  matches?: number[] | undefined;
  /** The version the writer's edit was based on, when they overwrite later changes knowingly (recorded in the audit log). */
  overwriteOf?: number | undefined;
}

/** The version of each tag an If-Match names (a GET's tag adds a hash of its answer after a dot). */
const quoted = /"(\d+)(?:\.[\w-]*)?"/g;

/** The headers a conditional write takes; declared on its route, so the OpenAPI document lists them and its 412. */
export const ConditionalHeadersSchema = z.looseObject({
  'if-match': z
    .string()
    .regex(IF_MATCH_PATTERN, 'Expected the ETag a read answered, e.g. "3" or "3.Qm9…" (quotes included), or *')
    .optional()
    .describe('The version (ETag) this write is based on: if the resource has moved on, 412 and nothing is written'),
  'overwrite-of': z
    .string()
    .regex(/^\s*"\d{1,10}"\s*$/, 'Expected a version in quotes, e.g. "3"')
    .optional()
    .describe('With If-Match naming the current version: the version the edit was based on, when it overwrites the changes since knowingly (audited)'),
});

/** The precondition a request states: If-Match, else its body's `version`. */
export function preconditionOf(request: FastifyRequest): Precondition {
  const header = request.headers['if-match'];
  const body = request.body as { version?: unknown } | null | undefined;
  const overwrite = request.headers['overwrite-of'];
  const overwriteOf = typeof overwrite === 'string' ? Number(overwrite.replace(/\D/g, '')) : undefined;
  if (typeof header === 'string') {
    const matches = header.trim() === '*' ? undefined : [...header.matchAll(quoted)].map((m) => Number(m[1]));
    return { matches, overwriteOf };
  }
  if (body && typeof body === 'object' && typeof body.version === 'number') return { matches: [body.version], overwriteOf };
  return {};
}

const byColumn = (table: VersionedTable): AnyPgColumn => ('updatedBy' in table ? table.updatedBy : table.updatedById);
/** Who wrote last, under a name of its own: a person's version joins people to people. */
const writer = alias(people, 'writer');

/**
 * Locks the row `where` names and checks the write's precondition against its version:
 * 412 (the current version, who wrote it and when) when it has moved on. Answers the
 * current version; null when there is no such row (the caller answers its 404).
 */
export async function checkVersion(
  tx: Db,
  actor: Actor | null,
  target: { table: VersionedTable; where: SQL; type: string; id: string; what: string },
  precondition: Precondition,
): Promise<CurrentVersion | null> {
  const { table } = target;
  const [row] = await tx
    .select({
      version: sql<number>`${table.version}`,
      updatedAt: sql<Date>`${table.updatedAt}`,
      by: sql<
        CurrentVersion['updatedBy']
      >`case when ${writer.id} is null then null else json_build_object('id', ${writer.id}, 'slug', ${writer.slug}, 'name', ${writer.name}) end`,
    })
    .from(table)
    .leftJoin(writer, eq(writer.id, byColumn(table)))
    .where(target.where)
    .for('update', { of: table });
  if (!row) return null;
  const current: CurrentVersion = { version: row.version, updatedAt: new Date(row.updatedAt).toISOString(), updatedBy: row.by ?? null };
  if (precondition.matches && !precondition.matches.includes(current.version)) {
    const who = current.updatedBy ? ` by ${current.updatedBy.name}` : '';
    throw new AppError(
      'PRECONDITION_FAILED',
      `${target.what} was changed meanwhile${who} (now version ${current.version}, your edit is based on version ${precondition.matches.join(' or ')}); nothing was saved`,
      { current },
    );
  }
  if (precondition.overwriteOf !== undefined && precondition.overwriteOf !== current.version) {
    await audit(
      tx,
      actor,
      `${target.type}.overwrite`,
      { type: target.type, id: target.id },
      { before: { basedOn: precondition.overwriteOf }, after: { overwrote: current } },
    );
  }
  return current;
}

/** The next version, for a write's `set`. */
export const nextVersion = (table: VersionedTable): SQL<number> => sql<number>`${table.version} + 1`;

/** What a write to a versioned row sets beside its own fields: the next version, now, and who. */
export const bumped = (table: VersionedTable, actor: Actor | null) => ({
  version: nextVersion(table),
  updatedAt: new Date(),
  updatedBy: actor?.personId ?? null,
});

/**
 * Bumps the version of the row `where` names: a write to something it owns that its
 * editor shows with it (a project's contributors bump the project).
 */
export async function touch(tx: Db, table: VersionedTable, where: SQL, actor: Actor | null): Promise<void> {
  const by = 'updatedBy' in table ? 'updatedBy' : 'updatedById';
  await tx
    .update(table as PgTable)
    .set({ version: nextVersion(table), updatedAt: new Date(), [by]: actor?.personId ?? null })
    .where(where);
}

/** Answers a resource's detail with its version as the ETag. */
export function withETag<T>(reply: FastifyReply, body: T, version: number): T {
  void reply.header('etag', etagOf(version));
  return body;
}
