import {
  documentText,
  type Contributor,
  type LinkedProject,
  type ProjectCreateSchema,
  type ProjectInstitution,
  type ProjectUpdate,
  type ProjectUpdateSchema,
  type ProjectsQuerySchema,
  type ProseMirrorDoc,
  type UpdateChangeSchema,
  type UpdateWriteSchema,
  PAGE_SIZES,
} from '@observatory/shared';
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import { authorize, can, permissionsFor, type Actor, type Resource } from '../../authz/authorize.js';
import { findByKey, findVisible, load as loadKind, NO_ROW, resourceOf } from '../../authz/lookup.js';
import { visibleTo } from '../../authz/visibility.js';
import type { Database, Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { checkVersion, type Precondition } from '../../lib/versions.js';
import { invalidField, notFound, taken } from '../../lib/errors.js';
import type { OrderedLinks } from '../../lib/ordered-links.js';
import { pageOf } from '../../lib/pagination.js';
import { chooseSlug } from '../../lib/slugs.js';
import { imageRef, type AssetsService } from '../assets/index.js';
import type { DocumentOwner, DocumentsService } from '../documents/index.js';
import type { MembershipsService } from '../memberships/index.js';
import type { RolesService } from '../roles/index.js';
import { assetIdsOfProject } from './files/repo.js';
import * as repo from './repo.js';

/** A project row as the policy sees it (the registry's project). */
export const projectResource = (row: repo.ShownProject): Resource => resourceOf('project', row);

/** The id of a public thing a filter or a body names (a team, a person, an institution), or null. */
const idOf = async (d: Db, kind: 'team' | 'person' | 'institution', key: string) => (await findByKey(d, kind, key))?.id ?? null;

const toProject = (row: repo.ListedProject, team: { id: string; slug: string; name: string } | null) => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  status: row.status as 'planned' | 'active' | 'completed',
  visibility: row.visibility as 'public' | 'signed-in' | 'members',
  startDate: row.startDate,
  endDate: row.endDate,
  archived: row.archived,
  team,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

type UpdateJoin = { update: repo.UpdateRow; author: { id: string; slug: string; name: string } | null };
const toUpdate = ({ update, author }: UpdateJoin): ProjectUpdate => ({
  id: update.id,
  slug: update.slug,
  title: update.title,
  publishedAt: update.publishedAt.toISOString(),
  author,
  version: update.version,
  updatedAt: update.updatedAt.toISOString(),
});

const searchTextOf = (row: { title: string; summary: string | null }, doc: ProseMirrorDoc | null | undefined) =>
  [row.title, row.summary ?? '', documentText(doc)].join('\n');

type LinkInput<T extends string, D extends string> =
  { position: number } | ({ [k in T]: string } & { [k in D]?: string | null | undefined } & { position?: number | undefined });

/** An ordered link of a project (contributors, institutions): the parts that differ. */
interface LinkKind<K extends 'contributors' | 'institutions'> {
  list: K;
  audit: string;
  field: string;
  what: string;
  unknown: string;
  taken: string;
  resolve: (d: Db, key: string) => Promise<string | null>;
  find: (d: Db, projectId: string, id: string) => Promise<{ id: string; position: number } | null>;
  linkTo: (d: Db, projectId: string, targetId: string) => Promise<{ id: string } | null>;
  links: OrderedLinks;
  upsert: (d: Db, v: { id: string; projectId: string; targetId: string; detail: string | null; position: number }) => Promise<void>;
  all: (d: Db, projectId: string) => Promise<K extends 'contributors' ? Contributor[] : ProjectInstitution[]>;
}

export function createProjectsService(deps: {
  db: Database;
  roles: RolesService;
  memberships: MembershipsService;
  assets: AssetsService;
  documents: DocumentsService;
}) {
  const { db, roles, memberships, assets, documents } = deps;

  /** The project as the actor may see it: 404 when it may not. */
  async function load(actor: Actor | null, key: string): Promise<repo.ProjectRow> {
    return db.use(async (d) => (await repo.findProject(d, (await loadKind(d, actor, 'project', key)).id))!);
  }

  async function loadFor(actor: Actor | null, key: string, action: 'edit' | 'delete' | 'manageMembers') {
    const row = await load(actor, key);
    authorize(actor, action, projectResource(row), 'Project');
    return row;
  }

  const slugFor = (d: Db, input: { slug?: string | undefined; title: string }, exceptId?: string) =>
    chooseSlug({ slug: input.slug, name: input.title }, (base) => repo.slugsLike(d, base, exceptId), 'project');

  async function teamIdOf(d: Db, teamId: string | null | undefined) {
    if (!teamId) return teamId;
    if (!(await idOf(d, 'team', teamId))) throw invalidField('body.project.teamId', 'No such team');
    return teamId;
  }

  const saveRevision = (d: Db, actor: Actor | null, type: 'project' | 'update', id: string, doc: ProseMirrorDoc | null) =>
    documents.saveRevision(d, actor, { type, id }, doc);

  /** The project's detail in one statement: the row the key names and everything shown with it; 404 when the actor may not see it. */
  async function detail(actor: Actor | null, key: string) {
    const found = await db.use((d) => repo.findProjectDetail(d, key));
    if (!found || !can(actor, 'view', projectResource(found.project))) throw notFound('Project');
    const { project: row, team, contributors, institutions, updates, files } = found;
    return {
      project: toProject(row, team),
      permissions: permissionsFor(actor, projectResource(row)),
      doc: row.doc ?? null,
      contributors: contributors.map(toContributor),
      institutions: institutions.map(toInstitutionLink),
      updates,
      files,
    };
  }

  const toContributor = (c: Awaited<ReturnType<typeof repo.contributorsOf>>[number]): Contributor => ({
    id: c.id,
    title: c.title,
    position: c.position,
    person: { id: c.person.id, slug: c.person.slug, name: c.person.name, photo: imageRef(c.person.photoId) },
  });
  const toInstitutionLink = (i: Awaited<ReturnType<typeof repo.institutionLinksOf>>[number]): ProjectInstitution => ({
    id: i.id,
    role: i.role,
    position: i.position,
    institution: { id: i.institution.id, slug: i.institution.slug, name: i.institution.name, logo: imageRef(i.institution.logoId) },
  });

  /**
   * Creates or replaces a link (a body with the target), or only moves it (a body of only
   * position); positions are renumbered 0..n-1 in the same transaction. Answers the list.
   */
  async function putLink<K extends 'contributors' | 'institutions'>(
    kind: LinkKind<K>,
    actor: Actor | null,
    key: string,
    linkId: string,
    input: { position: number } | { target: string; detail?: string | null | undefined; position?: number | undefined },
  ) {
    const project = await loadFor(actor, key, 'edit');
    await db.transaction(async (tx) => {
      const existing = await kind.find(tx, project.id, linkId);
      if (!('target' in input)) {
        if (!existing || !(await kind.links.move(tx, project.id, linkId, input.position))) throw notFound(kind.what);
      } else {
        const targetId = await kind.resolve(tx, input.target);
        if (!targetId) throw invalidField(`body.${kind.field}`, kind.unknown);
        const other = await kind.linkTo(tx, project.id, targetId);
        if (other && other.id !== linkId) throw taken(`body.${kind.field}`, kind.taken);
        const write = (position: number) => kind.upsert(tx, { id: linkId, projectId: project.id, targetId, detail: input.detail ?? null, position });
        await kind.links.put(tx, project.id, linkId, write, input.position);
      }
      await repo.touchProject(tx, project.id, actor);
      await audit(tx, actor, `project.${kind.audit}.put`, { type: 'project', id: project.id }, { before: existing, after: { id: linkId, ...input } });
    });
    return { [kind.list]: await db.use((d) => kind.all(d, project.id)) } as Record<K, Awaited<ReturnType<LinkKind<K>['all']>>>;
  }

  async function removeLink<K extends 'contributors' | 'institutions'>(kind: LinkKind<K>, actor: Actor | null, key: string, linkId: string) {
    const project = await loadFor(actor, key, 'edit');
    await db.transaction(async (tx) => {
      const existing = await kind.find(tx, project.id, linkId);
      if (!existing || !(await kind.links.remove(tx, project.id, linkId))) throw notFound(kind.what);
      await repo.touchProject(tx, project.id, actor);
      await audit(tx, actor, `project.${kind.audit}.delete`, { type: 'project', id: project.id }, { before: existing });
    });
    return { [kind.list]: await db.use((d) => kind.all(d, project.id)) } as Record<K, Awaited<ReturnType<LinkKind<K>['all']>>>;
  }

  const CONTRIBUTORS: LinkKind<'contributors'> = {
    list: 'contributors',
    audit: 'contributor',
    field: 'personId',
    what: 'Contributor',
    unknown: 'No such person',
    taken: 'This person is already a contributor',
    resolve: (d, key) => idOf(d, 'person', key),
    find: repo.findContributor,
    linkTo: repo.contributorOfPerson,
    links: repo.contributorLinks,
    upsert: (d, v) => repo.upsertContributor(d, { id: v.id, projectId: v.projectId, personId: v.targetId, title: v.detail, position: v.position }),
    all: async (d, projectId) => (await repo.contributorsOf(d, projectId)).map(toContributor),
  };

  const INSTITUTIONS: LinkKind<'institutions'> = {
    list: 'institutions',
    audit: 'institution',
    field: 'institutionId',
    what: 'Institution link',
    unknown: 'No such institution',
    taken: 'This institution is already linked',
    resolve: (d, key) => idOf(d, 'institution', key),
    find: repo.findInstitutionLink,
    linkTo: repo.linkOfInstitution,
    links: repo.institutionLinks,
    upsert: (d, v) => repo.upsertInstitutionLink(d, { id: v.id, projectId: v.projectId, institutionId: v.targetId, role: v.detail, position: v.position }),
    all: async (d, projectId) => (await repo.institutionLinksOf(d, projectId)).map(toInstitutionLink),
  };

  return {
    async listProjects(actor: Actor | null, query: z.output<typeof ProjectsQuerySchema>) {
      const page = pageOf(query.p, PAGE_SIZES.projects);
      return db.use(async (d) => {
        const filters: repo.ProjectFilters = {
          q: query.q || undefined,
          status: query.status,
          sort: query.sort,
          mine: query.mine === 'true' ? { memberOf: actor ? [...actor.onTargets.keys()] : [], personId: actor?.personId ?? null } : undefined,
          archived: query.archived === 'true',
          teamId: query.team ? ((await findVisible(d, actor, 'team', query.team))?.id ?? NO_ROW) : undefined,
          institutionId: query.institution ? ((await findVisible(d, actor, 'institution', query.institution))?.id ?? NO_ROW) : undefined,
          personId: query.person ? ((await findVisible(d, actor, 'person', query.person))?.id ?? NO_ROW) : undefined,
        };
        return { ...(await repo.listProjectsJson(d, db.counts, filters, visibleTo(actor, 'project'), page)), page };
      });
    },

    /** The projects of a person, a partner or a team that the actor may see: their pages list them. */
    async linkedTo(actor: Actor | null, link: repo.ProjectLink): Promise<LinkedProject[]> {
      return (await db.use((d) => repo.linkedProjects(d, link, visibleTo(actor, 'project')))) as LinkedProject[];
    },

    async getProject(actor: Actor | null, key: string) {
      return detail(actor, key);
    },

    /** Holders of createProjects (or manageProjects) create; the creator becomes the owner. */
    async createProject(actor: Actor | null, input: z.output<typeof ProjectCreateSchema>) {
      if (!can(actor, 'createProjects') && !can(actor, 'manageProjects')) authorize(actor, 'createProjects');
      const { project, doc = null } = input;
      const owner = await roles.findRole('owner');
      const row = await db.transaction(async (tx) => {
        const created = await repo.insertProject(tx, {
          title: project.title,
          slug: await slugFor(tx, project),
          summary: project.summary ?? null,
          status: project.status ?? 'active',
          visibility: project.visibility ?? 'public',
          startDate: project.startDate ?? null,
          endDate: project.endDate ?? null,
          archived: project.archived ?? false,
          teamId: (await teamIdOf(tx, project.teamId)) ?? null,
          doc,
          searchText: searchTextOf({ title: project.title, summary: project.summary ?? null }, doc),
        });
        if (doc) await saveRevision(tx, actor, 'project', created.id, doc);
        await roles.setRoleOnTarget(actor!.userId, owner.id, { id: created.id, type: 'project' });
        await audit(tx, actor, 'project.create', { type: 'project', id: created.id }, { after: { ...created, doc: undefined } });
        return created;
      });
      // The new role is not in this request's actor yet: answer as its owner would see it.
      return detail(
        { ...actor!, onTargets: new Map([...actor!.onTargets, [row.id, new Set(['view', 'edit', 'delete', 'comment', 'manageMembers', 'upload'] as const)]]) },
        row.id,
      );
    },

    async updateProject(actor: Actor | null, key: string, input: z.output<typeof ProjectUpdateSchema>, precondition: Precondition = {}) {
      const before = await loadFor(actor, key, 'edit');
      const fields = input.project ?? {};
      const row = await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.projectVersion(before.id), precondition);
        const slug =
          fields.slug !== undefined && fields.slug !== before.slug ? await slugFor(tx, { slug: fields.slug, title: before.title }, before.id) : undefined;
        if (slug) await repo.moveSlug(tx, before.id, before.slug, slug);
        const docChanged = input.doc !== undefined && !isDeepStrictEqual(input.doc, before.doc);
        const doc = input.doc !== undefined ? input.doc : before.doc;
        const title = fields.title ?? before.title;
        const summary = fields.summary !== undefined ? fields.summary : before.summary;
        const updated = await repo.updateProject(tx, actor, before.id, {
          title,
          summary,
          ...(slug ? { slug } : {}),
          ...(fields.status !== undefined ? { status: fields.status } : {}),
          ...(fields.visibility !== undefined ? { visibility: fields.visibility } : {}),
          ...(fields.startDate !== undefined ? { startDate: fields.startDate } : {}),
          ...(fields.endDate !== undefined ? { endDate: fields.endDate } : {}),
          ...(fields.archived !== undefined ? { archived: fields.archived } : {}),
          ...(fields.teamId !== undefined ? { teamId: await teamIdOf(tx, fields.teamId) } : {}),
          ...(docChanged ? { doc } : {}),
          searchText: searchTextOf({ title, summary }, doc),
        });
        if ((updated.startDate ?? '') && (updated.endDate ?? '') && updated.startDate! > updated.endDate!) {
          throw invalidField('body.project.endDate', 'The end comes before the start');
        }
        if (docChanged) await saveRevision(tx, actor, 'project', before.id, doc ?? null);
        await audit(
          tx,
          actor,
          'project.update',
          { type: 'project', id: before.id },
          { before: { ...before, doc: undefined, searchText: undefined }, after: { ...updated, doc: undefined, searchText: undefined } },
        );
        return updated;
      });
      return detail(actor, row.id);
    },

    async deleteProject(actor: Actor | null, key: string, precondition: Precondition = {}) {
      const row = await loadFor(actor, key, 'delete');
      const files = await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.projectVersion(row.id), precondition);
        // Its files' versions go with the project; their assets (and after the commit their bytes) here.
        const assetIds = await assetIdsOfProject(tx, row.id);
        await roles.deleteAllOnTarget(row.id);
        await repo.deleteProject(tx, row.id);
        await documents.deleteRevisions(tx, { type: 'project', id: row.id });
        const removed: string[] = [];
        for (const id of assetIds) removed.push(...(await assets.deleteAssetIn(tx, id)));
        await audit(tx, actor, 'project.delete', { type: 'project', id: row.id }, { before: { ...row, doc: undefined, searchText: undefined } });
        return removed;
      });
      await assets.deleteFiles(files);
      return row;
    },

    // The histories of the documentation and of an update's text: their owners, for whoever may edit them

    async documentOf(actor: Actor | null, key: string): Promise<DocumentOwner> {
      return { type: 'project', id: (await loadFor(actor, key, 'edit')).id };
    },

    async updateDocumentOf(actor: Actor | null, key: string, updateKey: string): Promise<DocumentOwner> {
      const project = await loadFor(actor, key, 'edit');
      return { type: 'update', id: (await this.findUpdateRow(project.id, updateKey)).update.id };
    },

    // Contributors and institutions

    putContributor: (actor: Actor | null, key: string, linkId: string, input: LinkInput<'personId', 'title'>) =>
      putLink(CONTRIBUTORS, actor, key, linkId, 'personId' in input ? { target: input.personId, detail: input.title, position: input.position } : input),
    deleteContributor: (actor: Actor | null, key: string, linkId: string) => removeLink(CONTRIBUTORS, actor, key, linkId),
    putInstitution: (actor: Actor | null, key: string, linkId: string, input: LinkInput<'institutionId', 'role'>) =>
      putLink(
        INSTITUTIONS,
        actor,
        key,
        linkId,
        'institutionId' in input ? { target: input.institutionId, detail: input.role, position: input.position } : input,
      ),
    deleteInstitution: (actor: Actor | null, key: string, linkId: string) => removeLink(INSTITUTIONS, actor, key, linkId),

    // Updates (news)

    async findUpdateRow(projectId: string, key: string) {
      const row = await db.use(async (d) => {
        const found = await findByKey(d, 'update', key, projectId);
        return found && repo.findUpdate(d, found.id);
      });
      if (!row) throw notFound('Update');
      return row;
    },

    async listUpdates(actor: Actor | null, key: string) {
      const project = await load(actor, key);
      return { updates: (await db.use((d) => repo.updatesOf(d, project.id))).map(toUpdate) };
    },

    /** An update in one statement, with its project: 404 for a project the actor may not see, as for one that is not there. */
    async getUpdate(actor: Actor | null, key: string, updateKey: string) {
      const found = await db.use((d) => repo.findProjectUpdate(d, key, updateKey));
      if (!found || !can(actor, 'view', projectResource(found.project))) throw notFound('Project');
      const { project, update, author } = found;
      if (!update) throw notFound('Update');
      return { update: toUpdate({ update, author }), doc: update.doc ?? null, permissions: permissionsFor(actor, projectResource(project)) };
    },

    async createUpdate(actor: Actor | null, key: string, input: z.output<typeof UpdateWriteSchema>) {
      const project = await loadFor(actor, key, 'edit');
      const doc = input.doc ?? null;
      const id = await db.transaction(async (tx) => {
        const slug = await chooseSlug({ slug: input.update.slug, name: input.update.title }, (base) => repo.updateSlugsLike(tx, project.id, base), 'update');
        const row = await repo.insertUpdate(tx, {
          projectId: project.id,
          slug,
          title: input.update.title,
          doc,
          publishedAt: input.update.publishedAt ? new Date(input.update.publishedAt) : new Date(),
          authorId: actor!.personId,
        });
        if (doc) await saveRevision(tx, actor, 'update', row.id, doc);
        await audit(tx, actor, 'project.update.create', { type: 'project', id: project.id }, { after: { id: row.id, title: row.title } });
        return row.id;
      });
      return this.getUpdate(actor, project.id, id);
    },

    async updateUpdate(actor: Actor | null, key: string, updateKey: string, input: z.output<typeof UpdateChangeSchema>, precondition: Precondition = {}) {
      const project = await loadFor(actor, key, 'edit');
      const before = await this.findUpdateRow(project.id, updateKey);
      await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.updateVersion(before.update.id), precondition);
        const fields = input.update ?? {};
        const slug =
          fields.slug !== undefined && fields.slug !== before.update.slug
            ? await chooseSlug(
                { slug: fields.slug, name: before.update.title },
                (base) => repo.updateSlugsLike(tx, project.id, base, before.update.id),
                'update',
              )
            : undefined;
        const docChanged = input.doc !== undefined && !isDeepStrictEqual(input.doc, before.update.doc);
        await repo.changeUpdate(tx, actor, before.update.id, {
          ...(fields.title !== undefined ? { title: fields.title } : {}),
          ...(slug ? { slug } : {}),
          ...(fields.publishedAt !== undefined ? { publishedAt: new Date(fields.publishedAt) } : {}),
          ...(docChanged ? { doc: input.doc ?? null } : {}),
        });
        if (docChanged) await saveRevision(tx, actor, 'update', before.update.id, input.doc ?? null);
        await audit(
          tx,
          actor,
          'project.update.change',
          { type: 'project', id: project.id },
          { before: { id: before.update.id, title: before.update.title }, after: fields },
        );
      });
      return this.getUpdate(actor, project.id, before.update.id);
    },

    async deleteUpdate(actor: Actor | null, key: string, updateKey: string, precondition: Precondition = {}) {
      const project = await loadFor(actor, key, 'edit');
      const row = await this.findUpdateRow(project.id, updateKey);
      await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.updateVersion(row.update.id), precondition);
        await repo.deleteUpdate(tx, row.update.id);
        await documents.deleteRevisions(tx, { type: 'update', id: row.update.id });
        await audit(tx, actor, 'project.update.delete', { type: 'project', id: project.id }, { before: { id: row.update.id, title: row.update.title } });
      });
    },

    // Members: the people holding a role on the project

    async listMembers(actor: Actor | null, key: string) {
      const project = await load(actor, key);
      return { members: await roles.holdersOf(project.id), permissions: permissionsFor(actor, projectResource(project)) };
    },

    async putMember(actor: Actor | null, key: string, memberKey: string, roleSlug: string) {
      const project = await loadFor(actor, key, 'manageMembers');
      return memberships.putMember(actor, { id: project.id, type: 'project' }, memberKey, roleSlug);
    },

    /** Members may leave a project themselves. */
    async deleteMember(actor: Actor | null, key: string, memberKey: string) {
      const project = await load(actor, key);
      const user = await memberships.accountOf(memberKey);
      if (actor?.userId !== user.id) authorize(actor, 'manageMembers', projectResource(project), 'Project');
      await memberships.deleteMember(actor, { id: project.id, type: 'project' }, user.id);
    },

    loadProject: load,
    loadProjectFor: loadFor,
  };
}
export type ProjectsService = ReturnType<typeof createProjectsService>;
