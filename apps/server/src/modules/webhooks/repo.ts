import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { people, users, webhookDeliveries, webhooks } from '../../db/schema/index.js';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The latest attempt that finished, per webhook. */
const lastDelivery = sql<{ status: 'delivered' | 'retrying' | 'failed'; at: string } | null>`(
  select json_build_object('status', d.status, 'at', coalesce(d.delivered_at, d.created_at))
  from ${webhookDeliveries} d where d.webhook_id = ${webhooks.id} and d.status <> 'pending'
  order by d.created_at desc limit 1)`;

const withOwner = {
  row: webhooks,
  owner: sql<{
    username: string;
    name: string;
  } | null>`case when ${users.id} is null then null else json_build_object('username', ${users.username}, 'name', coalesce(${people.name}, ${users.username})) end`,
  lastDelivery,
};

const owned = (db: Db) => db.select(withOwner).from(webhooks).leftJoin(users, eq(users.id, webhooks.ownerId)).leftJoin(people, eq(people.id, users.personId));

export const listWebhooks = (db: Db) => owned(db).orderBy(webhooks.createdAt);

export async function findWebhook(db: Db, id: string) {
  const [found] = await owned(db).where(eq(webhooks.id, id));
  return found ?? null;
}

export async function userIdOf(db: Db, username: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username.toLowerCase()));
  return row?.id ?? null;
}

export async function countWebhooks(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(webhooks);
  return row?.n ?? 0;
}

export const webhookVersion = (id: string) => ({ table: webhooks, where: eq(webhooks.id, id), type: 'webhook', id, what: 'The webhook' });

export async function deliveriesOf(db: Db, webhookId: string, limit: number): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

/** Active webhooks to queue changes for, each locked while its cursor moves (another process skips it). */
export async function lockActive(db: Db): Promise<WebhookRow[]> {
  return db.select().from(webhooks).where(eq(webhooks.active, true)).orderBy(webhooks.createdAt).for('update', { skipLocked: true });
}

/**
 * Claims deliveries due by `now` for `leaseMs`: another process (or a later tick) takes
 * them again only if this one did not record an answer by then.
 */
export async function claimDue(db: Db, now: Date, limit: number, leaseMs: number): Promise<DeliveryRow[]> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ['pending', 'retrying']), sql`${webhookDeliveries.nextAttemptAt} <= ${now.toISOString()}::timestamptz`))
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
  // Oldest change first (an update answers its rows in no order).
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

/** Whether a round has anything to do: an active webhook to queue changes for, a delivery due. One cheap statement, so an idle catalogue's rounds cost next to nothing. */
export async function pendingWork(db: Db, now: Date): Promise<{ hooks: boolean; due: boolean }> {
  const [row] = rowsOf<{ hooks: boolean; due: boolean }>(
    await db.execute(sql`select
    exists (select 1 from ${webhooks} where ${webhooks.active}) as hooks,
    exists (select 1 from ${webhookDeliveries} where ${webhookDeliveries.status} in ('pending', 'retrying') and ${webhookDeliveries.nextAttemptAt} <= ${now.toISOString()}::timestamptz) as due`),
  );
  return { hooks: row?.hooks === true, due: row?.due === true };
}
