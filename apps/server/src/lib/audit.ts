import type { Actor } from '../authz/policy.js';
import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';

/** Records a write: who, what, and the object before and after. Call inside the write's transaction. */
export async function audit(
  db: Db,
  actor: Pick<Actor, 'userId'> | null,
  action: string,
  target: { type: string; id: string },
  change: { before?: unknown; after?: unknown },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor?.userId ?? null,
    action,
    targetType: target.type,
    targetId: target.id,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/** Records many writes of one kind at once (an import's rows): one statement, inside the write's transaction. */
export async function auditMany(
  db: Db,
  actor: Pick<Actor, 'userId'> | null,
  entries: { action: string; target: { type: string; id: string }; after?: unknown }[],
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(auditLog)
    .values(
      entries.map((e) => ({ actorId: actor?.userId ?? null, action: e.action, targetType: e.target.type, targetId: e.target.id, after: e.after ?? null })),
    );
}
