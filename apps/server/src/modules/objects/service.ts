import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import type { GeoJson, GeoObject, GeoObjectCreateSchema, GeoObjectsQuerySchema } from '@observatory/shared';
import { authorize, can, permissionsFor, type Actor, type Resource } from '../../authz/authorize';
import type { Database, Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError, invalidField, notFound } from '../../lib/errors';
import { validateGeometry } from '../../lib/geometry';
import type { MetadataValidator } from '../../lib/metadata';
import { pageOf } from '../../lib/pagination';
import { findRevision, insertRevision, revisionsOf } from '../projects/repo';
import * as repo from './repo';

/** A page of the object catalogue when no limit is asked for. */
const DEFAULT_LIMIT = 25;

/** Members of an object are the members of its projects. */
export const objectResource = (row: { id: string; visibility: string }, projectIds: string[]): Resource => ({
  type: 'object',
  id: row.id,
  visibility: row.visibility as Resource['visibility'],
  targetIds: projectIds,
});

export const viewerOf = (actor: Actor | null): repo.Viewer => ({
  signedIn: !!actor,
  manager: !!actor && (actor.super || actor.global.has('manageProjects')),
  memberOf: actor ? [...actor.onTargets.keys()] : [],
});

type Input = z.output<typeof GeoObjectCreateSchema>;

