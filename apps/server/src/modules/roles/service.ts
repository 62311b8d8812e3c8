import type { Role, RoleAssignment, TargetType } from '@observatory/shared';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import * as repo from './repo';

const toRole = (row: repo.RoleRow): Role => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  permissions: row.permissions,
});

export function createRolesService(db: Database) {
  return {
    async listRoles(): Promise<Role[]> {
      return (await db.use(repo.listRoles)).map(toRole);
    },

    /** Raw assignments, for building an actor. */
    rawAssignmentsOf(userId: string) {
      return db.use((d) => repo.assignmentsOfUser(d, userId));
    },

    async assignmentsOf(userId: string): Promise<RoleAssignment[]> {
      return db.use(async (d) => {
        const rows = await repo.assignmentsOfUser(d, userId);
        const targets = await repo.findTargets(
          d,
          rows.flatMap((r) => (r.targetId ? [r.targetId] : [])),
        );
        const byId = new Map(targets.map((t) => [t.id, t]));
        return rows.map((r) => ({ role: toRole(r.role), target: r.targetId ? (byId.get(r.targetId) ?? null) : null }));
      });
    },

    async findRole(slug: string): Promise<Role> {
      const row = await db.use((d) => repo.findRoleBySlug(d, slug));
      if (!row) throw notFound('Role');
      return toRole(row);
    },

    async findTarget(id: string): Promise<{ id: string; type: TargetType }> {
      const [target] = await db.use((d) => repo.findTargets(d, [id]));
      if (!target) throw new AppError('NOT_FOUND', 'Target not found: give a project or team id, or "global"');
      return target;
    },

    /** Adding a role already held changes nothing. */
    assign(userId: string, roleId: string, target: { id: string; type: TargetType } | null) {
      return db.use((d) =>
        repo.insertAssignment(d, { userId, roleId, targetType: target?.type ?? null, targetId: target?.id ?? null }),
      );
    },

    /** Members of a target: the people holding a role on it, sorted by name. */
    holdersOf: (targetId: string) => db.use((d) => repo.holdersOf(d, targetId)),

    /** One role per person on a target: replaces what they held there. */
    async setRoleOnTarget(userId: string, roleId: string, target: { id: string; type: TargetType }) {
      await db.transaction(async (tx) => {
        await repo.deleteOnTarget(tx, userId, target.id);
        await repo.insertAssignment(tx, { userId, roleId, targetType: target.type, targetId: target.id });
      });
    },
    removeFromTarget: (userId: string, targetId: string) => db.use((d) => repo.deleteOnTarget(d, userId, targetId)),
    removeAllOnTarget: (targetId: string) => db.use((d) => repo.deleteAllOnTarget(d, targetId)),

    async unassign(userId: string, roleId: string, targetId: string | null): Promise<void> {
      const removed = await db.use((d) => repo.deleteAssignment(d, { userId, roleId, targetId }));
      if (!removed) throw new AppError('NOT_FOUND', 'The user does not hold this role there');
    },
  };
}
export type RolesService = ReturnType<typeof createRolesService>;
