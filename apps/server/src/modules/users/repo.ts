import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import { byKey } from '../../authz/lookup.js';
import type { Db } from '../../db/client.js';
import { invitations, people, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

/** By username or e-mail, case-insensitive. */
export async function findByLogin(db: Db, login: string): Promise<UserRow | null> {
  const l = login.toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${l}`, sql`lower(${users.email}) = ${l}`))
    .limit(1);
  return row ?? null;
}

export async function findById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** `users/{id}` is keyed by the person id; the username also works. */
export async function findByPersonIdOrUsername(db: Db, key: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(byKey('user', key)).limit(1);
  return row ?? null;
}

export async function findPersonOf(db: Db, user: UserRow) {
  const [row] = await db.select({ id: people.id, slug: people.slug, name: people.name }).from(people).where(eq(people.id, user.personId));
  return row!;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Db, id: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return !!row;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

export async function latestInvitationOf(db: Db, personId: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(eq(invitations.personId, personId))
    .orderBy(sql`${invitations.createdAt} desc`)
    .limit(1);
  return row ?? null;
}

/** Accounts with their person, by username; q searches username, e-mail and name. */
export async function listUsers(db: Db, options: { q?: string | undefined; limit: number; offset: number }) {
  const pattern = options.q ? `%${options.q.replace(/[%_\\]/g, '\\$&')}%` : null;
  const where = pattern ? or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(people.name, pattern)) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({ user: users, person: { id: people.id, slug: people.slug, name: people.name } })
      .from(users)
      .innerJoin(people, eq(people.id, users.personId))
      .where(where)
      .orderBy(asc(users.username))
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .innerJoin(people, eq(people.id, users.personId))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
