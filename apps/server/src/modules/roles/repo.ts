import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { people, projects, roleAssignments, roles, teams, users } from '../../db/schema/index.js';
import type { TargetType } from '@observatory/shared';

export type RoleRow = typeof roles.$inferSelect;

export const listRoles = (db: Db) => db.select().from(roles).orderBy(asc(roles.name));

export async function findRoleBySlug(db: Db, slug: string): Promise<RoleRow | null> {
  const [row] = await db.select().from(roles).where(eq(roles.slug, slug));
  return row ?? null;
}

export async function insertRole(db: Db, values: typeof roles.$inferInsert): Promise<RoleRow> {
  const [row] = await db.insert(roles).values(values).returning();
  return row!;
}

export function assignmentsOfUser(db: Db, userId: string) {
  return db
    .select({ role: roles, targetId: roleAssignments.targetId, targetType: roleAssignments.targetType })
    .from(roleAssignments)
    .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
    .where(eq(roleAssignments.userId, userId))
    .orderBy(asc(roles.name));
}

/** Adds the assignment; one already held is left as it is. */
export async function insertAssignment(
  db: Db,
  values: { userId: string; roleId: string; targetType: TargetType | null; targetId: string | null },
): Promise<void> {
  await db.insert(roleAssignments).values(values).onConflictDoNothing();
}

export async function deleteAssignment(db: Db, where: { userId: string; roleId: string; targetId: string | null }): Promise<number> {
  const rows = await db
    .delete(roleAssignments)
    .where(
      and(
        eq(roleAssignments.userId, where.userId),
        eq(roleAssignments.roleId, where.roleId),
        where.targetId ? eq(roleAssignments.targetId, where.targetId) : isNull(roleAssignments.targetId),
      ),
    )
    .returning({ id: roleAssignments.id });
  return rows.length;
}

export interface TargetRow {
  id: string;
  type: TargetType;
  name: string;
  slug: string;
}

/** Projects and teams a role can be held on (projects join this list when they land). */
/** Teams and the projects `visibleProjects` lets through (the registry's condition for the reader). */
export async function findTargets(db: Db, ids: string[], visibleProjects: SQL | undefined): Promise<TargetRow[]> {
  if (ids.length === 0) return [];
  const teamRows = await db
    .select({ id: teams.id, name: teams.name, slug: teams.slug, type: sql<TargetType>`'team'` })
    .from(teams)
    .where(inArray(teams.id, ids));
  const projectRows = await db
    .select({ id: projects.id, name: projects.title, slug: projects.slug, type: sql<TargetType>`'project'` })
    .from(projects)
    .where(and(inArray(projects.id, ids), visibleProjects));
  return [...teamRows, ...projectRows];
}

/** Who holds a role on a target, with the role, sorted by name. */
export const holdersOf = (db: Db, targetId: string) =>
  db
    .select({ id: people.id, slug: people.slug, name: people.name, username: users.username, role: { slug: roles.slug, name: roles.name } })
    .from(roleAssignments)
    .innerJoin(users, eq(users.id, roleAssignments.userId))
    .innerJoin(people, eq(people.id, users.personId))
    .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
    .where(eq(roleAssignments.targetId, targetId))
    .orderBy(sql`lower(${people.name})`, people.id);

/** Locks the target's role assignments until the transaction ends. */
export async function lockAssignments(db: Db, targetId: string): Promise<void> {
  await db.select({ id: roleAssignments.id }).from(roleAssignments).where(eq(roleAssignments.targetId, targetId)).for('update');
}

/** Takes away every role the user holds on the target. */
export async function deleteOnTarget(db: Db, userId: string, targetId: string): Promise<number> {
  const rows = await db
    .delete(roleAssignments)
    .where(and(eq(roleAssignments.userId, userId), eq(roleAssignments.targetId, targetId)))
    .returning({ id: roleAssignments.id });
  return rows.length;
}

export async function deleteAllOnTarget(db: Db, targetId: string): Promise<void> {
  await db.delete(roleAssignments).where(eq(roleAssignments.targetId, targetId));
}

export async function updateRole(db: Db, id: string, values: Partial<typeof roles.$inferInsert>): Promise<RoleRow> {
  const [row] = await db.update(roles).set(values).where(eq(roles.id, id)).returning();
  return row!;
}

export async function deleteRole(db: Db, id: string): Promise<void> {
  await db.delete(roles).where(eq(roles.id, id));
}

export async function countHolders(db: Db, roleId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(roleAssignments)
    .where(eq(roleAssignments.roleId, roleId));
  return row?.n ?? 0;
}
