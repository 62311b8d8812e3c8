import type { TargetType, TeamMember } from '@observatory/shared';
import type { Actor } from '../../authz/authorize.js';
import type { Database, Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import type { PeopleService } from '../people/index.js';
import type { RolesService } from '../roles/index.js';
import type { UsersService } from '../users/index.js';

/** Roles a member holds on a team or project: one each. */
export const MEMBER_ROLE_SLUGS = ['owner', 'editor', 'contributor', 'viewer'];

/**
 * Members of a target (a team, a project): the people holding one of the member roles
 * on it. The caller authorises; this adds, re-roles and removes, and records it.
 */
export function createMembershipsService(deps: { db: Database; roles: RolesService; users: UsersService; people: PeopleService }) {
  const { db, roles, users, people } = deps;

  /** The member's account, found by person id or slug: roles belong to accounts. */
  async function accountOf(key: string) {
    const person = await db.use((d) => people.findPerson(d, key));
    if (!person) throw notFound('Person');
    const user = await users.findByPersonId(person.id);
    if (!user) throw new AppError('CONFLICT', `${person.name} has no account yet: invite them first`);
    return user;
  }

  const hasOwner = async (targetId: string) => (await roles.holdersOf(targetId)).some((m) => m.role.slug === 'owner');

  /**
   * Within a change's transaction: refuses (and so rolls back) a change that took the
   * target's last owner away. The target's assignments are locked first, so two owners
   * removed at once cannot each see the other still there.
   */
  async function keepAnOwner(d: Db, target: { id: string; type: TargetType }) {
    await roles.lockAssignments(d, target.id);
    const owned = await hasOwner(target.id);
    return async () => {
      if (owned && !(await hasOwner(target.id))) {
        throw new AppError('CONFLICT', `This is the only owner of this ${target.type}: make someone else an owner first`);
      }
    };
  }

  return {
    accountOf,

    /** Adds a member or changes their role; answers the member. */
    async putMember(actor: Actor | null, target: { id: string; type: TargetType }, memberKey: string, roleSlug: string): Promise<TeamMember> {
      if (!MEMBER_ROLE_SLUGS.includes(roleSlug)) throw invalidField('body.role', `Use one of ${MEMBER_ROLE_SLUGS.join(', ')}`);
      const role = await roles.findRole(roleSlug);
      const user = await accountOf(memberKey);
      await db.transaction(async (tx) => {
        const ownerKept = await keepAnOwner(tx, target);
        await roles.setRoleOnTarget(user.id, role.id, target);
        await ownerKept();
        await audit(tx, actor, `${target.type}.member.put`, { type: target.type, id: target.id }, { after: { userId: user.id, role: role.slug } });
      });
      return (await roles.holdersOf(target.id)).find((m) => m.username === user.username) as TeamMember;
    },

    async deleteMember(actor: Actor | null, target: { id: string; type: TargetType }, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const ownerKept = await keepAnOwner(tx, target);
        if (!(await roles.deleteFromTarget(userId, target.id))) throw new AppError('NOT_FOUND', `Not a member of this ${target.type}`);
        await ownerKept();
        await audit(tx, actor, `${target.type}.member.delete`, { type: target.type, id: target.id }, { before: { userId } });
      });
    },
  };
}
export type MembershipsService = ReturnType<typeof createMembershipsService>;
