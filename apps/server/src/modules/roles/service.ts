import type { Role, RoleAssignment, TargetType } from '@observatory/shared';
import type { Database, Db } from '../../db/client.js';
import { authorize, type Actor, type Resource } from '../../authz/authorize.js';
import { findVisible } from '../../authz/lookup.js';
import { visibleTo } from '../../authz/visibility.js';
import { BUILTIN_ROLES } from '../../db/seed/roles.js';
import { audit } from '../../lib/audit.js';
import { AppError, invalidField, notFound, taken } from '../../lib/errors.js';
import { slugify } from '../../lib/slugs.js';
import * as repo from './repo.js';

const toRole = (row: repo.RoleRow): Role => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  permissions: row.permissions,
});

const BUILTIN = new Set(BUILTIN_ROLES.map((r) => r.slug));

export function createRolesService(deps: { db: Database }) {
  const { db } = deps;
  async function loadRole(slug: string) {
    const row = await db.use((d) => repo.findRoleBySlug(d, slug));
    if (!row) throw notFound('Role');
    return row;
  }

  return {
    async getRole(actor: Actor | null, slug: string) {
      authorize(actor, 'accessAdmin');
      const row = await loadRole(slug);
      return { role: toRole(row), holders: await db.use((d) => repo.countHolders(d, row.id)), builtin: BUILTIN.has(row.slug) };
    },

    async createRole(actor: Actor | null, input: { name: string; slug?: string | undefined; permissions: string[] }) {
      authorize(actor, 'manageRoles');
      const slug = input.slug ?? slugify(input.name);
      if (!slug) throw invalidField('body.name', 'Give a name with letters or digits');
      return db.transaction(async (tx) => {
        if (await repo.findRoleBySlug(tx, slug)) {
          throw taken('body.slug', 'A role with this address exists');
        }
        const row = await repo.insertRole(tx, { name: input.name, slug, permissions: [...new Set(input.permissions)] });
        await audit(tx, actor, 'role.create', { type: 'role', id: row.id }, { after: row });
        return toRole(row);
      });
    },

    async updateRole(actor: Actor | null, slug: string, input: { name?: string | undefined; permissions?: string[] | undefined }) {
      authorize(actor, 'manageRoles');
      const before = await loadRole(slug);
      return db.transaction(async (tx) => {
        const row = await repo.updateRole(tx, before.id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.permissions !== undefined ? { permissions: [...new Set(input.permissions)] } : {}),
        });
        await audit(tx, actor, 'role.update', { type: 'role', id: row.id }, { before, after: row });
        return toRole(row);
      });
    },

    /** Only a role nobody holds, and never a built-in one (they come back at every start). */
    async deleteRole(actor: Actor | null, slug: string) {
      authorize(actor, 'manageRoles');
      const row = await loadRole(slug);
      if (BUILTIN.has(row.slug)) throw new AppError('CONFLICT', 'Built-in roles cannot be deleted');
      await db.transaction(async (tx) => {
        const holders = await repo.countHolders(tx, row.id);
        if (holders > 0) throw new AppError('CONFLICT', `${holders} assignment${holders === 1 ? '' : 's'} still use this role: remove them first`);
        await repo.deleteRole(tx, row.id);
        await audit(tx, actor, 'role.delete', { type: 'role', id: row.id }, { before: row });
      });
    },

    async listRoles(): Promise<Role[]> {
      return (await db.use(repo.listRoles)).map(toRole);
    },

    /** Raw assignments, for building an actor. */
    rawAssignmentsOf(userId: string) {
      return db.use((d) => repo.assignmentsOfUser(d, userId));
    },

    /** A user's roles as the reader may see them: a role on a project the reader may not see is left out. */
    async assignmentsOf(reader: Actor | null, userId: string): Promise<RoleAssignment[]> {
      return db.use(async (d) => {
        const rows = await repo.assignmentsOfUser(d, userId);
        const targets = await repo.findTargets(
          d,
          rows.flatMap((r) => (r.targetId ? [r.targetId] : [])),
          visibleTo(reader, 'project'),
        );
        const byId = new Map(targets.map((t) => [t.id, t]));
        return rows.flatMap((r): RoleAssignment[] => {
          if (!r.targetId) return [{ role: toRole(r.role), target: null }];
          const target = byId.get(r.targetId);
          return target ? [{ role: toRole(r.role), target }] : [];
        });
      });
    },

    async findRole(slug: string): Promise<Role> {
      const row = await db.use((d) => repo.findRoleBySlug(d, slug));
      if (!row) throw notFound('Role');
      return toRole(row);
    },

    /** A project or team named as a role's target: one the actor may not see is one that does not exist. */
    async findTarget(actor: Actor | null, key: string): Promise<{ id: string; type: TargetType; resource: Resource }> {
      const found = await db.use(async (d) => (await findVisible(d, actor, 'project', key)) ?? (await findVisible(d, actor, 'team', key)));
      if (!found) throw new AppError('NOT_FOUND', 'Target not found: give a project or team id, or "global"');
      return { id: found.id, type: found.resource.type as TargetType, resource: found.resource };
    },

    /** Adding a role already held changes nothing. */
    assign(userId: string, roleId: string, target: { id: string; type: TargetType } | null) {
      return db.use((d) => repo.insertAssignment(d, { userId, roleId, targetType: target?.type ?? null, targetId: target?.id ?? null }));
    },

    /** Members of a target: the people holding a role on it, sorted by name. */
    holdersOf: (targetId: string) => db.use((d) => repo.holdersOf(d, targetId)),
    /** Within a transaction: the target's assignments, locked until it ends (memberships keep an owner with it). */
    lockAssignments: (d: Db, targetId: string) => repo.lockAssignments(d, targetId),

    /** One role per person on a target: replaces what they held there. */
    async setRoleOnTarget(userId: string, roleId: string, target: { id: string; type: TargetType }) {
      await db.transaction(async (tx) => {
        await repo.deleteOnTarget(tx, userId, target.id);
        await repo.insertAssignment(tx, { userId, roleId, targetType: target.type, targetId: target.id });
      });
    },
    deleteFromTarget: (userId: string, targetId: string) => db.use((d) => repo.deleteOnTarget(d, userId, targetId)),
    deleteAllOnTarget: (targetId: string) => db.use((d) => repo.deleteAllOnTarget(d, targetId)),

    async unassign(userId: string, roleId: string, targetId: string | null): Promise<void> {
      const removed = await db.use((d) => repo.deleteAssignment(d, { userId, roleId, targetId }));
      if (!removed) throw new AppError('NOT_FOUND', 'The user does not hold this role there');
    },
  };
}
export type RolesService = ReturnType<typeof createRolesService>;
