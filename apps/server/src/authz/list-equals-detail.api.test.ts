import { randomUUID } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import type { LightMyRequestResponse } from 'fastify';
import ExcelJS from 'exceljs';
import { Parser } from 'n3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_ACTIONS, type Change, type ChangesResponse, type GlobalPermission, type ResourceAction } from '@observatory/shared';
import {
  buildAsset,
  buildComment,
  buildCommentPhoto,
  buildDataTable,
  buildInsight,
  buildInstitution,
  buildMetric,
  buildNote,
  buildObject,
  buildPage,
  buildPhoto,
  buildProject,
  buildProjectFile,
  buildPublication,
  buildRole,
  buildSensor,
  buildTeam,
  buildUpdate,
  buildUser,
  type TestUser,
} from '../../test/factories.js';
import { api, feedSettled, sourceWebDist, startTestApp, unique, uniqueIp, type TestApp } from '../../test/harness.js';
import { decodeTile, pointsTotal, tileAt, tilesOver, type DecodedPoint } from '../../test/vector-tiles.js';
import { createOaiService } from '../modules/oai/index.js';
import { findByKey } from './lookup.js';
import { can, type Actor } from './policy.js';
import { RESOURCES, type Kind } from './resources.js';
import { mayActOn, visibleTo } from './visibility.js';

/** The first column of an XLSX export's rows after the header (the object's name). */
async function xlsxFirstColumn(res: LightMyRequestResponse): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const names: string[] = [];
  book.worksheets[0]!.eachRow((row, n) => {
    if (n > 1) names.push(String(row.getCell(1).value));
  });
  return names;
}

/**
 * The registry's promise, checked for every kind and every kind of actor: a list shows
 * exactly the rows whose detail the same actor may read; every reference inside an answer
 * is itself readable; and a filter by a hidden target answers exactly as a filter by a
 * target that does not exist. One world of projects and objects of each visibility,
 * crossing each other (a public object of a members-only project, the public child of a
 * members-only parent), seen by each actor.
 */

let t: TestApp;
/** The web app's page, so the server answers page heads (the source template stands in for the build). */
const web = sourceWebDist();
const VISIBILITIES = ['public', 'signed-in', 'members'] as const;
type Vis = (typeof VISIBILITIES)[number];
/** Where the world's objects lie, away from anything else: the map and the box filter ask for it. */
const BOX = [-30.2, 10.1, -29.8, 10.5] as const;

interface World {
  owner: TestUser;
  actors: Record<string, TestUser | null>;
  marker: string;
  projects: Record<Vis, { id: string; slug: string }>;
  objects: { id: string; name: string; parent: string | null }[];
  team: { id: string; slug: string };
  /** Each project's data table, holding an observation of every object of the world. */
  tables: Record<Vis, string>;
  metric: string;
  insights: { id: string; num: number }[];
  /** A publication on every project, by the owner, naming the owner (confirmed) and the editor (waiting for them to confirm). */
  publication: string;
  /** The photo of a deleted object: its uploader's (the owner's) and manageAssets'. */
  orphanPhoto: string;
  /** Documentation pages: a published one and a draft below it (managePages only). */
  pages: string[];
  /** An image in each project's documentation, and one the public project's text held only before (its history: its editors'). */
  documentImages: { current: Record<Vis, string>; former: string };
}
let world: World;

const get = (url: string, who: TestUser | null) => api(t.app, 'GET', url, who ? { token: who.token } : {});
const readable = async (url: string, who: TestUser | null) => (await get(url, who)).statusCode === 200;
const sorted = (ids: Iterable<string>) => [...ids].sort();
/** The answer of a filter, as a caller sees it: status, body and the total the headers tell. */
const seen = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.body, count: res.headers['pagination-count'] ?? null });

async function filterIds<T>(items: T[], keep: (item: T) => Promise<boolean>): Promise<T[]> {
  const flags = await Promise.all(items.map(keep));
  return items.filter((_, i) => flags[i]);
}

beforeAll(async () => {
  t = await startTestApp({ webDist: web.dir });
  const admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  const owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  const newRole = async (permissions: GlobalPermission[]) => (await buildRole(t.app, admin, { permissions })).slug;
  const actors: World['actors'] = {
    visitor: null,
    nonMember: await buildUser(t.app),
    viewer: await buildUser(t.app),
    editor: await buildUser(t.app),
    owner,
    dataManager: await buildUser(t.app, { roles: [{ slug: 'data-manager' }] }),
    projectManager: await buildUser(t.app, { roles: [{ slug: await newRole(['manageProjects', 'accessAdmin']) }] }),
    userManager: await buildUser(t.app, { roles: [{ slug: await newRole(['manageUsers', 'accessAdmin']) }] }),
    administrator: admin,
  };
  const marker = unique('lev');
  const teamRow = await buildTeam(t.app, admin);
  const institution = await buildInstitution(t.app, admin);
  const projects = {} as World['projects'];
  for (const visibility of VISIBILITIES) {
    const project = await buildProject(t.app, owner, { title: `${marker} project ${visibility}`, visibility, teamId: teamRow.id });
    projects[visibility] = { id: project.id, slug: project.slug };
    for (const [who, roleSlug] of [
      ['viewer', 'viewer'],
      ['editor', 'editor'],
    ] as const) {
      expect(
        (await api(t.app, 'PUT', `/projects/${project.id}/members/${actors[who]!.username}`, { token: owner.token, body: { role: roleSlug } })).statusCode,
      ).toBe(200);
    }
    await api(t.app, 'PUT', `/projects/${project.id}/contributors/${randomUUID()}`, { token: owner.token, body: { personId: owner.personId, title: 'Lead' } });
    await api(t.app, 'PUT', `/projects/${project.id}/institutions/${randomUUID()}`, {
      token: owner.token,
      body: { institutionId: institution.id, role: 'Partner' },
    });
    await buildUpdate(t.app, owner, project.id, { title: `${marker} news` });
    await buildProjectFile(t.app, owner, project.id, { name: `${marker} data`, file: { data: Buffer.from('a,b\n1,2\n'), fileName: 'data.csv' } });
  }
  // An object of each visibility in each project; the first members-only object is the parent of public ones.
  const objects: World['objects'] = [];
  const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  // The objects' photos carry where they were taken, as a camera writes it.
  const placedPhoto = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 30/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '7/1 30/1 0/1' } })
    .toBuffer();
  let n = 0;
  const photoIds = new Map<string, string>();
  const make = async (projectVis: Vis, visibility: Vis, parent: string | null) => {
    const name = `${marker}-${n++}`;
    const at = [BOX[0] + 0.05 + 0.01 * n, BOX[1] + 0.05 + 0.01 * n];
    const object = await buildObject(t.app, owner, {
      name,
      title: `${marker} object ${projectVis} ${visibility}`,
      projects: [projects[projectVis].id],
      visibility,
      geo: { type: 'Point', coordinates: at },
      ...(parent ? { parent } : {}),
    });
    objects.push({ id: object.id, name, parent });
    await buildNote(t.app, owner, name, { content: `${marker} note` });
    photoIds.set(name, (await buildPhoto(t.app, owner, name, { file: { data: placedPhoto, fileName: 'p.jpg' } })).id);
    return name;
  };
  for (const projectVis of VISIBILITIES) for (const visibility of VISIBILITIES) await make(projectVis, visibility, null);
  const hiddenParent = await make('members', 'members', null);
  await make('public', 'public', hiddenParent);
  await make('members', 'public', hiddenParent);
  const openParent = await make('public', 'public', null);
  await make('public', 'members', openParent);
  // An object deleted with its photo and note: the photo stays, without an object (its uploader's and manageAssets').
  const doomed = await make('public', 'public', null);
  const orphanPhoto = photoIds.get(doomed)!;
  expect((await api(t.app, 'DELETE', `/data/obj/${doomed}`, { token: owner.token })).statusCode).toBe(204);
  objects.pop();
  // Each object moved once, a little: its first place is a past one (SensorThings' past Locations, for its editors and the audit log's readers).
  for (const [i, o] of objects.entries()) {
    const at = [BOX[0] + 0.05 + 0.01 * (i + 1) + 0.001, BOX[1] + 0.05 + 0.01 * (i + 1)];
    expect((await api(t.app, 'PUT', `/data/obj/${o.name}`, { token: owner.token, body: { geo: { type: 'Point', coordinates: at } } })).statusCode).toBe(200);
  }
  // A data table in each project with a value for every object, whatever the object's own sight.
  const metric = unique('lev-depth-');
  await buildMetric(t.app, admin, { name: metric, title: 'Depth', unit: 'm' });
  const tables = {} as World['tables'];
  for (const visibility of VISIBILITIES) {
    tables[visibility] = (await buildDataTable(t.app, owner, projects[visibility].id, { title: `${marker} series`, metrics: [metric] })).id;
    await buildSensor(t.app, owner, projects[visibility].id, { name: `${marker} logger ${visibility}` });
    const observations = objects.map((o, i) => ({ object: o.name, metric, time: '2024-06-01', value: i }));
    expect(
      (
        await api(t.app, 'POST', `/projects/${projects[visibility].id}/datatables/${tables[visibility]}/observations`, {
          token: owner.token,
          body: { observations },
        })
      ).statusCode,
    ).toBe(200);
  }
  // Insights of every visibility (members-only for the team, and with no team: the author's alone), each about every object, each commented on with an image.
  const insights: World['insights'] = [];
  for (const [visibility, team] of [
    ['public', null],
    ['signed-in', null],
    ['members', teamRow.slug],
    ['members', null],
  ] as const) {
    const insight = await buildInsight(t.app, owner, {
      title: `${marker} insight ${visibility} ${team ? 'team' : 'own'}`,
      tags: [marker],
      visibility,
      team,
      objects: objects.map((o) => o.name),
    });
    insights.push({ id: insight.id, num: insight.num });
    const image = await buildCommentPhoto(t.app, owner, insight.num, { file: { data: photo, fileName: 'c.png' } });
    await buildComment(t.app, owner, insight.num, { content: `${marker} comment`, photo: image.id });
  }
  const publication = await buildPublication(t.app, owner, {
    title: `${marker} paper`,
    authors: [
      { name: 'Owner', person: owner.personId },
      { name: 'Editor', person: actors.editor!.personId },
    ],
  });
  for (const p of Object.values(projects))
    expect((await api(t.app, 'PUT', `/projects/${p.id}/pubs/${publication.id}`, { token: owner.token })).statusCode).toBe(200);
  const pages = [marker, `${marker}/draft`];
  for (const [i, path] of pages.entries()) await buildPage(t.app, admin, { path, title: `${marker} page`, draft: i > 0 });
  const imageDoc = (id: string) => ({ type: 'doc', content: [{ type: 'image', attrs: { asset: id } }] });
  const current = {} as Record<Vis, string>;
  const former = (await buildAsset(t.app, owner)).id;
  for (const visibility of VISIBILITIES) {
    current[visibility] = (await buildAsset(t.app, owner)).id;
    const path = `/projects/${projects[visibility].id}`;
    if (visibility === 'public') expect((await api(t.app, 'PUT', path, { token: owner.token, body: { doc: imageDoc(former) } })).statusCode).toBe(200);
    expect((await api(t.app, 'PUT', path, { token: owner.token, body: { doc: imageDoc(current[visibility]) } })).statusCode).toBe(200);
  }
  world = {
    owner,
    actors,
    marker,
    projects,
    objects,
    team: { id: teamRow.id, slug: teamRow.slug },
    tables,
    metric,
    insights,
    publication: publication.id,
    orphanPhoto,
    pages,
    documentImages: { current, former },
  };
}, 240_000);
afterAll(async () => {
  await t.close();
  web.remove();
});

