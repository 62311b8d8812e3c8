import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContributorInputSchema,
  ContributorsResponseSchema,
  ProjectCreateSchema,
  ProjectDetailSchema,
  ProjectInstitutionInputSchema,
  ProjectInstitutionsResponseSchema,
  ProjectMemberSchema,
  ProjectMembersResponseSchema,
  ProjectsQuerySchema,
  ProjectsResponseSchema,
  ProjectUpdateSchema,
  UpdateChangeSchema,
  UpdateDetailSchema,
  UpdatesResponseSchema,
  UpdateWriteSchema,
  MemberInputSchema,
} from '@observatory/shared';
import type { Actor } from '../../authz/authorize.js';
import { sendJsonPage } from '../../lib/pagination.js';
import { revisionRoutes } from '../documents/index.js';
import { signedIn } from '../../plugins/auth.js';
import { ConditionalHeadersSchema, preconditionOf, withETag } from '../../lib/versions.js';
import { projectFileRoutes } from './files/routes.js';

const key = z.string().min(1).max(200);
const ProjectParams = z.object({ id: key.describe('Project id or slug (a former slug works too)') });
const LinkParams = ProjectParams.extend({ cid: z.uuid().describe('The link id') });
const InstitutionLinkParams = ProjectParams.extend({ iid: z.uuid().describe('The link id') });
const UpdateParams = ProjectParams.extend({ uid: key.describe('Update id or slug') });
const MemberParams = ProjectParams.extend({ person: key.describe('Person id or slug') });

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { projects, dataTables, publications } = app.services;
  const tags = ['projects'];
  const write = { onRequest: signedIn };

  /** A project's page: its own detail, then what the data tables and publications modules hold of it, asked at once. */
  const page = async (actor: Actor | null, detail: Promise<Awaited<ReturnType<typeof projects.getProject>>>) => {
    const own = await detail;
    const [catalog, cited] = await Promise.all([dataTables.catalogOf(own.project.id), publications.listOfProject(actor, own.project.id)]);
    return { ...own, publications: cited, ...catalog };
  };
  /** The page with the project's version as its ETag. */
  const tagged = async (reply: FastifyReply, body: Promise<Awaited<ReturnType<typeof page>>>) => {
    const answer = await body;
    return withETag(reply, answer, answer.project.version);
  };
  /** An update with its version as the ETag. */
  const taggedUpdate = async (reply: FastifyReply, body: Promise<Awaited<ReturnType<typeof projects.getUpdate>>>) => {
    const answer = await body;
    return withETag(reply, answer, answer.update.version);
  };

  app.get(
    '/projects',
    {
      config: { answerCache: true },
      schema: {
        tags,
        summary: 'The project catalogue, 25 a page: search, filter, sort (members-only projects only for their members)',
        querystring: ProjectsQuerySchema,
        response: { 200: ProjectsResponseSchema },
      },
    },
    async (request, reply) => {
      return sendJsonPage(reply, 'projects', await projects.listProjects(request.actor, request.query));
    },
  );

  app.post(
    '/projects',
    {
      ...write,
      schema: {
        tags,
        summary: 'Create a project (createProjects); the creator becomes its owner',
        body: ProjectCreateSchema,
        response: { 201: ProjectDetailSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await tagged(reply, page(request.actor, projects.createProject(request.actor, request.body)))),
  );

  app.get(
    '/projects/:id',
    { schema: { tags, summary: 'A project with everything shown on its page', params: ProjectParams, response: { 200: ProjectDetailSchema } } },
    async (request, reply) => tagged(reply, page(request.actor, projects.getProject(request.actor, request.params.id))),
  );

  app.put(
    '/projects/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Change a project and its documentation (edit); a changed slug keeps the old one working',
        params: ProjectParams,
        headers: ConditionalHeadersSchema,
        body: ProjectUpdateSchema,
        response: { 200: ProjectDetailSchema },
      },
    },
    async (request, reply) =>
      tagged(reply, page(request.actor, projects.updateProject(request.actor, request.params.id, request.body, preconditionOf(request)))),
  );

  app.delete(
    '/projects/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete a project and everything in it (delete)',
        params: ProjectParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await projects.deleteProject(request.actor, request.params.id, preconditionOf(request));
      return reply.status(204).send();
    },
  );

  // Documentation revisions
  await app.register(
    revisionRoutes('/projects/:id', {
      tags,
      what: 'the documentation',
      params: ProjectParams,
      ownerFor: (actor, params) => projects.documentOf(actor, params.id),
      restore: (actor, params, doc) => page(actor, projects.updateProject(actor, params.id, { doc })),
      restored: ProjectDetailSchema,
    }),
  );

  // Contributors and institutions: PUT creates or replaces a link; a body of only {position} reorders.
  app.put(
    '/projects/:id/contributors/:cid',
    {
      ...write,
      schema: {
        tags,
        summary: 'Add or change a contributor, or move one (body: only position)',
        params: LinkParams,
        body: ContributorInputSchema,
        response: { 200: ContributorsResponseSchema },
      },
    },
    async (request) => projects.putContributor(request.actor, request.params.id, request.params.cid, request.body),
  );
  app.delete(
    '/projects/:id/contributors/:cid',
    { ...write, schema: { tags, summary: 'Remove a contributor', params: LinkParams, response: { 200: ContributorsResponseSchema } } },
    async (request) => projects.deleteContributor(request.actor, request.params.id, request.params.cid),
  );
  app.put(
    '/projects/:id/institutions/:iid',
    {
      ...write,
      schema: {
        tags,
        summary: 'Add or change a partner institution, or move one (body: only position)',
        params: InstitutionLinkParams,
        body: ProjectInstitutionInputSchema,
        response: { 200: ProjectInstitutionsResponseSchema },
      },
    },
    async (request) => projects.putInstitution(request.actor, request.params.id, request.params.iid, request.body),
  );
  app.delete(
    '/projects/:id/institutions/:iid',
    {
      ...write,
      schema: { tags, summary: 'Remove a partner institution', params: InstitutionLinkParams, response: { 200: ProjectInstitutionsResponseSchema } },
    },
    async (request) => projects.deleteInstitution(request.actor, request.params.id, request.params.iid),
  );

  // Updates
  app.get(
    '/projects/:id/updates',
    { schema: { tags, summary: 'Every update of a project, newest first', params: ProjectParams, response: { 200: UpdatesResponseSchema } } },
    async (request) => projects.listUpdates(request.actor, request.params.id),
  );
  app.post(
    '/projects/:id/updates',
    {
      ...write,
      schema: { tags, summary: 'Post an update (edit on the project)', params: ProjectParams, body: UpdateWriteSchema, response: { 201: UpdateDetailSchema } },
    },
    async (request, reply) => reply.status(201).send(await taggedUpdate(reply, projects.createUpdate(request.actor, request.params.id, request.body))),
  );
  app.get(
    '/projects/:id/updates/:uid',
    { schema: { tags, summary: 'An update with its text', params: UpdateParams, response: { 200: UpdateDetailSchema } } },
    async (request, reply) => taggedUpdate(reply, projects.getUpdate(request.actor, request.params.id, request.params.uid)),
  );
  app.put(
    '/projects/:id/updates/:uid',
    {
      ...write,
      schema: {
        tags,
        summary: 'Change an update and its text (edit on the project)',
        params: UpdateParams,
        headers: ConditionalHeadersSchema,
        body: UpdateChangeSchema,
        response: { 200: UpdateDetailSchema },
      },
    },
    async (request, reply) =>
      taggedUpdate(reply, projects.updateUpdate(request.actor, request.params.id, request.params.uid, request.body, preconditionOf(request))),
  );
  app.delete(
    '/projects/:id/updates/:uid',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete an update',
        params: UpdateParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await projects.deleteUpdate(request.actor, request.params.id, request.params.uid, preconditionOf(request));
      return reply.status(204).send();
    },
  );
  await app.register(
    revisionRoutes('/projects/:id/updates/:uid', {
      tags,
      what: 'the update’s text',
      params: UpdateParams,
      ownerFor: (actor, params) => projects.updateDocumentOf(actor, params.id, params.uid),
      restore: (actor, params, doc) => projects.updateUpdate(actor, params.id, params.uid, { doc }),
      restored: UpdateDetailSchema,
    }),
  );

  // Members: people holding a role on the project (owner, editor, contributor, viewer)
  app.get(
    '/projects/:id/members',
    { schema: { tags, summary: 'The project’s members and their roles, by name', params: ProjectParams, response: { 200: ProjectMembersResponseSchema } } },
    async (request) => projects.listMembers(request.actor, request.params.id),
  );
  app.put(
    '/projects/:id/members/:person',
    {
      ...write,
      schema: {
        tags,
        summary: 'Add a member or change their role (manageMembers); answers the member',
        params: MemberParams,
        body: MemberInputSchema,
        response: { 200: ProjectMemberSchema },
      },
    },
    async (request) => projects.putMember(request.actor, request.params.id, request.params.person, request.body.role),
  );
  app.delete(
    '/projects/:id/members/:person',
    {
      ...write,
      schema: {
        tags,
        summary: 'Remove a member (manageMembers; members may leave)',
        params: MemberParams,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await projects.deleteMember(request.actor, request.params.id, request.params.person);
      return reply.status(204).send();
    },
  );
  await app.register(projectFileRoutes);
};
