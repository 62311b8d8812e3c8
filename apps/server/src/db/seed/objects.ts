import { receiveFile } from '../../lib/uploads.js';
import { Readable } from 'node:stream';
import { GeoObjectCreateSchema } from '@observatory/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../authz/authorize.js';
import { geometrySql } from '../../lib/geometry.js';
import { createMetadataValidator } from '../../lib/metadata.js';
import type { Db } from '../client.js';
import {
  auditLog,
  institutions,
  notes,
  objectInstitutions,
  objectPeople,
  objectProjects,
  objects,
  objectTypeLinks,
  people,
  projects,
  settings,
} from '../schema/index.js';
import { planDemoObjects, type PlannedObject } from './demo-objects.js';
import { demoPhoto } from './demo-photos.js';

/** Set once the demo objects are in: a second start adds nothing. */
const SEEDED_KEY = 'demo_objects_seeded';
const DAY_MS = 86_400_000;

/** Midnight UTC today: the demo dates count back from it, so runs on one day agree. */
export const today = () => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);

/**
 * The demo objects (demo-objects.ts) with their links, notes and photos, made through the
 * objects, notes and photos services as the demo accounts would make them, in one
 * transaction, once: on a database with the demo projects (see seedDemoProjects) and
 * no demo objects yet.
 */
export async function seedDemoObjects(app: FastifyInstance): Promise<void> {
  const started = performance.now();
  let added = 0;
  try {
    added = await app.database.transaction(async (tx) => {
      const [done] = await tx.select().from(settings).where(eq(settings.key, SEEDED_KEY));
      if (done) return 0;
      const now = today();
      const plan = planDemoObjects(now);
      const keys = await lookUp(tx, plan);
      if (!keys) return 0; // the demo projects or people are gone: nothing to seed them for
      const actors = new Map<string, Actor>();
      for (const username of new Set(plan.map((o) => o.creator))) {
        const user = await app.services.users.findByLogin(username);
        if (!user) return 0;
        actors.set(username, (await app.services.users.actorFor(user.id))!);
      }
      // Drawn on sharp's threads while the objects go in.
      const pictures = drawPhotos(plan, now);
      pictures.catch(() => {}); // awaited below; a failure before that must not go unhandled
      const ids = new Map<string, string>();
      const level = (name: PlannedObject['level']) => plan.filter((o) => o.level === name);
      for (const object of level('property')) ids.set(object.name, await createObject(app, actors.get(object.creator)!, object, keys));
      await insertMany(app, tx, level('site'), ids, actors, keys);
      await insertMany(app, tx, level('plot'), ids, actors, keys);
      await addLinks(tx, plan, ids, keys);
      await addNotes(tx, plan, ids, keys.people, now);
      for (const [object, data] of await pictures) await addPhoto(app, actors.get(object.creator)!, object, data);
      await tx.insert(settings).values({ key: SEEDED_KEY, value: sql`now()::text` });
      return plan.length;
    });
  } catch (err) {
    // Demo data must never stop a start: skip it (photo files stored before the failure stay, unreferenced).
    app.log.warn({ err }, 'Demo objects not added');
    return;
  }
  if (added) app.log.info(`Demo objects added: ${added} (${Math.round(performance.now() - started)} ms)`);
}

type Keys = { projects: Map<string, string>; people: Map<string, string>; institutions: Map<string, string> };

/** Ids of the projects (by title), people and institutions (by slug) the plan names; null when one is missing. */
async function lookUp(tx: Db, plan: PlannedObject[]): Promise<Keys | null> {
  const titles = [...new Set(plan.flatMap((o) => o.projects))];
  const personSlugs = [...new Set(plan.flatMap((o) => [...o.people.map(([slug]) => slug), ...o.notes.map((n) => n.author)]))];
  const institutionSlugs = [...new Set(plan.flatMap((o) => o.institutions.map(([slug]) => slug)))];
  const keys: Keys = {
    projects: new Map(
      (await tx.select({ key: projects.title, id: projects.id }).from(projects).where(inArray(projects.title, titles))).map((r) => [r.key, r.id]),
    ),
    people: new Map((await tx.select({ key: people.slug, id: people.id }).from(people).where(inArray(people.slug, personSlugs))).map((r) => [r.key, r.id])),
    institutions: new Map(
      (await tx.select({ key: institutions.slug, id: institutions.id }).from(institutions).where(inArray(institutions.slug, institutionSlugs))).map((r) => [
        r.key,
        r.id,
      ]),
    ),
  };
  const complete = keys.projects.size === titles.length && keys.people.size === personSlugs.length && keys.institutions.size === institutionSlugs.length;
  return complete ? keys : null;
}

const inputOf = (o: PlannedObject, keys: Keys) =>
  GeoObjectCreateSchema.parse({
    name: o.name,
    title: o.title,
    types: o.types,
    projects: o.projects.map((title) => keys.projects.get(title)!),
    parent: o.parent,
    geo: o.geo,
    metadata: o.metadata,
    visibility: o.visibility,
    doc: o.doc,
  });

/** A property through the objects service: its checks of types, metadata and boundary, its revision and audit. */
async function createObject(app: FastifyInstance, actor: Actor, o: PlannedObject, keys: Keys): Promise<string> {
  return (await app.services.objects.createObject(actor, inputOf(o, keys))).obj.id;
}