const ACTORS = ['visitor', 'nonMember', 'viewer', 'editor', 'owner', 'dataManager', 'projectManager', 'userManager', 'administrator'];

describe.each(ACTORS)('as %s', (name) => {
  const who = () => world.actors[name]!;

  it('for every kind, the SQL of visibleTo keeps exactly the rows the policy shows one by one', async () => {
    const user = who();
    const actor = user ? await t.app.services.users.actorFor(user.id) : null;
    for (const kind of Object.keys(RESOURCES) as Kind[]) {
      const d = RESOURCES[kind];
      const { all, shown } = await t.app.database.use(async (db) => ({
        all: (await db.select({ id: d.id }).from(d.table)).map((r) => String(r.id)),
        shown: (await db.select({ id: d.id }).from(d.table).where(visibleTo(actor, kind))).map((r) => String(r.id)),
      }));
      expect(all.length, kind).toBeGreaterThan(0);
      const seen = await filterIds(all, async (id) => can(actor, 'view', (await t.app.database.use((db) => findByKey(db, kind, id)))!.resource));
      expect(sorted(shown), kind).toEqual(sorted(seen));
    }
  });

  it('for every kind read on its own, the SQL of mayActOn keeps exactly the rows the policy lets the actor act on, action by action, also through API keys', async () => {
    const user = who();
    const signedIn = user ? await t.app.services.users.actorFor(user.id) : null;
    // The user as such, and through keys of theirs: one that may edit within one project, one that may edit and delete anywhere, one within the team.
    const keyed = (permissions: ResourceAction[], targets: string[]): Actor | null =>
      signedIn && { ...signedIn, key: { id: randomUUID(), permissions: new Set(permissions), targets: new Set(targets) } };
    const actors = [signedIn, keyed(['edit'], [world.projects.members.id]), keyed(['edit', 'delete'], []), keyed(['edit', 'comment'], [world.team.id])];
    const kinds = (Object.keys(RESOURCES) as Kind[]).filter((kind) => !RESOURCES[kind].parent && !RESOURCES[kind].coOwners);
    for (const kind of kinds) {
      const d = RESOURCES[kind];
      const all = (await t.app.database.use((db) => db.select({ id: d.id }).from(d.table))).map((r) => String(r.id));
      const resources = await Promise.all(all.map(async (id) => [id, (await t.app.database.use((db) => findByKey(db, kind, id)))!.resource] as const));
      for (const [n, actor] of actors.entries())
        for (const action of RESOURCE_ACTIONS) {
          const condition = mayActOn(actor, kind, action);
          const kept = (await t.app.database.use((db) => db.select({ id: d.id }).from(d.table).where(condition))).map((r) => String(r.id));
          const allowed = resources.filter(([, resource]) => can(actor, action, resource)).map(([id]) => id);
          expect(sorted(kept), `${kind} ${action}, actor ${n}`).toEqual(sorted(allowed));
        }
    }
  });

  it('projects: the catalogue and its search list exactly the readable ones; their references are readable', async () => {
    const listed = (await get(`/projects?q=${encodeURIComponent(world.marker)}`, who())).json().projects.map((p: { id: string }) => p.id);
    const all = Object.values(world.projects);
    const detail = await filterIds(all, (p) => readable(`/projects/${p.id}`, who()));
    expect(sorted(listed)).toEqual(sorted(detail.map((p) => p.id)));
    for (const p of detail) {
      const body = (await get(`/projects/${p.id}`, who())).json();
      if (body.project.team) expect(await readable(`/teams/${body.project.team.id}`, who())).toBe(true);
      for (const c of body.contributors) expect(await readable(`/people/${c.person.id}`, who())).toBe(true);
      for (const i of body.institutions) expect(await readable(`/institutions/${i.institution.id}`, who())).toBe(true);
      for (const u of body.updates) expect(await readable(`/projects/${p.id}/updates/${u.id}`, who())).toBe(true);
    }
  });

  it('publications: the projects they name are the readable ones; a project’s filter and page list them only when it can be read', async () => {
    const detail = (await get(`/pubs/${world.publication}`, who())).json().publication;
    const readableProjects = await filterIds(Object.values(world.projects), (p) => readable(`/projects/${p.id}`, who()));
    expect(sorted(detail.projects.map((p: { id: string }) => p.id))).toEqual(sorted(readableProjects.map((p) => p.id)));
    const listed = (await get(`/pubs?q=${encodeURIComponent(world.marker)}`, who())).json().publications;
    expect(listed).toEqual([detail]);
    const missing = seen(await get('/pubs?project=no-such-project', who()));
    for (const p of Object.values(world.projects)) {
      const canRead = readableProjects.includes(p);
      const byProject = await get(`/pubs?project=${p.slug}`, who());
      if (canRead) expect(byProject.json().publications.map((x: { id: string }) => x.id)).toEqual([world.publication]);
      else expect(seen(byProject), `?project=${p.slug}`).toEqual(missing);
      const page = await get(`/projects/${p.id}`, who());
      if (canRead) expect(page.json().publications.map((x: { id: string }) => x.id)).toEqual([world.publication]);
    }
    const person = (await get(`/people/${world.owner.personId}`, who())).json().publications;
    expect(person).toEqual([detail]);
  });

  it('publications: a link waiting for its person shows in the detail to that person and managePublications only, and every list shows exactly the detail, counted alike', async () => {
    const editor = world.actors.editor!;
    const res = await get(`/pubs/${world.publication}`, who());
    expect(res.statusCode).toBe(200);
    const detail = res.json().publication;
    // The editor is the author waiting; the administrator holds managePublications; to anyone else, the owner (its writer) included, it is a name.
    const shown = name === 'editor' || name === 'administrator';
    expect(detail.authors.map((a: { name: string; person: { id: string } | null; confirmed: boolean }) => [a.name, a.person?.id ?? null, a.confirmed])).toEqual(
      [
        ['Owner', world.owner.personId, true],
        ['Editor', shown ? editor.personId : null, false],
      ],
    );
    if (!shown) expect(res.body).not.toContain(editor.personId);
    const listed = await get(`/pubs?q=${encodeURIComponent(world.marker)}`, who());
    expect([listed.json().publications, listed.headers['pagination-count']]).toEqual([[detail], '1']);
    for (const p of Object.values(world.projects)) {
      const page = await get(`/projects/${p.id}`, who());
      if (page.statusCode === 200) expect(page.json().publications).toEqual([detail]);
    }
    expect((await get(`/people/${world.owner.personId}`, who())).json().publications).toEqual([detail]);
    // Not the waiting person's publication yet: neither their page nor the person filter lists it, for anyone.
    const editorPage = (await get(`/people/${editor.personId}`, who())).json().publications as { id: string }[];
    expect(editorPage.map((p) => p.id)).not.toContain(world.publication);
    const byEditor = await get(`/pubs?person=${editor.username}&q=${encodeURIComponent(world.marker)}`, who());
    expect([byEditor.json().publications, byEditor.headers['pagination-count']]).toEqual([[], '0']);
    // The editor's own suggestions show it as the detail does to them.
    if (name === 'editor') expect((await get('/pubs/suggestions', who())).json().publications).toEqual([detail]);
  });

  it('updates and files: listed with the projects that can be read, and nowhere else', async () => {
    for (const p of Object.values(world.projects)) {
      const canRead = await readable(`/projects/${p.id}`, who());
      const updates = await get(`/projects/${p.id}/updates`, who());
      const files = await get(`/projects/${p.id}/files`, who());
      expect([updates.statusCode, files.statusCode]).toEqual(canRead ? [200, 200] : [404, 404]);
      if (!canRead) continue;
      for (const u of updates.json().updates) expect(await readable(`/projects/${p.id}/updates/${u.slug}`, who())).toBe(true);
      for (const f of files.json().files) expect((await get(`/auth/sign/projects/${p.id}/files/${f.id}/latest`, who())).statusCode).toBe(200);
    }
  });

  it('data tables and observations: listed with the projects that can be read; rows, counts, summaries, chart series and CSV lines only of readable objects', async () => {
    for (const visibility of VISIBILITIES) {
      const p = world.projects[visibility];
      const canRead = await readable(`/projects/${p.id}`, who());
      const table = `/projects/${p.id}/datatables/${world.tables[visibility]}`;
      const base = `${table}/observations`;
      const [tables, rows, csv, summary, chart, xlsx] = await Promise.all([
        get(`/projects/${p.id}/datatables`, who()),
        get(`${base}?limit=1000`, who()),
        get(`${base}.csv`, who()),
        get(`${table}/summary`, who()),
        get(`${table}/chart?metric=${world.metric}`, who()),
        get(`${base}.xlsx`, who()),
      ]);
      expect([tables, rows, csv, summary, chart, xlsx].map((r) => r.statusCode)).toEqual(
        canRead ? [200, 200, 200, 200, 200, 200] : [404, 404, 404, 404, 404, 404],
      );
      if (!canRead) continue;
      expect(tables.json().datatables.map((d: { id: string }) => d.id)).toEqual([world.tables[visibility]]);
      const shown = await filterIds(world.objects, (o) => readable(`/data/obj/${o.name}`, who()));
      const names = sorted(shown.map((o) => o.name));
      expect(sorted(rows.json().observations.map((o: { object: { name: string } }) => o.object.name))).toEqual(names);
      expect(rows.headers['pagination-count']).toBe(String(shown.length));
      expect(
        sorted(
          csv.body
            .trimEnd()
            .split('\r\n')
            .slice(1)
            .map((line) => line.split(',')[0]!),
        ),
      ).toEqual(names);
      expect(sorted(await xlsxFirstColumn(xlsx))).toEqual(names);
      const named = (list: { name?: string; object?: { name: string } }[]) => sorted(list.map((x) => x.object?.name ?? x.name!));
      expect(named(summary.json().summary)).toEqual(names);
      expect(named(summary.json().objects)).toEqual(names);
      // Up to the chart's most series: the world has fewer objects than that.
      expect(named(chart.json().series)).toEqual(names);
      // Filtered by quality flag and data level: the same readable rows, counted alike.
      const byFlag = await get(`${base}?flag=not%20checked&level=raw&limit=1000`, who());
      expect(sorted(byFlag.json().observations.map((o: { object: { name: string } }) => o.object.name))).toEqual(names);
      expect(byFlag.headers['pagination-count']).toBe(String(shown.length));
      // A filter by a hidden object answers as one by an object that does not exist.
      for (const o of world.objects.filter((x) => !shown.includes(x))) {
        expect(seen(await get(`${base}?object=${o.name}`, who()))).toEqual(seen(await get(`${base}?object=${world.marker}-nothing`, who())));
      }
    }
  });

  it('SensorThings: Things, Locations, HistoricalLocations, features, Datastreams, Sensors and Observations list exactly the readable ones, counted alike; each listed one reads as its detail', async () => {
    const sta = async (path: string) => {
      const res = await get(`/sta/v1.1/${path}`, who());
      expect(res.statusCode, path).toBe(200);
      return res.json() as { value: { '@iot.id': string; '@iot.selfLink': string }[]; '@iot.count': number };
    };
    const marked = encodeURIComponent(`startswith(name, '${world.marker} ')`);
    const readableObjects = await filterIds(world.objects, (o) => readable(`/data/obj/${o.name}`, who()));
    const objectIds = sorted(readableObjects.map((o) => o.id));
    for (const set of ['Things', 'FeaturesOfInterest']) {
      const listed = await sta(`${set}?$filter=${marked}&$count=true&$top=1000`);
      expect(sorted(listed.value.map((e) => e['@iot.id'])), set).toEqual(objectIds);
      expect(listed['@iot.count'], set).toBe(objectIds.length);
    }
    // Each object was placed, then moved: its first place is a past one, seen by its editors and the audit log's readers only.
    const session = who() ? (await get('/auth/user', who())).json().user : null;
    const auditReader = !!session?.super || !!session?.permissions.includes('accessAdmin');
    const editable = await filterIds(readableObjects, async (o) => ((await get(`/data/obj/${o.name}`, who())).json().permissions as string[]).includes('edit'));
    const withPast = auditReader ? readableObjects : editable;
    const history = await sta(
      `HistoricalLocations?$filter=${encodeURIComponent(`startswith(Thing/name, '${world.marker} ')`)}&$count=true&$top=1000&$expand=Thing($select=id)`,
    );
    const thingsOf = (entries: typeof history.value) => sorted(entries.map((h) => (h as unknown as { Thing: { '@iot.id': string } }).Thing['@iot.id']));
    expect(thingsOf(history.value)).toEqual(sorted([...objectIds, ...withPast.map((o) => o.id)]));
    expect(history['@iot.count']).toBe(objectIds.length + withPast.length);
    // The Locations: each readable object's current one (its own id) and the past ones of those above (their entries' ids), each read as its detail.
    const locations = await sta(`Locations?$filter=${marked}&$count=true&$top=1000`);
    const current = locations.value.filter((l) => objectIds.includes(l['@iot.id']));
    expect(sorted(current.map((l) => l['@iot.id']))).toEqual(objectIds);
    expect(locations.value).toHaveLength(objectIds.length + withPast.length);
    expect(locations['@iot.count']).toBe(objectIds.length + withPast.length);
    const pastOnes = await sta(
      `HistoricalLocations?$filter=${encodeURIComponent(`startswith(Thing/name, '${world.marker} ')`)}&$top=1000&$expand=Thing($select=id),Locations($select=id)`,
    );
    const pastIds = pastOnes.value
      .flatMap((h) => (h as unknown as { Locations: { '@iot.id': string }[] }).Locations.map((l) => l['@iot.id']))
      .filter((id) => !objectIds.includes(id));
    expect(sorted(locations.value.map((l) => l['@iot.id']).filter((id) => !objectIds.includes(id)))).toEqual(sorted(pastIds));
    for (const l of locations.value)
      expect((await get(l['@iot.selfLink'].slice(l['@iot.selfLink'].indexOf('/sta/v1.1')), who())).statusCode, l['@iot.selfLink']).toBe(200);
    // A series is seen where its project and its object both are: one per readable object of each readable project's table.
    const readableProjects = await filterIds(VISIBILITIES as unknown as Vis[], (v) => readable(`/projects/${world.projects[v].id}`, who()));
    const series = readableProjects.length * readableObjects.length;
    const ofWorld = await sta(`Datastreams?$filter=${encodeURIComponent(`substringof('${world.marker}', Thing/name)`)}&$count=true&$top=1000`);
    expect(ofWorld['@iot.count']).toBe(series);
    expect(ofWorld.value).toHaveLength(series);
    const sensors = await sta(`Sensors?$filter=${encodeURIComponent(`startswith(name, '${world.marker} logger')`)}&$count=true`);
    expect([sensors.value.length, sensors['@iot.count']]).toEqual([readableProjects.length, readableProjects.length]);
    const observations = await sta(
      `Observations?$filter=${encodeURIComponent(`substringof('${world.marker}', FeatureOfInterest/name)`)}&$count=true&$top=1000`,
    );
    expect([observations.value.length, observations['@iot.count']]).toEqual([series, series]);
    for (const e of [...ofWorld.value, ...observations.value, ...sensors.value, ...history.value]) {
      const detail = await get(e['@iot.selfLink'].slice(e['@iot.selfLink'].indexOf('/sta/v1.1')), who());
      expect(detail.statusCode, e['@iot.selfLink']).toBe(200);
    }
    // A hidden object's Thing answers as one that does not exist.
    for (const o of world.objects.filter((x) => !readableObjects.includes(x))) {
      const answer = async (id: string) => {
        const res = await get(`/sta/v1.1/Things('${id}')`, who());
        return [res.statusCode, res.json().error];
      };
      expect(await answer(o.id)).toEqual(await answer(randomUUID()));
    }
  });

  it('latest values: of each project and each object, exactly the readable series, counted alike; each one’s datastream reads as its detail', async () => {
    const latest = async (query: string) => {
      const res = await get(`/latest-values?${query}&limit=1000`, who());
      expect(res.statusCode, query).toBe(200);
      return { values: res.json().values as { datastream: string; object: { name: string } }[], count: Number(res.headers['pagination-count']) };
    };
    const readableObjects = await filterIds(world.objects, (o) => readable(`/data/obj/${o.name}`, who()));
    const readableProjects = await filterIds(VISIBILITIES as unknown as Vis[], (v) => readable(`/projects/${world.projects[v].id}`, who()));
    for (const visibility of VISIBILITIES) {
      const listed = await latest(`project=${world.projects[visibility].id}`);
      const expected = readableProjects.includes(visibility) ? sorted(readableObjects.map((o) => o.name)) : [];
      expect(sorted(listed.values.map((v) => v.object.name)), visibility).toEqual(expected);
      expect(listed.count, visibility).toBe(expected.length);
      for (const v of listed.values) expect((await get(`/sta/v1.1/Datastreams('${v.datastream}')`, who())).statusCode).toBe(200);
    }
    for (const o of world.objects) {
      const listed = await latest(`object=${o.name}`);
      const expected = readableObjects.includes(o) ? readableProjects.length : 0;
      expect([listed.values.length, listed.count], o.name).toEqual([expected, expected]);
    }
  });

  it('objects: the catalogue, its search, box, GeoJSON, CSV, the streamed exports and the map list exactly the readable ones', async () => {
    const readableObjects = await filterIds(world.objects, (o) => readable(`/data/obj/${o.name}`, who()));
    const expected = sorted(readableObjects.map((o) => o.name));
    const names = (res: LightMyRequestResponse) => sorted(res.json().objects.map((o: { name: string }) => o.name));
    expect(names(await get(`/data/obj?q=${world.marker}&limit=1000`, who()))).toEqual(expected);
    expect(names(await get(`/data/obj?bbox=${BOX.join(',')}&limit=1000`, who()))).toEqual(expected);
    const geojson = (await get(`/data/obj?bbox=${BOX.join(',')}&limit=1000&format=geojson`, who())).json();
    expect(sorted(geojson.features.map((f: { properties: { name: string } }) => f.properties.name))).toEqual(expected);
    const csv = (await get(`/data/obj?q=${world.marker}&limit=1000&format=csv`, who())).body;
    const csvNames = csv
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0]!);
    expect(sorted(csvNames)).toEqual(expected);
    expect(sorted(await xlsxFirstColumn(await get(`/data/obj?q=${world.marker}&limit=1000&format=xlsx`, who())))).toEqual(expected);
    const map = (await get(`/data/map?bbox=${BOX.join(',')}&zoom=18`, who())).json();
    expect(sorted(map.features.map((f: { properties: { name: string } }) => f.properties.name))).toEqual(expected);
    // The vector tiles over the box, at a zoom read from the stored counts, one counted live and one of single objects:
    // every readable object counted once, no other, and each single one named.
    const tilesPoints = async (layer: string, z: number, tiles: [number, number][]) => {
      const points: DecodedPoint[] = [];
      for (const [x, y] of tiles) points.push(...decodeTile((await get(`/tiles/${layer}/${z}/${x}/${y}.mvt`, who())).rawPayload));
      return points;
    };
    for (const [layer, z] of [
      ['objects', 6],
      ['site', 6],
      ['objects', 12],
    ] as const) {
      const points = await tilesPoints(layer, z, tilesOver(BOX, z));
      expect(pointsTotal(points), `${layer} tiles of zoom ${z}`).toBe(expected.length);
      const singles = points.filter((p) => !p.properties.cluster).map((p) => String(p.properties.name));
      expect(
        singles.every((name) => expected.includes(name)),
        `${layer} tiles of zoom ${z}`,
      ).toBe(true);
    }
    // From zoom 16 one by one: each readable object in the tile where it lies.
    const placedTiles = new Map<string, [number, number]>();
    for (const f of geojson.features as { geometry: { coordinates: [number, number] } }[]) {
      const at = tileAt(...f.geometry.coordinates, 16);
      placedTiles.set(at.join('/'), at);
    }
    const one = await tilesPoints('objects', 16, [...placedTiles.values()]);
    expect(sorted(one.map((p) => String(p.properties.name)))).toEqual(expected);
    // Every object streamed (all=1), counted as the pages count it; each one alone as GeoJSON exactly when its detail can be read.
    type Streamed = { id: string; properties: { name: string; parent: string | null; projects: string[] } };
    const streamed = JSON.parse((await get(`/data/obj?bbox=${BOX.join(',')}&format=geojson&all=1`, who())).body).features as Streamed[];
    expect(sorted(streamed.map((f) => f.properties.name))).toEqual(expected);
    const counted = (await get(`/data/obj?bbox=${BOX.join(',')}&format=geojson&limit=1`, who())).headers['pagination-count'];
    expect(Number(counted)).toBe(streamed.length);
    for (const f of streamed) {
      if (f.properties.parent) expect(await readable(`/data/obj/${f.properties.parent}`, who()), `parent of ${f.properties.name}`).toBe(true);
      for (const slug of f.properties.projects) expect(await readable(`/projects/${slug}`, who()), `project of ${f.properties.name}`).toBe(true);
    }
    const streamedCsv = (await get(`/data/obj?q=${world.marker}&format=csv&all=1`, who())).body.trimEnd().split('\r\n').slice(1);
    expect(sorted(streamedCsv.map((line) => line.split(',')[0]!))).toEqual(expected);
    for (const o of world.objects) {
      const alone = await get(`/data/obj/${o.name}?format=geojson`, who());
      expect(alone.statusCode, `${o.name} as GeoJSON`).toBe(expected.includes(o.name) ? 200 : 404);
      if (alone.statusCode === 200) expect(alone.json().id).toBe(o.id);
    }
    expect(csv).not.toMatch(
      new RegExp(
        world.objects
          .filter((o) => !expected.includes(o.name))
          .map((o) => `,${o.name},`)
          .join('|') || '^$',
      ),
    );
  });

  it('objects: the OGC API’s items, their numberMatched and each feature alone hold exactly the readable ones', async () => {
    const expected = sorted((await filterIds(world.objects, (o) => readable(`/data/obj/${o.name}`, who()))).map((o) => o.name));
    for (const collection of ['objects', 'site']) {
      const items = (await get(`/ogc/collections/${collection}/items?bbox=${BOX.join(',')}&limit=1000`, who())).json();
      type Item = { properties: { name: string; parent: string | null; projects: string[] } };
      expect(sorted(items.features.map((f: Item) => f.properties.name)), collection).toEqual(expected);
      expect(items.numberMatched, collection).toBe(expected.length);
      for (const f of items.features as Item[]) {
        if (f.properties.parent) expect(await readable(`/data/obj/${f.properties.parent}`, who()), `parent of ${f.properties.name}`).toBe(true);
        for (const slug of f.properties.projects) expect(await readable(`/projects/${slug}`, who()), `project of ${f.properties.name}`).toBe(true);
      }
      for (const o of world.objects) {
        const alone = await get(`/ogc/collections/${collection}/items/${o.id}`, who());
        expect(alone.statusCode, `${o.name} in ${collection}`).toBe(expected.includes(o.name) ? 200 : 404);
        // Asked for by a property parameter, as GDAL sends a layer's equality filter.
        const byName = (await get(`/ogc/collections/${collection}/items?name=${o.name}`, who())).json();
        expect(byName.numberMatched, `?name=${o.name} in ${collection}`).toBe(expected.includes(o.name) ? 1 : 0);
      }
    }
  });

  it('objects: every parent, child and project named in an answer can be read', async () => {
    const list = (await get(`/data/obj?q=${world.marker}&limit=1000`, who())).json().objects;
    for (const o of list) {
      const detail = (await get(`/data/obj/${o.name}`, who())).json().obj;
      for (const ref of [o, detail]) {
        if (ref.parent) expect(await readable(`/data/obj/${ref.parent.name}`, who()), `parent of ${o.name}`).toBe(true);
        for (const p of ref.projects) expect(await readable(`/projects/${p.id}`, who()), `project of ${o.name}`).toBe(true);
      }
      const children = (await get(`/data/obj?parent=${o.name}&limit=100`, who())).json().objects;
      for (const c of children) expect(await readable(`/data/obj/${c.name}`, who())).toBe(true);
    }
    // Each object's parent, as stored, shows only where the parent can be read.
    for (const o of world.objects.filter((x) => x.parent)) {
      const res = await get(`/data/obj/${o.name}`, who());
      if (res.statusCode !== 200) continue;
      const parentReadable = await readable(`/data/obj/${o.parent}`, who());
      expect(res.json().obj.parent?.name ?? null).toBe(parentReadable ? o.parent : null);
    }
  });

  it('notes and photos: listed with the objects that can be read, their images served; where a photo was taken only to the object’s editors', async () => {
    for (const o of world.objects) {
      const detail = await get(`/data/obj/${o.name}`, who());
      const canRead = detail.statusCode === 200;
      const notes = await get(`/data/obj/${o.name}/notes`, who());
      const photos = await get(`/data/obj/${o.name}/photos`, who());
      expect([notes.statusCode, photos.statusCode], o.name).toEqual(canRead ? [200, 200] : [404, 404]);
      if (!canRead) continue;
      expect(notes.json().notes).toHaveLength(1);
      const mayEdit = (detail.json().permissions as string[]).includes('edit');
      expect(photos.json().photos, o.name).toHaveLength(1);
      for (const photo of photos.json().photos) {
        expect((await api(t.app, 'GET', photo.image.thumbUrl.replace('/api/v1', ''))).statusCode).toBe(200);
        if (photo.object) expect(await readable(`/data/obj/${photo.object.name}`, who())).toBe(true);
        expect(photo.geo, `${o.name}: its position`).toEqual(mayEdit ? { type: 'Point', coordinates: [7.5, 46.5] } : null);
      }
    }
  });

  it('photos: the search lists exactly the photos whose object (or comment’s insight) the actor may read, and counts them so', async () => {
    type Found = { id: string; source: string; object: { name: string } | null; insight: { id: string } | null; image: { thumbUrl: string }; geo: unknown };
    // Every object of the world has a photo, and its name holds the marker; every insight's comment holds it and an image.
    const res = await get(`/photos?q=${world.marker}&n=100`, who());
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json().photos as Found[];
    const readableObjects = await filterIds(world.objects, (o) => readable(`/data/obj/${o.name}`, who()));
    const readableInsights = await filterIds(world.insights, (i) => readable(`/insights/${i.num}`, who()));
    expect(sorted(found.filter((p) => p.source === 'object').map((p) => p.object!.name))).toEqual(sorted(readableObjects.map((o) => o.name)));
    expect(sorted(found.filter((p) => p.source === 'comment').map((p) => p.insight!.id))).toEqual(sorted(readableInsights.map((i) => i.id)));
    const total = readableObjects.length + readableInsights.length;
    expect([res.json().total_count, res.headers['pagination-count']]).toEqual([total, String(total)]);
    // A page of one counts the same; every photo listed can be read alone, and its image is served.
    expect((await get(`/photos?q=${world.marker}&n=1`, who())).json()).toMatchObject({ total_count: total, pages: total });
    for (const p of found) {
      expect(await readable(`/photos/${p.id}`, who()), p.id).toBe(true);
      expect((await api(t.app, 'GET', p.image.thumbUrl.replace('/api/v1', ''))).statusCode).toBe(200);
    }
    // Where an object photo was taken: to its object's editors only, in the search as on the object; the search's box never finds it by that.
    for (const p of found.filter((x) => x.source === 'object')) {
      const mayEdit = ((await get(`/data/obj/${p.object!.name}`, who())).json().permissions as string[]).includes('edit');
      expect(p.geo, `${p.object!.name}: its position in the search`).toEqual(mayEdit ? { type: 'Point', coordinates: [7.5, 46.5] } : null);
    }
    expect((await get(`/photos?q=${world.marker}&bbox=7.4,46.4,7.6,46.6`, who())).json().total_count).toBe(0);
    // The photos of the objects the actor may not read (and the comments on such insights): 404 alone too.
    const all = (await get(`/photos?q=${world.marker}&n=100`, world.actors.administrator!)).json().photos as Found[];
    for (const p of all.filter((x) => !found.some((f) => f.id === x.id))) expect(await readable(`/photos/${p.id}`, who()), p.id).toBe(false);
    // The photo of the deleted object: listed among the owner's exactly when it can be read (its uploader, manageAssets).
    const actor = who() ? await t.app.services.users.actorFor(who()!.id) : null;
    const seesOrphan = !!actor && (actor.super || actor.global.has('manageAssets') || actor.personId === world.owner.personId);
    expect(await readable(`/photos/${world.orphanPhoto}`, who())).toBe(seesOrphan);
    const byOwner = await get(`/people/${world.owner.personId}/photos?n=100`, who());
    const ownerPhotos = byOwner.json().photos as Found[];
    expect(ownerPhotos.some((p) => p.id === world.orphanPhoto)).toBe(seesOrphan);
    expect(byOwner.json().total_count).toBe(total + (seesOrphan ? 1 : 0));
  });

  it('insights: search, tags and counts list exactly the readable ones; the objects they name can be read', async () => {
    const listed = (await get(`/insights?tag=${world.marker}`, who())).json().results as { id: string; objects: { name: string }[]; comments: number }[];
    const readableIds = (await filterIds(world.insights, (i) => readable(`/insights/${i.num}`, who()))).map((i) => i.id);
    expect(sorted(listed.map((i) => i.id))).toEqual(sorted(readableIds));
    const byText = (await get(`/insights?q=${world.marker}`, who())).json().results as { id: string }[];
    expect(sorted(byText.map((i) => i.id))).toEqual(sorted(readableIds));
    const tag = (await get('/insights/tags', who())).json().tags.find((x: { tag: string }) => x.tag === world.marker);
    expect(tag?.count ?? 0).toBe(readableIds.length);
    for (const insight of listed) {
      expect(insight.comments).toBe(1);
      const names = insight.objects.map((o) => o.name);
      expect(sorted(names)).toEqual(sorted((await filterIds(world.objects, (o) => readable(`/data/obj/${o.name}`, who()))).map((o) => o.name)));
      const detail = (await get(`/insights/${insight.id}`, who())).json().insight;
      expect(detail).toEqual(expect.objectContaining({ id: insight.id, objects: insight.objects, comments: insight.comments }));
    }
  });

  it('sandbox: the query, its count, chart and exports hold exactly the readable objects, their observations only from readable projects’ tables', async () => {
    const me = who();
    const post = (url: string, body: unknown) => api(t.app, 'POST', url, { ...(me ? { token: me.token } : {}), body, ip: uniqueIp() });
    const expected = sorted((await filterIds(world.objects, (o) => readable(`/data/obj/${o.name}`, me))).map((o) => o.name));
    // Each table holds one observation of every object: a readable object shows one for each table it may read.
    const tablesRead = (await filterIds([...VISIBILITIES], (v) => readable(`/projects/${world.projects[v].id}`, me))).length;
    const body = { types: ['site'], bbox: [...BOX], metrics: [world.metric] };
    const found = (await post('/sandbox/query', { ...body, n: 100 })).json();
    expect(sorted(found.objects.map((o: { name: string }) => o.name))).toEqual(expected);
    expect(found.total).toBe(expected.length);
    for (const o of found.objects) expect(o.metrics[world.metric]?.count ?? 0, o.name).toBe(tablesRead);
    const chart = (await post('/sandbox/chart', { ...body, metric: world.metric })).json();
    expect(chart).toMatchObject({ objects: tablesRead ? expected.length : 0, observations: expected.length * tablesRead });
    const csv = (await post('/sandbox/export?format=csv', body)).body.trimEnd().split('\r\n').slice(1);
    expect(sorted(csv.map((line) => line.split(',')[0]!))).toEqual(expected);
    expect(sorted(await xlsxFirstColumn(await post('/sandbox/export?format=xlsx', body)))).toEqual(expected);
    const geojson = JSON.parse((await post('/sandbox/export?format=geojson', body)).body);
    expect(sorted(geojson.features.map((f: { properties: { name: string } }) => f.properties.name))).toEqual(expected);
    // A hidden project in the filter answers as a project that does not exist.
    for (const p of Object.values(world.projects)) {
      if (await readable(`/projects/${p.id}`, me)) continue;
      const [hidden, missing] = [await post('/sandbox/query', { projects: [p.slug] }), await post('/sandbox/query', { projects: [`${world.marker}-nothing`] })];
      expect([hidden.statusCode, hidden.json().error.replace(p.slug, 'KEY')]).toEqual([
        missing.statusCode,
        missing.json().error.replace(`${world.marker}-nothing`, 'KEY'),
      ]);
    }
  });

  it('the change feed names exactly the world’s resources the actor may read now; every other change is a delete of an id, saying nothing more', async () => {
    await feedSettled(t.database);
    const changes: Change[] = [];
    for (let next: string | null = null; ;) {
      const res = (await get(`/changes?limit=1000${next ? `&since=${next}` : ''}`, who())).json() as ChangesResponse;
      changes.push(...res.changes);
      next = res.next;
      if (!res.more) break;
    }
    const candidates = [
      ...Object.values(world.projects).map((p) => ({ id: p.id, detail: `/projects/${p.id}` })),
      ...world.objects.map((o) => ({ id: o.id, detail: `/data/obj/${o.name}` })),
      ...world.insights.map((i) => ({ id: i.id, detail: `/insights/${i.num}` })),
      { id: world.publication, detail: `/pubs/${world.publication}` },
    ];
    const readableIds = (await filterIds(candidates, (c) => readable(c.detail, who()))).map((c) => c.id);
    const worldIds = new Set(candidates.map((c) => c.id));
    const ofWorld = changes.filter((c) => worldIds.has(c.id));
    expect(sorted(new Set(ofWorld.filter((c) => c.op !== 'delete').map((c) => c.id)))).toEqual(sorted(readableIds));
    for (const change of ofWorld.filter((c) => c.op === 'delete')) {
      expect(readableIds).not.toContain(change.id);
      expect(Object.keys(change).sort()).toEqual(['cursor', 'id', 'kind', 'op']);
    }
    expect(JSON.stringify(ofWorld.filter((c) => !readableIds.includes(c.id)))).not.toContain(world.marker);
  });

  it('pages: the tree with drafts lists exactly the readable ones; without, the published ones', async () => {
    const ofWorld = async (query: string) =>
      ((await get(`/pages${query}`, who())).json().pages as { path: string }[]).map((p) => p.path).filter((path) => world.pages.includes(path));
    const readablePages = await filterIds(world.pages, (path) => readable(`/pages/at/${path}`, who()));
    expect(await ofWorld('?drafts=true')).toEqual(readablePages);
    expect(await ofWorld('')).toEqual([world.marker]);
  });

  it('a filter by a hidden target answers as one by a target that does not exist', async () => {
    const missing = `${world.marker}-nothing`;
    for (const o of world.objects) {
      if (await readable(`/data/obj/${o.name}`, who())) continue;
      expect(seen(await get(`/data/obj?parent=${o.name}`, who())), `?parent=${o.name}`).toEqual(seen(await get(`/data/obj?parent=${missing}`, who())));
      expect(seen(await get(`/data/obj?parent=${o.id}`, who()))).toEqual(seen(await get(`/data/obj?parent=${randomUUID()}`, who())));
      // The query echoed back names the key asked for: compare the rest.
      const insightsBy = async (key: string) => {
        const res = await get(`/insights?o=${key}`, who());
        return { status: res.statusCode, results: res.json().results, count: res.headers['pagination-count'] };
      };
      expect(await insightsBy(o.name), `insights ?o=${o.name}`).toEqual(await insightsBy(missing));
    }
    for (const p of Object.values(world.projects)) {
      if (await readable(`/projects/${p.id}`, who())) continue;
      for (const url of ['/data/obj?project=', `/data/map?bbox=${BOX.join(',')}&zoom=18&project=`]) {
        expect(seen(await get(`${url}${p.slug}`, who())), `${url}${p.slug}`).toEqual(seen(await get(`${url}${missing}`, who())));
        expect(seen(await get(`${url}${p.id}`, who()))).toEqual(seen(await get(`${url}${randomUUID()}`, who())));
      }
    }
  });

  it('a role on a hidden project is refused as on one that does not exist', async () => {
    const me = who();
    if (!me) return expect((await api(t.app, 'PUT', `/users/${world.owner.personId}/roles/${world.projects.members.id}/viewer`)).statusCode).toBe(401);
    for (const p of Object.values(world.projects)) {
      if (await readable(`/projects/${p.id}`, me)) continue;
      const hidden = await api(t.app, 'PUT', `/users/${me.personId}/roles/${p.id}/viewer`, { token: me.token });
      const missing = await api(t.app, 'PUT', `/users/${me.personId}/roles/${randomUUID()}/viewer`, { token: me.token });
      expect(seen(hidden)).toMatchObject({ status: missing.statusCode, count: null });
      expect(hidden.json().error).toBe(missing.json().error);
    }
  });

  it('teams, people, institutions and users: lists and details agree, and a user’s role targets can be read', async () => {
    const teams = (await get('/teams', who())).json().teams.map((x: { id: string }) => x.id);
    expect(teams).toContain(world.team.id);
    expect(await readable(`/teams/${world.team.id}`, who())).toBe(true);
    const people = (await get('/people?q=Test', who())).json().people;
    for (const p of people) expect(await readable(`/people/${p.id}`, who())).toBe(true);
    const institutions = (await get('/institutions', who())).json().institutions;
    for (const i of institutions) expect(await readable(`/institutions/${i.id}`, who())).toBe(true);
    const everyone = Object.values(world.actors).filter((u): u is TestUser => !!u);
    const readableUsers = await filterIds(everyone, (u) => readable(`/users/${u.personId}`, who()));
    const list = await get('/users?q=user', who());
    if (list.statusCode === 200) {
      const listed = list.json().users.map((u: { person: { id: string } }) => u.person.id);
      expect(sorted(everyone.map((u) => u.personId).filter((id) => listed.includes(id)))).toEqual(sorted(readableUsers.map((u) => u.personId)));
    } else {
      expect(list.statusCode).toBe(who() ? 403 : 401);
      expect(readableUsers.map((u) => u.personId)).toEqual(who() ? [who()!.personId] : []);
    }
    for (const u of readableUsers) {
      for (const r of (await get(`/users/${u.personId}`, who())).json().roles) {
        if (r.target?.type === 'project') expect(await readable(`/projects/${r.target.id}`, who()), `a role target of ${u.username}`).toBe(true);
      }
    }
  });

  it('document histories: a project’s documentation and a person’s bio are read exactly by those their detail lets edit', async () => {
    const editable = async (url: string) => {
      const res = await get(url, who());
      return res.statusCode === 200 && (res.json().permissions as string[]).includes('edit');
    };
    const owners = [
      ...Object.values(world.projects).map((p) => `/projects/${p.id}`),
      ...Object.values(world.actors)
        .filter((u): u is TestUser => !!u)
        .map((u) => `/people/${u.personId}`),
    ];
    for (const owner of owners) expect(await readable(`${owner}/revisions`, who()), owner).toBe(await editable(owner));
  });

  it('document images: served exactly to those who may read a text that holds them (its history: its editors), plainly only when public, else as no image', async () => {
    const { current, former } = world.documentImages;
    const cases = [
      ...VISIBILITIES.map((v) => ({ asset: current[v], holder: `/projects/${world.projects[v].id}`, history: false })),
      { asset: former, holder: `/projects/${world.projects.public.id}`, history: true },
    ];
    // Their uploader and manageAssets see every asset.
    const session = who() ? (await get('/auth/user', who())).json().user : null;
    const ownerOrManager = name === 'owner' || !!session?.super || !!session?.permissions.includes('manageAssets');
    for (const { asset, holder, history } of cases) {
      const res = await get(holder, who());
      const mayRead = res.statusCode === 200 && (!history || (res.json().permissions as string[]).includes('edit'));
      const sees = mayRead || ownerOrManager;
      const detail = await get(`/assets/${asset}`, who());
      expect(detail.statusCode, `${asset} of ${holder}`).toBe(sees ? 200 : 404);
      const unsignedRes = await t.app.inject({ method: 'GET', url: `/api/v1/assets/${asset}/96` });
      expect(unsignedRes.statusCode, `unsigned ${asset}`).toBe(holder.endsWith(world.projects.public.id) && !history ? 200 : 404);
      if (!sees) continue;
      const served = await t.app.inject({ method: 'GET', url: detail.json().asset.image.thumbUrl as string });
      expect(served.statusCode).toBe(200);
    }
  });

  it('own uploads: /assets?mine=true lists only assets the actor uploaded, each readable, counted alike', async () => {
    const res = await get('/assets?mine=true', who());
    if (!who()) return expect(res.statusCode).toBe(401);
    const listed = res.json().assets as { id: string; owner: { username: string } | null }[];
    expect(Number(res.headers['pagination-count'])).toBe(res.json().totals.count);
    for (const asset of listed) {
      expect(asset.owner?.username).toBe(who()!.username);
      expect(await readable(`/assets/${asset.id}`, who()), asset.id).toBe(true);
    }
    if (name === 'owner') expect(listed.length).toBeGreaterThan(0);
  });

  it('Site Admin’s recent changes name only what can be read', async () => {
    const res = await get('/admin/summary', who());
    if (res.statusCode !== 200) return expect(res.statusCode).toBe(who() ? 403 : 401);
    const entries: { targetType: string | null; targetId: string | null; target: { state: string; name: string | null } }[] = res.json().audit;
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) {
      const path = e.targetType === 'project' ? `/projects/${e.targetId}` : e.targetType === 'object' ? `/data/obj/${e.targetId}` : null;
      if (!path || e.target.state === 'gone') continue;
      // Named exactly when the detail can be read; otherwise only said to exist.
      expect(await readable(path, who()), `audit of ${path}`).toBe(e.target.state === 'shown');
      if (e.target.state === 'hidden') expect(e.target.name).toBeNull();
    }
    const counts = res.json().counts;
    const projectsSeen = (await get(`/projects?q=${world.marker}`, who())).headers['pagination-count'];
    expect(counts.projects).toBe(Number(projectsSeen));
  });
});

