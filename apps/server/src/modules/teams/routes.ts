import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MemberInputSchema,
  TeamChangeSchema,
  TeamDetailSchema,
  type TeamDetail,
  TeamInputSchema,
  TeamMemberSchema,
  TeamsResponseSchema,
} from '@observatory/shared';
import type { Actor } from '../../authz/policy.js';
import { signedIn } from '../../plugins/auth.js';
import { ConditionalHeadersSchema, preconditionOf, withETag } from '../../lib/versions.js';

const TeamParams = z.object({ id: z.string().min(1).max(100).describe('Team id or slug') });
const MemberParams = z.object({
  teamId: z.string().min(1).max(100).describe('Team id or slug'),
  memberIdOrSlug: z.string().min(1).max(100).describe('Person id or slug'),
});

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { teams, projects } = app.services;
  const tags = ['teams'];
  /** A team's detail with the projects it runs that the caller may see, and its version as the ETag. */
  const withProjects = async (reply: FastifyReply, actor: Actor | null, detail: Omit<TeamDetail, 'projects'>): Promise<TeamDetail> =>
    withETag(reply, { ...detail, projects: await projects.linkedTo(actor, { teamId: detail.team.id }) }, detail.team.version);

  app.get(
    '/teams',
    {
      schema: {
        tags,
        summary: 'Teams by name; mine=true: those the signed-in user belongs to',
        querystring: z.object({ mine: z.enum(['true', 'false']).optional() }),
        response: { 200: TeamsResponseSchema },
      },
    },
    async (request) => ({ teams: await teams.listTeams(request.actor, request.query.mine === 'true') }),
  );

  app.get(
    '/teams/:id',
    { schema: { tags, summary: 'A team with its members, sorted by name', params: TeamParams, response: { 200: TeamDetailSchema } } },
    async (request, reply) => withProjects(reply, request.actor, await teams.getTeam(request.actor, request.params.id)),
  );

  app.post(
    '/teams',
    { onRequest: signedIn, schema: { tags, summary: 'Create a team (manageTeams)', body: TeamInputSchema, response: { 201: TeamDetailSchema } } },
    async (request, reply) => reply.status(201).send(await withProjects(reply, request.actor, await teams.createTeam(request.actor, request.body))),
  );

  app.put(
    '/teams/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Change a team (manageTeams, or its owners and editors)',
        params: TeamParams,
        headers: ConditionalHeadersSchema,
        body: TeamChangeSchema,
        response: { 200: TeamDetailSchema },
      },
    },
    async (request, reply) =>
      withProjects(reply, request.actor, await teams.updateTeam(request.actor, request.params.id, request.body, preconditionOf(request))),
  );

  app.delete(
    '/teams/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Delete a team and its roles (manageTeams or its owners)',
        params: TeamParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await teams.deleteTeam(request.actor, request.params.id, preconditionOf(request));
      return reply.status(204).send();
    },
  );

  app.put(
    '/teams/:teamId/members/:memberIdOrSlug',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Add a member or change their role (manageMembers)',
        params: MemberParams,
        body: MemberInputSchema,
        response: { 200: TeamMemberSchema },
      },
    },
    async (request) => teams.putMember(request.actor, request.params.teamId, request.params.memberIdOrSlug, request.body.role),
  );

  app.delete(
    '/teams/:teamId/members/:memberIdOrSlug',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Remove a member (manageMembers; members may leave)',
        params: MemberParams,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await teams.deleteMember(request.actor, request.params.teamId, request.params.memberIdOrSlug);
      return reply.status(204).send();
    },
  );
};