/**
 * Sites or plots, nine in ten of the objects, in a few statements: one by one through the
 * service took most of the seed's time. They pass the same checks (the create schema,
 * their types' metadata schemas; a point is always a valid geometry) and are audited alike.
 */
async function insertMany(
  app: FastifyInstance,
  tx: Db,
  list: PlannedObject[],
  ids: Map<string, string>,
  actors: Map<string, Actor>,
  keys: Keys,
): Promise<void> {
  const types = await app.services.schema.types.typesWithSchemas(tx, [...new Set(list.flatMap((o) => o.types))]);
  const typeOf = new Map(types.map((t) => [t.slug, t]));
  const metadata = createMetadataValidator();
  const inputs = list.map((o) => inputOf(o, keys));
  for (const input of inputs)
    metadata.check(
      input.metadata ?? {},
      input.types.map((slug) => typeOf.get(slug)!),
    );
  const rows = await tx
    .insert(objects)
    .values(
      inputs.map((input, i) => ({
        name: input.name,
        title: input.title,
        metadata: input.metadata ?? {},
        parentId: ids.get(input.parent!)!,
        visibility: input.visibility ?? 'public',
        geo: geometrySql(input.geo!) as never,
        updatedById: actors.get(list[i]!.creator)!.personId,
      })),
    )
    .returning({ id: objects.id, name: objects.name });
  for (const row of rows) ids.set(row.name, row.id);
  await tx
    .insert(objectTypeLinks)
    .values(inputs.flatMap((input) => input.types.map((slug) => ({ objectId: ids.get(input.name)!, typeId: typeOf.get(slug)!.id }))));
  await tx.insert(objectProjects).values(inputs.flatMap((input) => (input.projects ?? []).map((projectId) => ({ objectId: ids.get(input.name)!, projectId }))));
  await tx.insert(auditLog).values(
    inputs.map((input, i) => ({
      actorId: actors.get(list[i]!.creator)!.userId,
      action: 'object.create',
      targetType: 'object',
      targetId: ids.get(input.name)!,
      after: { ...input, doc: undefined },
    })),
  );
}

/** People and institutions of every object, in their order, in two statements. */
async function addLinks(tx: Db, plan: PlannedObject[], ids: Map<string, string>, keys: Keys): Promise<void> {
  const linksOf = <T>(pick: (o: PlannedObject) => [string, string][], row: (objectId: string, slug: string, role: string, position: number) => T) =>
    plan.flatMap((o) => pick(o).map(([slug, role], position) => row(ids.get(o.name)!, slug, role, position)));
  const personLinks = linksOf(
    (o) => o.people,
    (objectId, slug, role, position) => ({ objectId, personId: keys.people.get(slug)!, role, position }),
  );
  const institutionLinks = linksOf(
    (o) => o.institutions,
    (objectId, slug, role, position) => ({ objectId, institutionId: keys.institutions.get(slug)!, role, position }),
  );
  if (personLinks.length) await tx.insert(objectPeople).values(personLinks);
  if (institutionLinks.length) await tx.insert(objectInstitutions).values(institutionLinks);
}

/**
 * All notes in one statement: the notes service writes "now" as a note's time, and the
 * demo notebooks reach back two years.
 */
async function addNotes(tx: Db, plan: PlannedObject[], ids: Map<string, string>, personIds: Map<string, string>, now: Date): Promise<void> {
  const rows = plan.flatMap((o) =>
    o.notes.map((n) => {
      const at = new Date(now.getTime() - n.daysAgo * DAY_MS);
      return { objectId: ids.get(o.name)!, authorId: personIds.get(n.author)!, content: n.content, timestamp: at, createdAt: at, updatedAt: at };
    }),
  );
  if (rows.length) await tx.insert(notes).values(rows);
}

/** "46.7550° N, 9.8850° E". */
const where = ([lon, lat]: [number, number]) => `${Math.abs(lat).toFixed(4)}° ${lat >= 0 ? 'N' : 'S'}, ${Math.abs(lon).toFixed(4)}° ${lon >= 0 ? 'E' : 'W'}`;

/** The demo photos as a camera would have saved them, with their objects. */
function drawPhotos(plan: PlannedObject[], now: Date): Promise<[PlannedObject, Buffer][]> {
  return Promise.all(
    plan.flatMap((o) => {
      if (!o.photo) return [];
      const takenAt = new Date(now.getTime() - o.photo.daysAgo * DAY_MS);
      const subtitle = `${takenAt.toISOString().slice(0, 10)} · ${where(o.photo.at)}`;
      return [demoPhoto({ seed: o.name, title: o.title, subtitle, takenAt, at: o.photo.at }).then((data): [PlannedObject, Buffer] => [o, data])];
    }),
  );
}

/** A photo uploaded through the photos service, which reads its EXIF time and place; then its caption. */
async function addPhoto(app: FastifyInstance, actor: Actor, o: PlannedObject, data: Buffer): Promise<void> {
  const photo = await app.services.photos.createPhoto(
    actor,
    o.name,
    receiveFile(async () => ({ stream: Readable.from([data]), fileName: `${o.name}.jpg` })),
  );
  await app.services.photos.updatePhoto(actor, o.name, photo.id, { caption: o.photo!.caption });
}
