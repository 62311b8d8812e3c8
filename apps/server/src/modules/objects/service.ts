import { isDeepStrictEqual } from 'node:util';
import { and, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { GeoObject, GeoObjectCreateSchema, GeoObjectsQuerySchema } from '@observatory/shared';
import { authorize, can, permissionsFor, type Actor, type Resource } from '../../authz/authorize.js';
import { findByKey, findVisible, load as loadKind, NO_ROW, resourceOf } from '../../authz/lookup.js';
import { visibleTo } from '../../authz/visibility.js';
import type { Database, Db } from '../../db/client.js';
import { audit, auditMany } from '../../lib/audit.js';
import { checkVersion, type Precondition } from '../../lib/versions.js';
import { invalidField, notFound, taken } from '../../lib/errors.js';
import { validateGeometry } from '../../lib/geometry.js';
import type { MetadataValidator } from '../../lib/metadata.js';
import { pageOf } from '../../lib/pagination.js';
import { admitVisitor, type RateLimiter } from '../../lib/rate-limiter.js';
import type { DocumentOwner, DocumentsService } from '../documents/index.js';
import type { SchemaService } from '../schema/index.js';
import * as repo from './repo.js';

/** A page of the object catalogue when no limit is asked for. */
const DEFAULT_LIMIT = 25;
/** Objects a streamed export (all=1) reads at a time: each chunk is its own short database job. */
export const EXPORT_CHUNK = 500;
/** Streamed exports (all=1) a visitor may start a minute from one address. */
export const VISITOR_EXPORTS_PER_MINUTE = 10;
/** Objects whose metadata fields one job reads, before a streamed table's header. */
const FIELDS_CHUNK = 5_000;

type Input = z.output<typeof GeoObjectCreateSchema>;
type Query = z.output<typeof GeoObjectsQuerySchema>;

export function createObjectsService(deps: {
  db: Database;
  metadata: MetadataValidator;
  documents: DocumentsService;
  schema: SchemaService;
  /** Counts visitors' streamed exports a minute at a time. */
  limiter: RateLimiter;
}) {
  const { db, metadata, documents, schema, limiter } = deps;

  /** The page a catalogue query asks for: its condition within what the reader may see. */
  async function pageQuery(d: Db, actor: Actor | null, query: Query) {
    // A parent, project, person or institution the reader may not see matches nothing, as one that does not exist.
    const filters: repo.ObjectFilters = {
      parentId: query.parent ? ((await findVisible(d, actor, 'object', query.parent))?.id ?? NO_ROW) : undefined,
      typeIds: query.type ? [(await schema.types.typesBySlug([query.type]))[0]?.id ?? NO_ROW] : undefined,
      projectId: query.project ? ((await findVisible(d, actor, 'project', query.project))?.id ?? NO_ROW) : undefined,
      personId: query.person ? ((await findVisible(d, actor, 'person', query.person))?.id ?? NO_ROW) : undefined,
      institutionId: query.institution ? ((await findVisible(d, actor, 'institution', query.institution))?.id ?? NO_ROW) : undefined,
      q: query.q || undefined,
      bbox: query.bbox,
    };
    const visible = { projects: visibleTo(actor, 'project'), objects: visibleTo(actor, 'object') };
    return {
      where: repo.objectFilter(filters, visible.objects),
      visible,
      withGeo: query.geo === 'true' || query.format === 'geojson' || query.format === 'csv' || query.format === 'xlsx',
      page: pageOf(query.p ?? 1, query.limit ?? DEFAULT_LIMIT),
    };
  }

  /** A row of the formats' queries as the formats take it. */
  const listedOf = ({ updatedAt, updatedById, updatedBy, ...r }: repo.FormatRow) => ({
    ...r,
    types: r.types as GeoObject['types'],
    visibility: r.visibility as GeoObject['visibility'],
    update: { at: updatedAt.toISOString(), by: (updatedById && updatedBy) || null },
  });

  /** The object as the actor may see it: 404 when it may not. */
  async function load(actor: Actor | null, key: string) {
    return db.use(async (d) => {
      const { id, resource } = await loadKind(d, actor, 'object', key);
      return { row: (await repo.findObject(d, id))!, resource };
    });
  }

  /** The object's detail in one round trip: the row the key names, what the policy needs of it, and everything shown with it. */
  async function detail(actor: Actor | null, key: string) {
    const row = await db.use((d) => repo.findObjectDetail(d, key, { projects: visibleTo(actor, 'project'), objects: visibleTo(actor, 'object') }));
    const resource = row && resourceOf('object', row, { targetIds: row.projectIds });
    if (!row || !can(actor, 'view', resource!)) throw notFound('Object');
    const { doc, updatedAt, updatedById, updatedBy, parentId: _parentId, projectIds: _projectIds, ...obj } = row;
    return {
      obj: {
        ...obj,
        types: obj.types as GeoObject['types'],
        visibility: obj.visibility as GeoObject['visibility'],
        update: { at: updatedAt.toISOString(), by: (updatedById && updatedBy) || null },
      },
      doc: doc ?? null,
      permissions: permissionsFor(actor, resource!),
    };
  }

  /** Checks and resolves the parts given: types (their schemas check the metadata), projects, parent, geometry. */
  async function resolve(d: Db, actor: Actor | null, input: Partial<Input>, current: { id?: string; metadata: Record<string, unknown>; typeSlugs: string[] }) {
    const typeSlugs = input.types ?? current.typeSlugs;
    const types = await schema.types.typesWithSchemas(d, typeSlugs);
    const unknown = typeSlugs.filter((s) => !types.some((t) => t.slug === s));
    if (unknown.length) throw invalidField('body.types', `Unknown object type: ${unknown.join(', ')}`);
    if (input.types !== undefined || input.metadata !== undefined) metadata.check(input.metadata ?? current.metadata, types);
    // A project or parent the actor may not see is "no such", as one that does not exist.
    let projects: Resource[] | null = null;
    if (input.projects !== undefined) {
      projects = [];
      for (const key of new Set(input.projects)) {
        const found = await findVisible(d, actor, 'project', key);
        if (!found) throw invalidField('body.projects', 'No such project');
        if (!projects.some((p) => p.id === found.id)) projects.push(found.resource);
      }
    }
    let parentId: string | null | undefined;
    if (input.parent !== undefined) {
      parentId = input.parent === null ? null : ((await findVisible(d, actor, 'object', input.parent))?.id ?? null);
      if (input.parent !== null && !parentId) throw invalidField('body.parent', 'No such object');
      if (parentId && parentId === current.id) throw invalidField('body.parent', 'An object cannot be its own parent');
      if (parentId && current.id && (await repo.isAncestor(d, current.id, parentId)))
        throw invalidField('body.parent', 'The parent is inside this object: parents cannot form a loop');
    }
    if (input.geo) await validateGeometry(d, input.geo);
    return { types, projects, parentId };
  }

  /** The object's projects the actor may not see (GET leaves them out). */
  async function unseenProjectIds(d: Db, actor: Actor | null, objectId: string, projectIds: readonly string[]) {
    if (projectIds.length === 0) return [];
    const seen = new Set((await repo.projectsOf(d, [objectId], visibleTo(actor, 'project'))).map((p) => p.id));
    return projectIds.filter((id) => !seen.has(id));
  }

  /** Writing to an object's projects needs edit on each of them (or manageProjects). */
  function authorizeProjects(actor: Actor | null, projects: Resource[]) {
    if (can(actor, 'manageProjects')) return;
    if (projects.length === 0) authorize(actor, 'manageProjects');
    for (const p of projects) authorize(actor, 'edit', p, 'Project');
  }

  /** A person or institution named in a path: public, so only whether it exists. */
  const linkTargetId = async (d: Db, kind: repo.LinkKind, key: string) => (await findByKey(d, kind === 'people' ? 'person' : 'institution', key))?.id ?? null;

  const linksOf = async (kind: repo.LinkKind, objectId: string) =>
    kind === 'people' ? { people: await db.use((d) => repo.peopleOf(d, objectId)) } : { institutions: await db.use((d) => repo.institutionsOf(d, objectId)) };

  /** Adds or changes a person or institution link (a body of only position moves it); answers the list in order. */
  async function putLink(
    kind: repo.LinkKind,
    actor: Actor | null,
    key: string,
    targetKey: string,
    input: { position: number } | { role?: string | null | undefined; position?: number | undefined },
  ) {
    const { row, resource } = await load(actor, key);
    authorize(actor, 'edit', resource, 'Object');
    await db.transaction(async (tx) => {
      const targetId = await linkTargetId(tx, kind, targetKey);
      if (!targetId) throw notFound(kind === 'people' ? 'Person' : 'Institution');
      const onlyMove = Object.keys(input).length === 1 && input.position !== undefined;
      if (onlyMove) {
        if (!(await repo.links[kind].move(tx, row.id, targetId, input.position!))) throw notFound('Link');
      } else {
        const write = (position: number) => repo.upsertLink(tx, kind, row.id, targetId, 'role' in input ? input.role : undefined, position);
        await repo.links[kind].put(tx, row.id, targetId, write, input.position);
      }
      await repo.touchObject(tx, row.id, actor);
      await audit(tx, actor, `object.${kind}.put`, { type: 'object', id: row.id }, { after: { targetId, ...input } });
    });
    return linksOf(kind, row.id);
  }

  async function removeLink(kind: repo.LinkKind, actor: Actor | null, key: string, targetKey: string) {
    const { row, resource } = await load(actor, key);
    authorize(actor, 'edit', resource, 'Object');
    await db.transaction(async (tx) => {
      const targetId = await linkTargetId(tx, kind, targetKey);
      if (!targetId || !(await repo.links[kind].remove(tx, row.id, targetId))) throw notFound('Link');
      await repo.touchObject(tx, row.id, actor);
      await audit(tx, actor, `object.${kind}.delete`, { type: 'object', id: row.id }, { before: { targetId } });
    });
    return linksOf(kind, row.id);
  }

  const service = {
    putPerson: (actor: Actor | null, key: string, person: string, input: Parameters<typeof putLink>[4]) => putLink('people', actor, key, person, input),
    deletePerson: (actor: Actor | null, key: string, person: string) => removeLink('people', actor, key, person),
    putInstitution: (actor: Actor | null, key: string, institution: string, input: Parameters<typeof putLink>[4]) =>
      putLink('institutions', actor, key, institution, input),
    deleteInstitution: (actor: Actor | null, key: string, institution: string) => removeLink('institutions', actor, key, institution),

    /** Adds the object to a project (edit on both); answers the project. */
    async putProject(actor: Actor | null, key: string, projectKey: string) {
      const { row, resource } = await load(actor, key);
      authorize(actor, 'edit', resource, 'Object');
      const project = await db.use((d) => loadKind(d, actor, 'project', projectKey));
      authorizeProjects(actor, [project.resource]);
      await db.transaction(async (tx) => {
        await repo.addProject(tx, row.id, project.id);
        await repo.touchObject(tx, row.id, actor);
        await audit(tx, actor, 'object.project.put', { type: 'object', id: row.id }, { after: { projectId: project.id } });
      });
      const [linked] = (await db.use((d) => repo.projectsOf(d, [row.id], undefined))).filter((p) => p.id === project.id);
      return { id: linked!.id, slug: linked!.slug, title: linked!.title };
    },

    async deleteProject(actor: Actor | null, key: string, projectKey: string) {
      const { row, resource } = await load(actor, key);
      authorize(actor, 'edit', resource, 'Object');
      const project = await db.use((d) => findVisible(d, actor, 'project', projectKey));
      await db.transaction(async (tx) => {
        if (!project || !(await repo.removeProject(tx, row.id, project.id))) throw notFound('Project link');
        await repo.touchObject(tx, row.id, actor);
        await audit(tx, actor, 'object.project.delete', { type: 'object', id: row.id }, { before: { projectId: project.id } });
      });
    },

    /** A page of the catalogue as the text of its JSON list items (the API's JSON answer). */
    async listObjects(actor: Actor | null, query: Query) {
      return db.use(async (d) => {
        const { where, visible, withGeo, page } = await pageQuery(d, actor, query);
        return { ...(await repo.listObjectsJson(d, db.counts, where, visible, withGeo, page)), page };
      });
    },

    /** A page of the catalogue as rows with their metadata, for the GeoJSON, CSV and XLSX formats. */
    async listRows(actor: Actor | null, query: Query) {
      return db.use(async (d) => {
        const { where, visible, withGeo, page } = await pageQuery(d, actor, query);
        const { rows, total } = await repo.listObjects(d, db.counts, where, visible, withGeo, page);
        return { objects: rows.map(listedOf), page, total };
      });
    },

    /**
     * Every object of the query the reader may see (no page; only those with a geometry
     * when `located`), as rows like listRows', EXPORT_CHUNK at a time by id. Each chunk is
     * its own database job, so other requests take their turn between chunks and memory
     * holds one chunk however large the catalogue. Visitors start at most
     * VISITOR_EXPORTS_PER_MINUTE a minute (429 with Retry-After). The filters are
     * resolved before this answers; the chunks are read as they are pulled. With
     * `fields`, the metadata fields of every object to export are read first (in chunks
     * too): a table's header names them before its first row.
     */
    async exportRows(actor: Actor | null, ip: string, query: Query, options: { located: boolean; fields?: boolean }) {
      await admitVisitor(limiter, actor, 'objects-export', ip, VISITOR_EXPORTS_PER_MINUTE, 'exports');
      const { where, visible } = await db.use((d) => pageQuery(d, actor, query));
      const located = options.located;
      const fields = new Set<string>();
      for (let after: string | null = null; options.fields;) {
        const found = await db.use((d) => repo.metadataFieldsChunk(d, { where, after, limit: FIELDS_CHUNK }));
        for (const field of found.fields) fields.add(field);
        if (found.last === null) break;
        after = found.last;
      }
      async function* chunks() {
        for (let after: string | null = null; ;) {
          const rows = await db.use((d) => repo.exportChunk(d, { where, visible, after, limit: EXPORT_CHUNK, located }));
          if (rows.length) yield rows.map(listedOf);
          if (rows.length < EXPORT_CHUNK) return;
          after = rows.at(-1)!.id;
        }
      }
      return { fields: [...fields].sort(), chunks: chunks() };
    },

    /**
     * A page of the objects `where` finds (a condition on the objects table; of the type
     * when given) within what the reader may see, as rows like listRows', with how many
     * there are: the OGC API's items (modules/ogc).
     */
    async listFeatures(actor: Actor | null, query: { typeId?: string | undefined; where?: SQL | undefined; page: { limit: number; offset: number } }) {
      return db.use(async (d) => {
        const visible = { projects: visibleTo(actor, 'project'), objects: visibleTo(actor, 'object') };
        const where = and(repo.objectFilter({ typeIds: query.typeId ? [query.typeId] : undefined }, visible.objects), query.where);
        const { rows, total } = await repo.listObjects(d, db.counts, where, visible, true, query.page);
        return { objects: rows.map(listedOf), total };
      });
    },

    getObject: detail,
    loadObject: load,

    /** The owner of the object's doc history, for whoever may edit it (history may hold what was taken out). */
    async documentOf(actor: Actor | null, key: string): Promise<DocumentOwner> {
      const { row, resource } = await load(actor, key);
      authorize(actor, 'edit', resource, 'Object');
      return { type: 'object', id: row.id };
    },

    async createObject(actor: Actor | null, input: Input) {
      if (!actor) authorize(actor, 'edit');
      const id = await db.transaction(async (tx) => {
        const { types, projects, parentId } = await resolve(tx, actor, input, { metadata: {}, typeSlugs: [] });
        authorizeProjects(actor, projects ?? []);
        if (await repo.nameTaken(tx, input.name)) throw taken('body.name', 'An object with this name exists');
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
        await repo.setTypes(
          tx,
          newId,
          types.map((t) => t.id),
        );
        await repo.setProjects(
          tx,
          newId,
          (projects ?? []).map((p) => p.id),
        );
        if (input.doc) await documents.saveRevision(tx, actor, { type: 'object', id: newId }, input.doc);
        await audit(tx, actor, 'object.create', { type: 'object', id: newId }, { after: { ...input, doc: undefined } });
        return newId;
      });
      return detail(actor, id);
    },

    async updateObject(actor: Actor | null, key: string, input: Partial<Input>, precondition: Precondition = {}) {
      const { row, resource } = await load(actor, key);
      authorize(actor, 'edit', resource, 'Object');
      await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.objectVersion(row.id), precondition);
        const typeSlugs = (await repo.typesOf(tx, [row.id])).map((t) => t.slug);
        const { types, projects: named, parentId: newParentId } = await resolve(tx, actor, input, { id: row.id, metadata: row.metadata, typeSlugs });
        // What the caller cannot see, GET did not name to them: their PUT keeps it rather than dropping it unseen.
        const unseen = named ? await unseenProjectIds(tx, actor, row.id, resource.targetIds ?? []) : [];
        const projectIds = named && [...named.map((p) => p.id), ...unseen.filter((id) => !named.some((p) => p.id === id))];
        const parentId = newParentId === null && row.parentId && !(await findVisible(tx, actor, 'object', row.parentId)) ? undefined : newParentId;
        // Only the projects added need edit there; an object left in no project needs manageProjects.
        const added = named?.filter((p) => !resource.targetIds?.includes(p.id)) ?? [];
        if (projectIds?.length === 0) authorize(actor, 'manageProjects');
        else if (added.length) authorizeProjects(actor, added);
        if (input.name && input.name !== row.name && (await repo.nameTaken(tx, input.name, row.id))) {
          throw taken('body.name', 'An object with this name exists');
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
        if (input.types !== undefined)
          await repo.setTypes(
            tx,
            row.id,
            types.map((t) => t.id),
          );
        if (projectIds) await repo.setProjects(tx, row.id, projectIds);
        if (docChanged) await documents.saveRevision(tx, actor, { type: 'object', id: row.id }, input.doc ?? null);
        await audit(
          tx,
          actor,
          'object.update',
          { type: 'object', id: row.id },
          { before: { name: row.name, title: row.title, metadata: row.metadata, geo: row.geo }, after: { ...input, doc: undefined } },
        );
      });
      return detail(actor, row.id);
    },

    /**
     * Writes a batch of objects an import has planned and checked, inside the import's
     * transaction: new ones (no id), and the parts of others that changed (geo undefined:
     * kept; types or projects undefined: kept). Answers their ids in order.
     */
    async writeImported(tx: Db, actor: Actor, items: repo.ImportedObject[]) {
      const ids = await repo.writeMany(tx, actor.personId, items);
      // Each object is its own change, as the change feed lists them (system/changes.ts).
      const entries = items.map((item, i) => ({
        action: item.id ? 'object.update' : 'object.create',
        target: { type: 'object', id: ids[i]! },
        // A geometry written is kept, as a form's is: the object's past places (SensorThings' HistoricalLocations).
        after: { name: item.name, imported: true, ...(item.geo === undefined ? {} : { geo: item.geo }) },
      }));
      await auditMany(tx, actor, entries);
      return ids;
    },

    /** Sets the parents of objects a relation import has planned and checked (no loop, all visible), inside its transaction. */
    async setParentsImported(tx: Db, actor: Actor, changes: { id: string; parentId: string | null }[]) {
      await repo.setParents(tx, actor.personId, changes);
      await auditMany(
        tx,
        actor,
        changes.map((c) => ({ action: 'object.parent.import', target: { type: 'object', id: c.id }, after: { parentId: c.parentId, imported: true } })),
      );
    },

    async deleteObject(actor: Actor | null, key: string, precondition: Precondition = {}) {
      const { row, resource } = await load(actor, key);
      authorize(actor, 'delete', resource, 'Object');
      await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.objectVersion(row.id), precondition);
        await repo.deleteObject(tx, row.id);
        await documents.deleteRevisions(tx, { type: 'object', id: row.id });
        await audit(
          tx,
          actor,
          'object.delete',
          { type: 'object', id: row.id },
          { before: { name: row.name, title: row.title, visibility: row.visibility, metadata: row.metadata, geo: row.geo } },
        );
      });
    },
  };
  return service;
}
export type ObjectsService = ReturnType<typeof createObjectsService>;
