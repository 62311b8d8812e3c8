import { desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../authz/authorize.js';
import { visibleTargets } from '../../authz/visibility.js';
import type { Db } from '../../db/client.js';
import { auditLog, outbox, settings, users } from '../../db/schema/index.js';

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

/** The newest audit entries the reader may see the targets of, with who made them. */
export const recentAudit = (db: Db, actor: Actor | null, limit: number) =>
  db
    .select({ id: auditLog.id, action: auditLog.action, targetType: auditLog.targetType, targetId: auditLog.targetId, actor: users.username, createdAt: auditLog.createdAt })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(visibleTargets(actor, auditLog.targetType, auditLog.targetId))
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
