/**
 * The object import: records (rows of a file) become objects by the spec's options. One
 * function plans every record (what it would create or change, or why it cannot); the
 * preview answers the plan, the commit makes the same plan inside its transaction and
 * carries it out, or refuses the whole file when a record has an error.
 */
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import {
  ObjectNameSchema,
  type GeoJson,
  type ImportPreview,
  type ObjectImportOptionsSchema,
  type ObjectImportRequestSchema,
  type PreviewRecord,
} from '@observatory/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { authorize, can, type Actor } from '../../authz/authorize.js';
import { findVisible } from '../../authz/lookup.js';
import { visibleTo } from '../../authz/visibility.js';
import type { Database, Db } from '../../db/client.js';
import { projects as projectsTable } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { validateGeometry } from '../../lib/geometry.js';
import type { MetadataValidator, TypeSchemas } from '../../lib/metadata.js';
import { slugify } from '../../lib/slugs.js';
import type { ObjectsService } from '../objects/index.js';
import type { SchemaService } from '../schema/index.js';
import { cellValue, numberOf, type FieldSchema } from './cells.js';
import { geometryOfCell, type GeometryCell } from './geometry-cell.js';
import { answerOf, committedAnswer, FIRST_ROW, inBatches, noProgress, refuseIfErrors, type OnProgress, type PreviewView } from './preview.js';
import * as repo from './repo.js';
import { changesAnything, tally, type ObjectState } from './stats.js';

type Options = z.output<typeof ObjectImportOptionsSchema>;
type Body = z.output<typeof ObjectImportRequestSchema>;
type TypeWithSchemas = Awaited<ReturnType<SchemaService['types']['typesWithSchemas']>>[number];

/** A preview record of the object import: its states are objects'. */
type ObjectRecord = Omit<PreviewRecord, 'before' | 'after'> & { before: ObjectState | null; after: ObjectState | null };

interface Planned {
  record: ObjectRecord;
  /** The existing object's id (an update). */
  id: string | null;
}

/** What the options name, resolved once for every record. */
interface Context {
  options: Options;
  types: Map<string, TypeWithSchemas>;
  projectSlugs: string[];
}

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])].sort();

