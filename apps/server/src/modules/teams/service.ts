import type { Team, TeamInputSchema, TeamMember } from '@observatory/shared';
import type { z } from 'zod';
import { authorize, can, permissionsFor, type Actor, type Resource } from '../../authz/authorize.js';
import { resourceOf } from '../../authz/lookup.js';
import type { Database, Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { chooseSlug } from '../../lib/slugs.js';
import { checkVersion, type Precondition } from '../../lib/versions.js';
import type { MembershipsService } from '../memberships/index.js';
import type { RolesService } from '../roles/index.js';
import * as repo from './repo.js';

type TeamInput = z.output<typeof TeamInputSchema>;

/** Teams are public; their roles decide who edits and who manages members (the registry's team). */
export const teamResource = (row: { id: string }): Resource => resourceOf('team', row);

const toTeam = (row: repo.TeamRow): Team => ({ id: row.id, slug: row.slug, name: row.name, description: row.description, version: row.version });

export function createTeamsService(deps: { db: Database; roles: RolesService; memberships: MembershipsService }) {
  const { db, roles, memberships } = deps;

  async function load(key: string): Promise<repo.TeamRow> {
    const row = await db.use((d) => repo.findTeam(d, key));
    if (!row) throw notFound('Team');
    return row;
  }

  const slugFor = (d: Db, input: { slug?: string | undefined; name: string }, exceptId?: string) =>
    chooseSlug(input, (base) => repo.slugsLike(d, base, exceptId), 'team');

  async function detail(actor: Actor | null, row: repo.TeamRow) {
    return { team: toTeam(row), permissions: permissionsFor(actor, teamResource(row)), members: (await roles.holdersOf(row.id)) as TeamMember[] };
  }

  return {
    /** Every team, or (mine) the teams the actor holds a role on. */
    async listTeams(actor: Actor | null, mine: boolean) {
      const ids = mine ? [...(actor?.onTargets.keys() ?? [])] : undefined;
      return (await db.use((d) => repo.listTeams(d, ids))).map(toTeam);
    },

    async getTeam(actor: Actor | null, key: string) {
      return detail(actor, await load(key));
    },

    async createTeam(actor: Actor | null, input: TeamInput) {
      authorize(actor, 'manageTeams');
      const row = await db.transaction(async (tx) => {
        const created = await repo.insertTeam(tx, { name: input.name, slug: await slugFor(tx, input), description: input.description ?? null });
        await audit(tx, actor, 'team.create', { type: 'team', id: created.id }, { after: created });
        return created;
      });
      return detail(actor, row);
    },

    async updateTeam(actor: Actor | null, key: string, input: Partial<TeamInput>, precondition: Precondition = {}) {
      const before = await load(key);
      authorize(actor, 'edit', teamResource(before), 'Team');
      const row = await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.teamVersion(before.id), precondition);
        const slug = input.slug !== undefined && input.slug !== before.slug ? await slugFor(tx, { slug: input.slug, name: before.name }, before.id) : undefined;
        const updated = await repo.updateTeam(tx, actor, before.id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(slug ? { slug } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
        });
        await audit(tx, actor, 'team.update', { type: 'team', id: updated.id }, { before, after: updated });
        return updated;
      });
      return detail(actor, row);
    },

    async deleteTeam(actor: Actor | null, key: string, precondition: Precondition = {}) {
      const row = await load(key);
      authorize(actor, 'delete', teamResource(row), 'Team');
      await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.teamVersion(row.id), precondition);
        await roles.deleteAllOnTarget(row.id);
        await repo.deleteTeam(tx, row.id);
        await audit(tx, actor, 'team.delete', { type: 'team', id: row.id }, { before: row });
      });
    },

    /** Adds a member or changes their role (one role per member); answers the member. */
    async putMember(actor: Actor | null, teamKey: string, memberKey: string, roleSlug: string): Promise<TeamMember> {
      const team = await load(teamKey);
      authorize(actor, 'manageMembers', teamResource(team), 'Team');
      return memberships.putMember(actor, { id: team.id, type: 'team' }, memberKey, roleSlug);
    },

    async deleteMember(actor: Actor | null, teamKey: string, memberKey: string): Promise<void> {
      const team = await load(teamKey);
      const user = await memberships.accountOf(memberKey);
      // Members may leave a team themselves.
      if (actor?.userId !== user.id) authorize(actor, 'manageMembers', teamResource(team), 'Team');
      await memberships.deleteMember(actor, { id: team.id, type: 'team' }, user.id);
    },

    canManage: (actor: Actor | null, team: Team) => can(actor, 'manageMembers', teamResource(team)),
  };
}
