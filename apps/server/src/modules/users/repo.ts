import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { byKey } from '../../authz/lookup.js';
import type { Db } from '../../db/client.js';
import { emailChanges, invitations, people, userSessions, users } from '../../db/schema/index.js';

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

export type SessionRow = typeof userSessions.$inferSelect;
export type EmailChangeRow = typeof emailChanges.$inferSelect;

/** A new change of address replaces any the user had waiting. */
export async function insertEmailChange(db: Db, values: typeof emailChanges.$inferInsert): Promise<void> {
  await db.delete(emailChanges).where(and(eq(emailChanges.userId, values.userId), isNull(emailChanges.usedAt)));
  await db.insert(emailChanges).values(values);
}

export async function findEmailChange(db: Db, codeHash: string): Promise<EmailChangeRow | null> {
  const [row] = await db.select().from(emailChanges).where(eq(emailChanges.codeHash, codeHash));
  return row ?? null;
}

/** The change the user has waiting, if its link still works. */
export async function pendingEmailChange(db: Db, userId: string): Promise<EmailChangeRow | null> {
  const [row] = await db
    .select()
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), sql`${emailChanges.expiresAt} > now()`))
    .limit(1);
  return row ?? null;
}

/** Marks the change used; false when another request used it first. */
export async function useEmailChange(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(emailChanges)
    .set({ usedAt: new Date() })
    .where(and(eq(emailChanges.id, id), isNull(emailChanges.usedAt)))
    .returning({ id: emailChanges.id });
  return rows.length === 1;
}

export async function emailTaken(db: Db, email: string, exceptUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, exceptUserId)));
  return !!row;
}

/**
 * The user a request acts for, with the session its access token names: one statement for
 * both, so a session ended in any process is refused at once. `session` is null when the
 * token's session has ended or is not the user's.
 */
export async function findLiveUser(db: Db, id: string, sessionId: string | null) {
  const live = and(eq(userSessions.id, sessionId ?? sql`null`), eq(userSessions.userId, users.id), isNull(userSessions.endedAt));
  const [row] = await db
    .select({ user: users, session: { id: userSessions.id, lastUsedAt: userSessions.lastUsedAt } })
    .from(users)
    .leftJoin(userSessions, live)
    .where(eq(users.id, id));
  return row ?? null;
}

export async function insertSession(db: Db, values: typeof userSessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(userSessions).values(values).returning();
  return row!;
}

export async function touchSession(db: Db, id: string): Promise<void> {
  await db.update(userSessions).set({ lastUsedAt: new Date() }).where(eq(userSessions.id, id));
}

/** The user's sessions still going, the latest used first. */
export async function liveSessionsOf(db: Db, userId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.endedAt)))
    .orderBy(desc(userSessions.lastUsedAt));
}

/** Ends the user's live sessions (those of `only`, or all but `except`); answers the ids ended. */
export async function endSessions(db: Db, userId: string, because: string, options: { only?: string[]; except?: string | null } = {}): Promise<string[]> {
  const rows = await db
    .update(userSessions)
    .set({ endedAt: new Date(), endedBecause: because })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.endedAt),
        options.only ? inArray(userSessions.id, options.only) : undefined,
        options.except ? ne(userSessions.id, options.except) : undefined,
      ),
    )
    .returning({ id: userSessions.id });
  return rows.map((r) => r.id);
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