export function createObjectImport(deps: {
  db: Database;
  metadata: MetadataValidator;
  schema: SchemaService;
  objects: ObjectsService;
  log: FastifyBaseLogger;
}) {
  const { db, metadata, schema, objects, log } = deps;

  /** Checks the options against the file's width and the schema: a 400 names the option. */
  async function contextOf(d: Db, actor: Actor | null, options: Options, width: number): Promise<Context> {
    const columns: [keyof Options, number | null][] = [
      ['idColumn', options.idColumn],
      ['titleColumn', options.titleColumn],
      ['latColumn', options.latColumn],
      ['lonColumn', options.lonColumn],
      ['geometryColumn', options.geometryColumn],
    ];
    for (const [name, index] of columns)
      if (index !== null && index >= width) throw invalidField(`body.options.${name}`, `The file has ${width} columns: there is no column ${index}`);
    for (const index of Object.keys(options.metadataColumns))
      if (Number(index) >= width) throw invalidField('body.options.metadataColumns', `The file has ${width} columns: there is no column ${index}`);
    if (options.setLocation && (options.latColumn === null) !== (options.lonColumn === null))
      throw invalidField(options.latColumn === null ? 'body.options.latColumn' : 'body.options.lonColumn', 'Choose both the latitude and the longitude column');
    if (options.setLocation && options.latColumn === null && options.geometryColumn === null)
      throw invalidField('body.options.latColumn', 'Choose the latitude and longitude columns, or the geometry column, to set locations');
    if (options.idColumn === null && options.titleColumn === null)
      throw invalidField('body.options.titleColumn', 'Choose a title column: without an id column, names are made from titles');
    const found = await schema.types.typesWithSchemas(d, options.objtypes);
    const unknown = options.objtypes.filter((slug) => !found.some((t) => t.slug === slug));
    if (unknown.length) throw invalidField('body.options.objtypes', `Unknown object type: ${unknown.join(', ')}`);
    const projectIds: string[] = [];
    for (const key of options.projects) {
      const project = await findVisible(d, actor, 'project', key);
      if (!project) throw invalidField('body.options.projects', `No such project: ${key}`);
      if (!can(actor, 'manageProjects')) authorize(actor, 'edit', project.resource, 'Project');
      projectIds.push(project.id);
    }
    const projectSlugs = projectIds.length
      ? (await d.select({ slug: projectsTable.slug }).from(projectsTable).where(inArray(projectsTable.id, projectIds))).map((p) => p.slug)
      : [];
    return { options, types: new Map(found.map((t) => [t.slug, t])), projectSlugs };
  }

  /** Names made from titles when the file has no id column: a title's slug, numbered past names taken (in the catalogue or earlier in the file). */
  async function namesFromTitles(d: Db, titles: string[]): Promise<string[]> {
    const bases = titles.map((title) => slugify(title).slice(0, 90) || 'object');
    const taken = await repo.takenNames(d, [...new Set(bases)]);
    const used = new Set<string>();
    const names = bases.map((base) => {
      let name = base;
      for (let n = 2; taken.has(name) || used.has(name); n++) name = `${base}-${n}`;
      used.add(name);
      return name;
    });
    // A numbered name may itself be taken in the catalogue: rare, and then made unique at random.
    const takenToo = await repo.takenNames(
      d,
      names.filter((name, i) => name !== bases[i]),
    );
    return names.map((name, i) => (takenToo.has(name) ? `${bases[i]}-${randomUUID().slice(0, 8)}` : name));
  }

  /** Every record's plan: what it creates or changes, or its errors (each naming its column). */
  async function plan(d: Db, actor: Actor | null, records: string[][], context: Context): Promise<Planned[]> {
    const { options } = context;
    const cell = (record: string[], index: number | null) => (index === null ? '' : (record[index] ?? '').trim());
    const ids = options.idColumn === null ? null : records.map((r) => cell(r, options.idColumn));
    const states = new Map((await repo.objectStates(d, [...new Set(ids ?? [])].filter(Boolean), visibleTo(actor, 'object'))).map((s) => [s.name, s]));
    // Each type an object has or is given, with its schemas: they type and check the metadata.
    const missing = [...new Set([...states.values()].flatMap((s) => s.types))].filter((slug) => !context.types.has(slug));
    for (const t of await schema.types.typesWithSchemas(d, missing)) context.types.set(t.slug, t);
    const names =
      ids ??
      (await namesFromTitles(
        d,
        records.map((r) => cell(r, options.titleColumn)),
      ));
    const firstRow = new Map<string, number>();
    const geometries = options.setLocation ? await geometriesOf(d, records, options.geometryColumn) : [];

    return records.map((record, i) => {
      const row = i + FIRST_ROW;
      const errors: ObjectRecord['errors'] = [];
      const fail = (column: number | null, message: string) => errors.push({ column, message });
      const name = names[i]!;
      let existing = null as (typeof states extends Map<string, infer S> ? S : never) | null;
      if (ids) {
        const valid = ObjectNameSchema.safeParse(name);
        if (!name) fail(options.idColumn, 'The id is empty');
        else if (!valid.success) fail(options.idColumn, `“${name}”: ${valid.error.issues[0]!.message}`);
        else if (firstRow.has(name)) fail(options.idColumn, `The id ${name} repeats row ${firstRow.get(name)}`);
        else firstRow.set(name, row);
        const found = states.get(name);
        if (found && !found.visible) fail(options.idColumn, `The name ${name} is taken by an object you may not see`);
        existing = found?.visible ? found : null;
        if (name && !found && !options.createObjs) fail(options.idColumn, `No object is named ${name}, and creating objects is off`);
      }
      const before: ObjectState | null = existing && {
        title: existing.title,
        metadata: existing.metadata,
        geo: existing.geo,
        projects: existing.projects,
        types: existing.types,
      };

      const title = cell(record, options.titleColumn) || before?.title || name;
      if (!title) fail(options.titleColumn, 'The title is empty');
      const geo = options.setLocation ? locationOf(record, geometries[i], options, fail) : (before?.geo ?? null);
      const types = options.mergeObjTypes
        ? union(before?.types ?? [], options.objtypes)
        : options.objtypes.length
          ? [...options.objtypes].sort()
          : (before?.types ?? []);
      if (types.length === 0) fail(null, 'The object has no type: choose object types to give it');
      const projects = options.mergeProjects ? union(before?.projects ?? [], context.projectSlugs) : [...context.projectSlugs].sort();
      const meta = metadataOf(record, options, before, types.map((slug) => context.types.get(slug)!).filter(Boolean), fail);

      const after: ObjectState = { title, metadata: meta, geo, projects, types };
      const ok = errors.length === 0;
      const operation = !ok ? null : !before ? 'create' : changesAnything(before, after) ? 'update' : 'none';
      return {
        record: { row, name: name || null, status: ok ? 'ok' : 'error', operation, errors, before, after: ok ? after : null },
        id: existing?.id ?? null,
      };
    });
  }

  /** The record's metadata: the mapped cells typed by the object's types' fields, then checked against their schemas. */
  function metadataOf(
    record: string[],
    options: Options,
    before: ObjectState | null,
    types: TypeWithSchemas[],
    fail: (column: number | null, message: string) => void,
  ) {
    const result: Record<string, unknown> = options.mergeMetadata && before ? { ...before.metadata } : {};
    const columnOf = new Map<string, number>();
    for (const [index, key] of Object.entries(options.metadataColumns)) {
      columnOf.set(key, Number(index));
      const value = cellValue(record[Number(index)] ?? '', fieldOf(types, key));
      if ('error' in value) fail(Number(index), `${key}: ${value.error}`);
      else if (value.value !== undefined) result[key] = value.value;
    }
    try {
      metadata.check(result, types as TypeSchemas[]);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      for (const detail of err.details ?? []) {
        const key = detail.field.replace(/^body\.metadata\.?/, '').split('.')[0] ?? '';
        fail(columnOf.get(key) ?? null, `${key || 'metadata'}: ${detail.message}`);
      }
    }
    return result;
  }

  /** Writes the plan's creates and updates, a batch at a time. */
  async function apply(tx: Db, actor: Actor, planned: Planned[], context: Context, onProgress: OnProgress) {
    const slugs = [...new Set(planned.flatMap((p) => p.record.after?.projects ?? []))];
    const projectIds = new Map(
      slugs.length
        ? (await tx.select({ id: projectsTable.id, slug: projectsTable.slug }).from(projectsTable).where(inArray(projectsTable.slug, slugs))).map((p) => [
            p.slug,
            p.id,
          ])
        : [],
    );
    const typeIds = (slugsOf: string[]) => slugsOf.map((slug) => context.types.get(slug)!.id);
    const writes = planned.filter((p) => p.record.after && (p.record.operation === 'create' || p.record.operation === 'update'));
    await inBatches(writes, onProgress, async (batch) => {
      await objects.writeImported(
        tx,
        actor,
        batch.map(({ record: { name, before, after }, id }) => {
          const changed = (part: 'types' | 'projects') => !before || before[part].join() !== after![part].join();
          return {
            id,
            name: name!,
            title: after!.title,
            metadata: after!.metadata,
            geo: !before || context.options.setLocation ? ((after!.geo as GeoJson | null) ?? null) : undefined,
            typeIds: changed('types') ? typeIds(after!.types) : undefined,
            projectIds: changed('projects') ? after!.projects.map((slug) => projectIds.get(slug)!) : undefined,
          };
        }),
      );
    });
  }

  const answer = (planned: Planned[], view: PreviewView, fromSession: boolean, committed: boolean) => {
    const records = planned.map((p) => p.record);
    return answerOf(records, { ...tally(records) }, view, fromSession, committed);
  };

  return {
    /** What the import would do, record by record, and its stats: nothing is written. */
    async preview(actor: Actor | null, body: Body): Promise<ImportPreview> {
      authorize(actor, 'importData');
      return db.use(async (d) => {
        const { records, width, session } = await repo.requestRecords(d, body);
        const context = await contextOf(d, actor, body.options, width);
        return answer(await plan(d, actor, records, context), body, session !== null, false);
      });
    },

    /**
     * Plans again inside one transaction and carries the plan out; a record with an error
     * refuses the whole file (nothing is written), naming the rows and columns.
     */
    async commit(actor: Actor | null, body: Body, onProgress: OnProgress = noProgress): Promise<ImportPreview> {
      authorize(actor, 'importData');
      return db.transaction(async (tx) => {
        const locked = await repo.lockSession(tx, body);
        const done = locked && committedAnswer(locked, 'objects', body.options);
        if (done) return done;
        const { records, width, session } = await repo.requestRecords(tx, body);
        const context = await contextOf(tx, actor, body.options, width);
        const planned = await plan(tx, actor, records, context);
        refuseIfErrors(planned.map((p) => p.record));
        log.info({ records: planned.length, session: session?.id ?? null }, `Import of ${planned.length} records as objects: writing`);
        await apply(tx, actor!, planned, context, onProgress);
        const result = answer(planned, body, session !== null, true);
        if (session) await repo.markCommitted(tx, session.id, 'objects', body.options, result.stats);
        await audit(
          tx,
          actor,
          'import.objects',
          { type: 'import', id: session?.id ?? randomUUID() },
          { after: { file: session?.fileName ?? null, options: body.options, stats: result.stats } },
        );
        return result;
      });
    },
  };
}

