import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invitations, people, users } from '../../db/schema/index.js';

export type InvitationRow = typeof invitations.$inferSelect;

export async function insertInvitation(db: Db, values: typeof invitations.$inferInsert): Promise<InvitationRow> {
  const [row] = await db.insert(invitations).values(values).returning();
  return row!;
}

export async function findByCode(db: Db, codeHash: string) {
  const [row] = await db
    .select({ invitation: invitations, name: people.name })
    .from(invitations)
    .innerJoin(people, eq(people.id, invitations.personId))
    .where(eq(invitations.codeHash, codeHash));
  return row ?? null;
}

export async function markAccepted(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: new Date() })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  return rows.length === 1;
}

export async function personHasUser(db: Db, personId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.personId, personId));
  return !!row;
}