/**
 * What crawlers read is decided for a visitor, whoever asks: the sitemap, the feeds and the
 * pages' heads hold exactly what a visitor may read, counted alike (a sitemap split into
 * files lists the same pages as one).
 */
describe('sitemap, feeds and page heads', () => {
  const xml = new XMLParser();
  const locs = (body: string): string[] => {
    const doc = xml.parse(body);
    const entries = doc.urlset?.url ?? doc.sitemapindex?.sitemap ?? [];
    return (Array.isArray(entries) ? entries : [entries]).map((e: { loc: string }) => e.loc);
  };
  const pathOf = (loc: string) => new URL(loc).pathname;
  const visitorReads = (url: string) => readable(url, null);
  const page = (url: string, who: TestUser | null) => t.app.inject({ method: 'GET', url, headers: who ? { authorization: `Bearer ${who.token}` } : {} });

  it('the sitemap lists exactly the pages of the world a visitor may read, in one file or split', async () => {
    const listed = locs((await page('/sitemap.xml', null)).body).map(pathOf);
    const expected = [
      ...(await filterIds(Object.values(world.projects), (p) => visitorReads(`/projects/${p.id}`))).map((p) => `/projects/${p.slug}`),
      ...(await filterIds(world.objects, (o) => visitorReads(`/data/obj/${o.name}`))).map((o) => `/data/${o.name}`),
      ...(await filterIds(world.insights, (i) => visitorReads(`/insights/${i.num}`))).map((i) => `/insights/${i.num}`),
      ...(await filterIds(world.pages, (p) => visitorReads(`/pages/at/${p}`))).map((p) => `/doc/${p}`),
    ];
    const publication = (await get(`/pubs/${world.publication}`, null)).json().publication.slug;
    expected.push(`/pubs/${publication}`);
    const worldInsights = new Set(world.insights.map((i) => `/insights/${i.num}`));
    const ofWorld = (paths: string[]) => paths.filter((p) => p.includes(world.marker) || worldInsights.has(p));
    expect(sorted(ofWorld(listed))).toEqual(sorted(expected));
    // Split into files of 7: the index names each, and together they list the same pages.
    const split = await startTestApp({ sitemapMaxUrls: 7 }, t.database);
    try {
      const index = await split.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(xml.parse(index.body).sitemapindex).toBeDefined();
      const files = locs(index.body);
      const all: string[] = [];
      for (const file of files) {
        const res = await split.app.inject({ method: 'GET', url: pathOf(file) });
        expect(res.statusCode, file).toBe(200);
        const inFile = locs(res.body);
        expect(inFile.length).toBeGreaterThan(0);
        expect(inFile.length).toBeLessThanOrEqual(7);
        all.push(...inFile.map(pathOf));
      }
      expect(sorted(ofWorld(all))).toEqual(sorted(expected));
      expect(new Set(all).size).toBe(all.length);
    } finally {
      await split.close();
    }
  });

  it('the feeds hold exactly the insights and updates a visitor may read, whoever asks', async () => {
    for (const who of [null, world.owner]) {
      const feed = (await page(`/feeds/insights.atom?tag=${world.marker}`, who)).body;
      const entries = [...feed.matchAll(/<entry>[\s\S]*?<id>([^<]+)<\/id>/g)].map((m) => pathOf(m[1]!));
      const readableInsights = await filterIds(world.insights, (i) => visitorReads(`/insights/${i.num}`));
      expect(sorted(entries)).toEqual(sorted(readableInsights.map((i) => `/insights/${i.num}`)));
      for (const p of Object.values(world.projects)) {
        const res = await page(`/feeds/projects/${p.slug}/updates.atom`, who);
        expect(res.statusCode, p.slug).toBe((await visitorReads(`/projects/${p.id}`)) ? 200 : 404);
      }
    }
  });

  it('the DCAT catalogue holds exactly the projects of the world a visitor may read, whoever asks, and counts them so', async () => {
    const dcat = 'http://www.w3.org/ns/dcat#';
    const hydra = 'http://www.w3.org/ns/hydra/core#';
    const harvest = async (who: TestUser | null) => {
      const projects: string[] = [];
      let total = -1;
      for (let n = 1; ; n++) {
        const quads = new Parser().parse((await page(`/api/v1/dcat?format=ttl&page=${n}`, who)).body);
        const value = (predicate: string) => quads.filter((q) => q.predicate.value === predicate).map((q) => q.object.value);
        projects.push(...quads.filter((q) => q.object.value === `${dcat}Dataset` && !q.subject.value.includes('#')).map((q) => q.subject.value));
        total = Number(value(`${hydra}totalItems`)[0]);
        if (value(`${hydra}next`).length === 0) return { projects, total };
      }
    };
    const readableProjects = await filterIds(Object.values(world.projects), (p) => visitorReads(`/projects/${p.id}`));
    const expected = readableProjects.map((p) => `${t.app.config.publicUrl}/projects/${p.slug}`);
    const worldProjects = new Set(Object.values(world.projects).map((p) => `${t.app.config.publicUrl}/projects/${p.slug}`));
    for (const who of [null, world.owner, world.actors.administrator!]) {
      const { projects, total } = await harvest(who);
      expect(sorted(projects.filter((p) => worldProjects.has(p)))).toEqual(sorted(expected));
      expect(total).toBe(projects.length);
      expect(new Set(projects).size).toBe(projects.length);
    }
  });

  it('OAI-PMH lists exactly the projects and publications of the world a visitor may read, whoever asks, and counts them so', async () => {
    const oaiXml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'header' });
    type List = { header?: { identifier: string }[]; resumptionToken?: string | { '#text'?: string; '@completeListSize': string } };
    /** Every identifier ListIdentifiers gives, page by page, and the list's size as its tokens tell it. */
    const harvest = async (ask: (query: string) => Promise<string>) => {
      const ids: string[] = [];
      let size: number | null = null;
      for (let query = 'verb=ListIdentifiers&metadataPrefix=oai_dc'; ;) {
        const list = oaiXml.parse(await ask(query))['OAI-PMH'].ListIdentifiers as List;
        ids.push(...(list.header ?? []).map((h) => h.identifier));
        const token = typeof list.resumptionToken === 'object' ? list.resumptionToken : null;
        if (token) size = Number(token['@completeListSize']);
        if (!token?.['#text']) return { ids, size };
        query = `verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token['#text'])}`;
      }
    };
    const oaiId = (kind: string, id: string) => `oai:${new URL(t.app.config.publicUrl).hostname}:${kind}/${id}`;
    const worldIds = new Set([...Object.values(world.projects).map((p) => oaiId('project', p.id)), oaiId('publication', world.publication)]);
    const ofWorld = (ids: string[]) => ids.filter((id) => worldIds.has(id));
    const readableProjects = await filterIds(Object.values(world.projects), (p) => visitorReads(`/projects/${p.id}`));
    const expected = [...readableProjects.map((p) => oaiId('project', p.id)), oaiId('publication', world.publication)];
    const asked = (who: TestUser | null) => async (query: string) => (await page(`/api/v1/oai?${query}`, who)).body;
    for (const who of [null, world.owner, world.actors.administrator!]) expect(sorted(ofWorld((await harvest(asked(who))).ids))).toEqual(sorted(expected));
    // A record a page: the same list, its completeListSize the number of identifiers it gives.
    const { config, database, services } = t.app;
    const paged = createOaiService({
      db: database,
      publicUrl: config.publicUrl,
      repositoryName: config.app.productName,
      adminEmail: 'oai@example.org',
      licence: () => services.publishing.current().licence,
      secret: config.jwtSecret!,
      pageSize: 1,
    });
    const pages = await harvest((query) => paged.answer([...new URLSearchParams(query)]));
    expect(sorted(ofWorld(pages.ids))).toEqual(sorted(expected));
    expect(pages.ids.length).toBeGreaterThan(1);
    expect(pages.size).toBe(pages.ids.length);
    expect(new Set(pages.ids).size).toBe(pages.ids.length);
    expect(sorted(pages.ids)).toEqual(sorted((await harvest(asked(null))).ids));
  });

  it('a page’s head describes a resource exactly when a visitor may read it, whoever asks', async () => {
    const pages = [
      ...Object.values(world.projects).map((p) => ({ page: `/projects/${p.slug}`, detail: `/projects/${p.id}` })),
      ...world.objects.map((o) => ({ page: `/data/${o.name}`, detail: `/data/obj/${o.name}` })),
      ...world.insights.map((i) => ({ page: `/insights/${i.num}`, detail: `/insights/${i.num}` })),
      ...world.pages.map((p) => ({ page: `/doc/${p}`, detail: `/pages/at/${p}` })),
    ];
    for (const who of [null, world.owner]) {
      for (const { page: url, detail } of pages) {
        const res = await page(url, who);
        const shown = await visitorReads(detail);
        expect(res.statusCode, url).toBe(shown ? 200 : 404);
        // Each resource's title holds the marker: described when shown, never named when not.
        expect(/<title>[^<]*lev/.test(res.body) && res.body.includes(world.marker), url).toBe(shown);
      }
    }
  });
});