/**
 * Each record's geometry cell read (GeoJSON text or WKT) and, when it is more than a point,
 * checked in PostGIS as POST data/obj checks it: its shape or the reason it is none.
 * Empty cells, and no geometry column, are undefined.
 */
async function geometriesOf(d: Db, records: string[][], column: number | null): Promise<(GeometryCell | undefined)[]> {
  if (column === null) return [];
  const checked: (GeometryCell | undefined)[] = [];
  for (const record of records) {
    const cell = (record[column] ?? '').trim();
    checked.push(cell ? await validShape(d, geometryOfCell(cell)) : undefined);
  }
  return checked;
}

/** A shape PostGIS finds valid as it is, else the reason ("The geometry is not valid: Self-intersection[…]"). */
async function validShape(d: Db, cell: GeometryCell): Promise<GeometryCell> {
  if ('error' in cell || cell.geo.type === 'Point') return cell;
  try {
    await validateGeometry(d, cell.geo);
    return cell;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { error: err.details?.[0]?.message ?? err.message };
  }
}

/**
 * The record's location: its geometry cell when filled, else its latitude and longitude
 * cells as a point (all empty: no location). A bad cell fails naming its column.
 */
function locationOf(
  record: string[],
  geometry: GeometryCell | undefined,
  options: Options,
  fail: (column: number | null, message: string) => void,
): GeoJson | null {
  if (geometry && 'error' in geometry) {
    fail(options.geometryColumn, geometry.error);
    return null;
  }
  if (geometry) return geometry.geo;
  if (options.latColumn === null || options.lonColumn === null) return null;
  const [latCell, lonCell] = [(record[options.latColumn] ?? '').trim(), (record[options.lonColumn] ?? '').trim()];
  if (!latCell && !lonCell) return null;
  const lat = numberOf(latCell);
  const lon = numberOf(lonCell);
  if (lat === null) fail(options.latColumn, latCell ? `“${latCell}” is not a latitude` : 'The latitude is empty (give both, or neither)');
  else if (lat < -90 || lat > 90) fail(options.latColumn, `${lat} is not a latitude: it runs from -90 to 90`);
  if (lon === null) fail(options.lonColumn, lonCell ? `“${lonCell}” is not a longitude` : 'The longitude is empty (give both, or neither)');
  else if (lon < -180 || lon > 180) fail(options.lonColumn, `${lon} is not a longitude: it runs from -180 to 180`);
  return lat === null || lon === null ? null : { type: 'Point', coordinates: [lon, lat] };
}

/** A metadata field's schema: the first of the object's types' schemas that describes it (text when none does). */
function fieldOf(types: TypeWithSchemas[], key: string): FieldSchema {
  for (const type of types) {
    for (const schema of type.schemas) {
      const property = (schema.properties as Record<string, FieldSchema> | undefined)?.[key];
      if (property) return property;
    }
  }
  return { type: 'string' };
}
