import { and, eq, sql } from 'drizzle-orm';
import { findByKey } from '../../authz/lookup.js';
import type { Kind } from '../../authz/resources.js';
import type { Database } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

/**
 * How a deletion's audit record names a resource's page, and what in it says a visitor could
 * read it then. A resource that was not public leaves no trace a visitor can see: its page
 * answers 404 like one that never was.
 */
const DELETED: Partial<Record<Kind, { key: string; wasPublic?: [field: string, value: string] }>> = {
  project: { key: 'slug', wasPublic: ['visibility', 'public'] },
  object: { key: 'name', wasPublic: ['visibility', 'public'] },
  insight: { key: 'num', wasPublic: ['visibility', 'public'] },
  page: { key: 'path', wasPublic: ['draft', 'false'] },
  person: { key: 'slug' },
  institution: { key: 'slug' },
  team: { key: 'slug' },
  publication: { key: 'slug' },
};

/** Whether the catalogue knows a resource a visitor could read was deleted, and nothing has its address now (410 Gone). */
export function createDeletions(db: Database) {
  return {
    async gone(kind: Kind, key: string): Promise<boolean> {
      const rule = DELETED[kind];
      if (!rule) return false;
      return db.use(async (d) => {
        if (await findByKey(d, kind, key)) return false;
        const [row] = await d
          .select({ one: sql`1` })
          .from(auditLog)
          .where(
            and(
              eq(auditLog.action, `${kind}.delete`),
              // As the partial index of deletions reads (db/schema/system.ts).
              sql`${auditLog.action} like '%.delete'`,
              sql`${auditLog.before}->>${rule.key} = ${key}`,
              rule.wasPublic ? sql`${auditLog.before}->>${rule.wasPublic[0]} = ${rule.wasPublic[1]}` : undefined,
            ),
          )
          .limit(1);
        return !!row;
      });
    },
  };
}