export function createObjectsService(deps: { db: Database; metadata: MetadataValidator }) {
  const { db, metadata } = deps;

  /** The object as the actor may see it: 404 when it may not. */
  async function load(actor: Actor | null, key: string) {
    const row = await db.use((d) => repo.findObject(d, key));
    if (!row) throw notFound('Object');
    const projects = await db.use((d) => repo.projectsOf(d, [row.id]));
    const resource = objectResource(row, projects.map((p) => p.id));
    if (!can(actor, 'view', resource)) throw notFound('Object');
    return { row, resource };
  }

  const projectResource = (p: { id: string; visibility: string }): Resource => ({ type: 'project', id: p.id, visibility: p.visibility as Resource['visibility'], targetIds: [p.id] });

  /** The id of the object if the actor may see it, else null. */
  async function visibleId(actor: Actor | null, key: string): Promise<string | null> {
    try {
      return (await load(actor, key)).row.id;
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }

  /** Objects with their types, projects, parent and who changed them last, as answered. */
  async function present(d: Db, actor: Actor | null, rows: repo.ObjectRow[]): Promise<(Omit<GeoObject, 'geo' | 'people' | 'institutions'> & { geo?: GeoJson | null })[]> {
    const ids = rows.map((r) => r.id);
    const [types, projects, parents] = [await repo.typesOf(d, ids), await repo.projectsOf(d, ids), await repo.namesOf(d, rows.flatMap((r) => (r.parentId ? [r.parentId] : [])))];
    const people = new Map<string, Awaited<ReturnType<typeof repo.personRef>>>();
    for (const id of new Set(rows.flatMap((r) => (r.updatedById ? [r.updatedById] : [])))) people.set(id, await repo.personRef(d, id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      title: r.title,
      types: types.filter((t) => t.objectId === r.id).map((t) => ({ slug: t.slug, name: t.name, marker: t.marker as GeoObject['types'][number]['marker'] })),
      // A members-only project is not named to those who may not see it.
      projects: projects.filter((p) => p.objectId === r.id && can(actor, 'view', projectResource(p))).map(({ id, slug, title }) => ({ id, slug, title })),
      parent: parents.find((p) => p.id === r.parentId) ?? null,
      metadata: r.metadata,
      visibility: r.visibility as GeoObject['visibility'],
      update: { at: r.updatedAt.toISOString(), by: (r.updatedById && people.get(r.updatedById)) || null },
      ...(r.geo !== undefined ? { geo: r.geo } : {}),
    }));
  }

  async function detail(actor: Actor | null, key: string) {
    const { row, resource } = await load(actor, key);
    const { obj, people, institutions } = await db.use(async (d) => ({
      obj: (await present(d, actor, [row]))[0]!,
      people: await repo.peopleOf(d, row.id),
      institutions: await repo.institutionsOf(d, row.id),
    }));
    return { obj: { ...obj, people, institutions, geo: row.geo }, doc: row.doc ?? null, permissions: permissionsFor(actor, resource) };
  }

  /** Checks and resolves the parts given: types (their schemas check the metadata), projects, parent, geometry. */
  async function resolve(d: Db, actor: Actor | null, input: Partial<Input>, current: { id?: string; metadata: Record<string, unknown>; typeSlugs: string[] }) {
    const typeSlugs = input.types ?? current.typeSlugs;
    const types = await repo.typesBySlug(d, typeSlugs);
    const unknown = typeSlugs.filter((s) => !types.some((t) => t.slug === s));
    if (unknown.length) throw invalidField('body.types', `Unknown object type: ${unknown.join(', ')}`);
    if (input.types !== undefined || input.metadata !== undefined) metadata.check(input.metadata ?? current.metadata, types);
    const projects = input.projects !== undefined ? await repo.projectsByKey(d, input.projects) : null;
    if (projects && projects.length !== new Set(input.projects).size) throw invalidField('body.projects', 'No such project');
    let parentId: string | null | undefined;
    if (input.parent !== undefined) {
      // A parent the actor may not see is "no such object", as everywhere else.
      parentId = input.parent === null ? null : await visibleId(actor, input.parent);
      if (input.parent !== null && !parentId) throw invalidField('body.parent', 'No such object');
      if (parentId && parentId === current.id) throw invalidField('body.parent', 'An object cannot be its own parent');
      if (parentId && current.id && (await repo.isAncestor(d, current.id, parentId))) throw invalidField('body.parent', 'The parent is inside this object: parents cannot form a loop');
    }
    if (input.geo) await validateGeometry(d, input.geo);
    return { types, projects, parentId };
  }

  /** Writing to an object's projects needs edit on each of them (or manageProjects). */
  function authorizeProjects(actor: Actor | null, projects: { id: string; visibility: string }[]) {
    if (can(actor, 'manageProjects')) return;
    if (projects.length === 0) authorize(actor, 'manageProjects');
    for (const p of projects) authorize(actor, 'edit', projectResource(p), 'Project');
  }

  const linksOf = async (kind: repo.LinkKind, objectId: string) =>
    kind === 'people' ? { people: await db.use((d) => repo.peopleOf(d, objectId)) } : { institutions: await db.use((d) => repo.institutionsOf(d, objectId)) };

  /** Adds or changes a person or institution link (a body of only position moves it); answers the list in order. */
  async function putLink(kind: repo.LinkKind, actor: Actor | null, key: string, targetKey: string, input: { position: number } | { role?: string | null | undefined; position?: number | undefined }) {
    const { row, resource } = await load(actor, key);
    authorize(actor, 'edit', resource, 'Object');
    await db.transaction(async (tx) => {
      const targetId = kind === 'people' ? await repo.findPersonId(tx, targetKey) : await repo.findInstitutionId(tx, targetKey);
      if (!targetId) throw notFound(kind === 'people' ? 'Person' : 'Institution');
      const order = await repo.linkOrder(tx, kind, row.id);
      const linked = order.includes(targetId);
      const onlyMove = Object.keys(input).length === 1 && input.position !== undefined;
      if (onlyMove && !linked) throw notFound('Link');
      if (!onlyMove) await repo.upsertLink(tx, kind, row.id, targetId, 'role' in input ? input.role : undefined, linked ? order.indexOf(targetId) : order.length);
      if (input.position !== undefined || !linked) {
        const rest = order.filter((id) => id !== targetId);
        rest.splice(Math.min(Math.max(input.position ?? rest.length, 0), rest.length), 0, targetId);
        await repo.setLinkPositions(tx, kind, row.id, rest);
      }
      await audit(tx, actor, `object.${kind}.put`, { type: 'object', id: row.id }, { after: { targetId, ...input } });
    });
    return linksOf(kind, row.id);
  }

  async function removeLink(kind: repo.LinkKind, actor: Actor | null, key: string, targetKey: string) {
    const { row, resource } = await load(actor, key);
    authorize(actor, 'edit', resource, 'Object');
    await db.transaction(async (tx) => {
      const targetId = kind === 'people' ? await repo.findPersonId(tx, targetKey) : await repo.findInstitutionId(tx, targetKey);
      if (!targetId || !(await repo.deleteLink(tx, kind, row.id, targetId))) throw notFound('Link');
      await repo.setLinkPositions(tx, kind, row.id, await repo.linkOrder(tx, kind, row.id));
      await audit(tx, actor, `object.${kind}.delete`, { type: 'object', id: row.id }, { before: { targetId } });
    });
    return linksOf(kind, row.id);
  }

  const service = {
    putPerson: (actor: Actor | null, key: string, person: string, input: Parameters<typeof putLink>[4]) => putLink('people', actor, key, person, input),
    removePerson: (actor: Actor | null, key: string, person: string) => removeLink('people', actor, key, person),
    putInstitution: (actor: Actor | null, key: string, institution: string, input: Parameters<typeof putLink>[4]) => putLink('institutions', actor, key, institution, input),
    removeInstitution: (actor: Actor | null, key: string, institution: string) => removeLink('institutions', actor, key, institution),

    /** Adds the object to a project (edit on both); answers the project. */
    async putProject(actor: Actor | null, key: string, projectKey: string) {
      const { row, resource } = await load(actor, key);
      authorize(actor, 'edit', resource, 'Object');
      const [project] = await db.use((d) => repo.projectsByKey(d, [projectKey]));
      if (!project) throw notFound('Project');
      authorizeProjects(actor, [project]);
      await db.transaction(async (tx) => {
        await repo.addProject(tx, row.id, project.id);
        await audit(tx, actor, 'object.project.put', { type: 'object', id: row.id }, { after: { projectId: project.id } });
      });
      const [linked] = (await db.use((d) => repo.projectsOf(d, [row.id]))).filter((p) => p.id === project.id);
      return { id: linked!.id, slug: linked!.slug, title: linked!.title };
    },

    async removeProject(actor: Actor | null, key: string, projectKey: string) {
      const { row, resource } = await load(actor, key);
      authorize(actor, 'edit', resource, 'Object');
      const [project] = await db.use((d) => repo.projectsByKey(d, [projectKey]));
      await db.transaction(async (tx) => {
        if (!project || !(await repo.removeProject(tx, row.id, project.id))) throw notFound('Project link');
        await audit(tx, actor, 'object.project.delete', { type: 'object', id: row.id }, { before: { projectId: project.id } });
      });
    },

    async list(actor: Actor | null, query: z.output<typeof GeoObjectsQuerySchema>) {
      const page = pageOf(query.p, query.limit ?? DEFAULT_LIMIT);
      return db.use(async (d) => {
        const none = '00000000-0000-0000-0000-000000000000';
        const filters: repo.ObjectFilters = {
          parentId: query.parent ? ((await repo.findObject(d, query.parent))?.id ?? none) : undefined,
          typeId: query.type ? ((await repo.typesBySlug(d, [query.type]))[0]?.id ?? none) : undefined,
          projectId: query.project ? ((await repo.projectsByKey(d, [query.project]))[0]?.id ?? none) : undefined,
          q: query.q || undefined,
          bbox: query.bbox,
          withGeo: query.geo === 'true' || query.format === 'geojson' || query.format === 'csv',
        };
        const { rows, total } = await repo.listObjects(d, filters, viewerOf(actor), page);
        return { objects: await present(d, actor, rows), page, total };
      });
    },

    get: detail,
    load,
    /** How many objects exist, for the admin overview. */
    count: () => db.use(repo.countObjects),

    /** Saved versions of the object's doc, newest first (edit: history may hold what was taken out). */
    async revisions(actor: Actor | null, key: string) {
      const { row, resource } = await load(actor, key);
      authorize(actor, 'edit', resource, 'Object');
      return (await db.use((d) => revisionsOf(d, 'object', row.id))).map((r) => ({ id: r.id, createdAt: r.createdAt.toISOString(), author: r.author?.id ? r.author : null }));
    },

    async revision(actor: Actor | null, key: string, revisionId: string) {
      const { row, resource } = await load(actor, key);
      authorize(actor, 'edit', resource, 'Object');
      const found = await db.use((d) => findRevision(d, 'object', row.id, revisionId));
      if (!found) throw notFound('Revision');
      return { revision: { id: found.id, createdAt: found.createdAt.toISOString(), author: found.author?.id ? found.author : null }, doc: found.doc ?? null };
    },

    async create(actor: Actor | null, input: Input) {
      if (!actor) authorize(actor, 'edit');
      const id = await db.transaction(async (tx) => {
        const { types, projects, parentId } = await resolve(tx, actor, input, { metadata: {}, typeSlugs: [] });
        authorizeProjects(actor, projects ?? []);
        if (await repo.nameTaken(tx, input.name)) throw new AppError('CONFLICT', 'An object with this name exists', { details: [{ field: 'body.name', message: 'Taken' }] });
        const newId = await repo.insertObject(
          tx,
          {
            name: input.name,
            title: input.title,
            metadata: input.metadata ?? {},
            parentId: parentId ?? null,
            visibility: input.visibility ?? 'public',
            doc: input.doc ?? null,
            updatedById: actor!.personId,
          },
          input.geo ?? null,
        );
        await repo.setTypes(tx, newId, types.map((t) => t.id));
        await repo.setProjects(tx, newId, (projects ?? []).map((p) => p.id));
        if (input.doc) await insertRevision(tx, { ownerType: 'object', ownerId: newId, doc: input.doc, authorId: actor!.personId });
        await audit(tx, actor, 'object.create', { type: 'object', id: newId }, { after: { ...input, doc: undefined } });
        return newId;
      });
      return detail(actor, id);
    },

    async update(actor: Actor | null, key: string, input: Partial<Input>) {
      const { row, resource } = await load(actor, key);
      authorize(actor, 'edit', resource, 'Object');
      await db.transaction(async (tx) => {
        const typeSlugs = (await repo.typesOf(tx, [row.id])).map((t) => t.slug);
        const { types, projects, parentId } = await resolve(tx, actor, input, { id: row.id, metadata: row.metadata, typeSlugs });
        // Only the projects added need edit there; an object left in no project needs manageProjects.
        const added = projects?.filter((p) => !resource.targetIds?.includes(p.id)) ?? [];
        if (projects?.length === 0) authorize(actor, 'manageProjects');
        else if (added.length) authorizeProjects(actor, added);
        if (input.name && input.name !== row.name && (await repo.nameTaken(tx, input.name, row.id))) {
          throw new AppError('CONFLICT', 'An object with this name exists', { details: [{ field: 'body.name', message: 'Taken' }] });
        }
        const docChanged = input.doc !== undefined && !isDeepStrictEqual(input.doc, row.doc);
        await repo.updateObject(
          tx,
          row.id,
          {
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.title !== undefined ? { title: input.title } : {}),
            ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
            ...(parentId !== undefined ? { parentId } : {}),
            ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
            ...(docChanged ? { doc: input.doc ?? null } : {}),
            updatedById: actor!.personId,
          },
          input.geo,
        );
        if (input.types !== undefined) await repo.setTypes(tx, row.id, types.map((t) => t.id));
        if (projects) await repo.setProjects(tx, row.id, projects.map((p) => p.id));
        if (docChanged) await insertRevision(tx, { ownerType: 'object', ownerId: row.id, doc: input.doc ?? null, authorId: actor!.personId });
        await audit(tx, actor, 'object.update', { type: 'object', id: row.id }, { before: { name: row.name, title: row.title, metadata: row.metadata, geo: row.geo }, after: { ...input, doc: undefined } });
      });
      return detail(actor, row.id);
    },

    async remove(actor: Actor | null, key: string) {
      const { row, resource } = await load(actor, key);
      authorize(actor, 'delete', resource, 'Object');
      await db.transaction(async (tx) => {
        await repo.deleteObject(tx, row.id);
        await audit(tx, actor, 'object.delete', { type: 'object', id: row.id }, { before: { name: row.name, title: row.title, metadata: row.metadata, geo: row.geo } });
      });
    },

    /** Restoring saves the old text as the newest revision: nothing in the history is lost. */
    async restoreRevision(actor: Actor | null, key: string, revisionId: string) {
      const { doc } = await service.revision(actor, key, revisionId);
      return service.update(actor, key, { doc });
    },
  };
  return service;
}
export type ObjectsService = ReturnType<typeof createObjectsService>;
