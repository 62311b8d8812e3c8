import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDocumentsChecked } from '../../../test/documents.js';
import { buildAsset, buildInstitution, buildObject, buildProject, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let stranger: TestUser;
let project: { id: string; slug: string };
let closed: { id: string; slug: string };
beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  manager = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  stranger = await buildUser(t.app);
  project = await buildProject(t.app, owner);
  closed = await buildProject(t.app, owner, { visibility: 'members' });
});
afterAll(() => t.close());

const point = (lon: number, lat: number) => ({ type: 'Point', coordinates: [lon, lat] });
const square = (lon: number, lat: number, d = 0.01) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + d, lat],
      [lon + d, lat + d],
      [lon, lat + d],
      [lon, lat],
    ],
  ],
});

/** The create call under test: a site in the project unless told. */
async function postObject(body: Record<string, unknown>, token = owner.token) {
  return api(t.app, 'POST', '/data/obj', { token, body: { types: ['site'], projects: [project.slug], ...body } });
}

describe('POST and GET data/obj', () => {
  it('creates a typed, geo-located object in a project; reads it by name or id with its doc and permissions', async () => {
    const name = unique('NIWO-');
    const res = await postObject({
      name,
      title: 'Niwot Ridge',
      geo: point(-105.5824, 40.0543),
      metadata: { elevation: 3490, habitat: 'alpine' },
      doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Alpine tundra.' }] }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.obj).toMatchObject({
      name,
      title: 'Niwot Ridge',
      types: [{ slug: 'site', name: 'Site', marker: 'mini' }],
      projects: [{ id: project.id }],
      geo: point(-105.5824, 40.0543),
      metadata: { elevation: 3490, habitat: 'alpine' },
      visibility: 'public',
      parent: null,
      update: { by: { id: owner.personId } },
    });
    expect(body.permissions).toEqual(expect.arrayContaining(['view', 'edit', 'delete']));
    const byId = await api(t.app, 'GET', `/data/obj/${body.obj.id}`);
    expect(byId.json()).toMatchObject({ obj: { name }, doc: { type: 'doc' }, permissions: ['view'] });
  });

  it('names what is wrong and stores nothing: metadata, geometry, types, projects, parent, name', async () => {
    const name = unique('bad-');
    const cases: [Record<string, unknown>, string][] = [
      [{ name, title: 'x', metadata: { elevation: 'high' } }, 'body.metadata.elevation'],
      [{ name, title: 'x', metadata: { colour: 'red' } }, 'body.metadata.colour'],
      [{ name, title: 'x', geo: point(200, 10) }, 'body.geo.coordinates.0'],
      [
        {
          name,
          title: 'x',
          geo: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [1, 1],
                [1, 0],
                [0, 1],
                [0, 0],
              ],
            ],
          },
        },
        'body.geo',
      ],
      [{ name, title: 'x', types: ['volcano'] }, 'body.types'],
      [{ name, title: 'x', projects: ['no-such-project'] }, 'body.projects'],
      [{ name, title: 'x', parent: 'no-such-object' }, 'body.parent'],
      [{ name: 'has spaces', title: 'x' }, 'body.name'],
      [{ name: 'New', title: 'x' }, 'body.name'],
      [{ name, title: '' }, 'body.title'],
    ];
    for (const [body, field] of cases) {
      const res = await postObject(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        res.json().details.map((d: { field: string }) => d.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect((await api(t.app, 'GET', `/data/obj/${name}`)).statusCode).toBe(404);
    const taken = unique('taken-');
    await buildObject(t.app, owner, { name: taken, projects: [project.slug] });
    expect((await postObject({ name: taken, title: 'Second' })).statusCode).toBe(409);
  });

  it('answers a bounded list of problems however many there are', async () => {
    const metadata = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`field${i}`, i]));
    const res = await postObject({ name: unique('many-'), title: 'x', metadata });
    expect(res.statusCode).toBe(400);
    const details = res.json().details as { field: string; message: string }[];
    expect(details).toHaveLength(101);
    expect(details[0]!.field).toBe('body.metadata.field0');
    expect(details[100]).toEqual({ field: '(more)', message: '150 more problems not listed' });
  });

  it('requires sign-in, then edit on each of its projects (or manageProjects)', async () => {
    expect((await api(t.app, 'POST', '/data/obj', { body: { name: unique('x'), title: 'x', types: ['site'] } })).statusCode).toBe(401);
    expect((await postObject({ name: unique('x'), title: 'x' }, stranger.token)).statusCode).toBe(403);
    expect((await postObject({ name: unique('x'), title: 'x', projects: [] }, owner.token)).statusCode).toBe(403);
    expect((await postObject({ name: unique('x'), title: 'x', projects: [] }, manager.token)).statusCode).toBe(201);
  });
});

describe('a real boundary', () => {
  it('takes the NEON domains (1.3 MB of polygons, above the usual body limit) and answers them back', async () => {
    const domains = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/neon_domains.geojson'), 'utf8'));
    const res = await postObject({ name: unique('neon-domains-'), title: 'NEON domains', types: ['property'], geo: domains }, manager.token);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    expect(res.json().obj.geo.features).toHaveLength(domains.features.length);
    expect(res.json().obj.geo.features[0].geometry).toEqual(domains.features[0].geometry);
  });
});

describe('GET data/obj', () => {
  it('lists the children of a parent, 100 at a time, with geometry when asked, and as GeoJSON', async () => {
    const parent = await buildObject(t.app, owner, { title: 'A property', types: ['property'], projects: [project.slug], geo: square(8.0, 47.0, 0.5) });
    for (let i = 0; i < 3; i++)
      await buildObject(t.app, owner, {
        title: `Plot ${i}`,
        types: ['vegetation-plot'],
        projects: [project.slug],
        parent: parent.name,
        geo: point(8.1 + i / 100, 47.1),
      });
    const children = await api(t.app, 'GET', `/data/obj?parent=${parent.name}&limit=100&geo=true`);
    expect(children.headers['pagination-limit']).toBe('100');
    expect(children.headers['pagination-count']).toBe('3');
    expect(children.json().objects.map((o: { title: string }) => o.title)).toEqual(['Plot 0', 'Plot 1', 'Plot 2']);
    expect(children.json().objects[0]).toMatchObject({ parent: { name: parent.name }, geo: point(8.1, 47.1) });
    const plain = await api(t.app, 'GET', `/data/obj?parent=${parent.id}`);
    expect(plain.json().objects[0].geo).toBeUndefined();

    const geojson = await t.app.inject({ method: 'GET', url: `/api/v1/data/obj?parent=${parent.name}`, headers: { accept: 'application/geo+json' } });
    expect(geojson.headers['content-type']).toMatch(/application\/geo\+json/);
    expect(geojson.json()).toMatchObject({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: point(8.1, 47.1), properties: { title: 'Plot 0', marker: 'veg' } }, {}, {}],
    });
  });

  it('filters by type, project, search and map box', async () => {
    const marker = unique('Lake');
    await buildObject(t.app, owner, { title: `${marker} north`, geo: point(10, 60), projects: [project.slug] });
    await buildObject(t.app, owner, { title: `${marker} south`, geo: point(10, 50), types: ['soil-plot'], projects: [project.slug] });
    const titles = async (query: string) =>
      (await api(t.app, 'GET', `/data/obj?q=${encodeURIComponent(marker)}&${query}`)).json().objects.map((o: { title: string }) => o.title);
    expect(await titles('type=soil-plot')).toEqual([`${marker} south`]);
    expect(await titles(`project=${project.id}`)).toHaveLength(2);
    expect(await titles('bbox=9,55,11,65')).toEqual([`${marker} north`]);
    expect((await api(t.app, 'GET', '/data/obj?bbox=11,55,9,65')).statusCode).toBe(400);
    expect((await api(t.app, 'GET', '/data/obj?limit=5000')).statusCode).toBe(400);
  });
});

describe('GET data/obj?bbox=', () => {
  it('finds every shape whose box overlaps: points, lines, polygons, collections; counts them; hides members-only; follows a changed geometry', async () => {
    // A corner of the Pacific no other test uses.
    const lon = -150 + Math.random() * 10;
    const names = {
      point: unique('bx-point-'),
      line: unique('bx-line-'),
      polygon: unique('bx-poly-'),
      collection: unique('bx-fc-'),
      hidden: unique('bx-hidden-'),
    };
    await buildObject(t.app, owner, { name: names.point, projects: [project.slug], geo: point(lon + 0.5, -20.5) });
    await buildObject(t.app, owner, {
      name: names.line,
      projects: [project.slug],
      geo: {
        type: 'LineString',
        coordinates: [
          [lon - 1, -21],
          [lon + 2, -20],
        ],
      },
    });
    await buildObject(t.app, owner, { name: names.polygon, projects: [project.slug], geo: square(lon + 0.9, -20.1, 0.5) });
    await buildObject(t.app, owner, {
      name: names.collection,
      projects: [project.slug],
      geo: {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: {}, geometry: point(lon + 5, -25) },
          { type: 'Feature', properties: {}, geometry: point(lon + 0.2, -20.8) },
        ],
      },
    });
    await buildObject(t.app, owner, { name: names.hidden, visibility: 'members', projects: [closed.slug], geo: point(lon + 0.1, -20.1) });
    const inBox = async (box: number[], token?: string) => {
      const res = await api(t.app, 'GET', `/data/obj?bbox=${box.join(',')}`, { token });
      expect(res.statusCode).toBe(200);
      return {
        names: res
          .json()
          .objects.map((o: { name: string }) => o.name)
          .sort(),
        count: Number(res.headers['pagination-count']),
      };
    };
    const box = [lon, -21, lon + 1, -20];
    const visible = [names.point, names.line, names.polygon, names.collection].sort();
    expect(await inBox(box)).toEqual({ names: visible, count: 4 });
    expect(await inBox(box, stranger.token)).toEqual({ names: visible, count: 4 });
    expect(await inBox(box, owner.token)).toEqual({ names: [...visible, names.hidden].sort(), count: 5 });
    // A degenerate box (one point) still finds the line whose box holds it.
    expect((await inBox([lon + 1.5, -20.2, lon + 1.5, -20.2])).names).toEqual([names.line]);
    await api(t.app, 'PUT', `/data/obj/${names.point}`, { token: owner.token, body: { geo: point(lon + 3, -19) } });
    expect((await inBox(box)).names).not.toContain(names.point);
    expect((await inBox([lon + 2.9, -19.1, lon + 3.1, -18.9])).names).toEqual([names.point]);
  });
});

describe('CSV export', () => {
  it('answers the same query as a spreadsheet: fields, coordinates, metadata, formulas defused', async () => {
    const marker = unique('Csv');
    await buildObject(t.app, owner, {
      title: `=${marker} HYPERLINK`,
      projects: [project.slug],
      geo: point(7.5, 46.5),
      metadata: { elevation: -12.5, habitat: 'lake' },
    });
    const res = await api(t.app, 'GET', `/data/obj?q=${marker}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="objects.csv"');
    const [header, row] = res.body.trim().split('\r\n');
    expect(header).toBe('name,title,types,projects,parent,visibility,longitude,latitude,geometry,elevation,habitat');
    expect(row).toContain(`'=${marker} HYPERLINK,site,${project.slug},,public,7.5,46.5,`);
    expect(row!.endsWith(',-12.5,lake')).toBe(true);
  });
});

describe('members-only objects', () => {
  it('are invisible (404) to all but the members of their projects, in lists, GeoJSON and detail', async () => {
    const marker = unique('Hidden');
    const obj = await buildObject(t.app, owner, { title: marker, visibility: 'members', projects: [closed.slug], geo: point(1, 1) });
    for (const token of [undefined, stranger.token]) {
      expect((await api(t.app, 'GET', `/data/obj/${obj.name}`, { token })).statusCode).toBe(404);
      expect((await api(t.app, 'GET', `/data/obj?q=${marker}`, { token })).json().objects).toEqual([]);
      expect((await api(t.app, 'GET', `/data/obj?q=${marker}&format=geojson`, { token })).json().features).toEqual([]);
    }
    expect((await api(t.app, 'PUT', `/data/obj/${obj.name}`, { token: stranger.token, body: { title: 'x' } })).statusCode).toBe(404);
    expect((await api(t.app, 'GET', `/data/obj?q=${marker}`, { token: owner.token })).json().objects).toHaveLength(1);
  });
});

describe('members-only projects of a public object', () => {
  it('are not named to those who may not see them, in detail and lists', async () => {
    const obj = await buildObject(t.app, owner, { projects: [project.slug, closed.slug] });
    const projectIds = (o: { projects: { id: string }[] }) => o.projects.map((p) => p.id).sort();
    for (const token of [undefined, stranger.token]) {
      expect(projectIds((await api(t.app, 'GET', `/data/obj/${obj.name}`, { token })).json().obj)).toEqual([project.id]);
      expect(projectIds((await api(t.app, 'GET', `/data/obj?q=${obj.title}`, { token })).json().objects[0])).toEqual([project.id]);
    }
    expect(projectIds((await api(t.app, 'GET', `/data/obj/${obj.name}`, { token: owner.token })).json().obj)).toEqual([project.id, closed.id].sort());
  });
});

describe('PUT and DELETE data/obj/{name}', () => {
  it('change fields, geometry (a FeatureCollection round-trips) and doc; delete needs delete', async () => {
    const obj = await buildObject(t.app, owner, { title: 'Before', projects: [project.slug], geo: point(5, 5) });
    const collection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: point(5, 5) },
        { type: 'Feature', properties: {}, geometry: square(5, 5) },
      ],
    };
    const res = await api(t.app, 'PUT', `/data/obj/${obj.name}`, {
      token: owner.token,
      body: { title: 'After', geo: collection, metadata: { elevation: 12 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().obj).toMatchObject({ title: 'After', geo: collection, metadata: { elevation: 12 } });
    const bad = await api(t.app, 'PUT', `/data/obj/${obj.name}`, { token: owner.token, body: { metadata: { habitat: 'moon' } } });
    expect(bad.statusCode).toBe(400);
    expect((await api(t.app, 'GET', `/data/obj/${obj.name}`)).json().obj.metadata).toEqual({ elevation: 12 });
    expect((await api(t.app, 'PUT', `/data/obj/${obj.name}`, { body: { title: 'x' } })).statusCode).toBe(401);
    expect((await api(t.app, 'PUT', `/data/obj/${obj.name}`, { token: stranger.token, body: { title: 'x' } })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `/data/obj/${obj.name}`, { token: stranger.token })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `/data/obj/${obj.name}`, { token: owner.token })).statusCode).toBe(204);
    expect((await api(t.app, 'GET', `/data/obj/${obj.name}`)).statusCode).toBe(404);
  });
});

describe('PUT data/obj/{name} with the object as GET answers it', () => {
  it('takes GET’s answer back unchanged, and changed: types, projects and parent as objects as well as keys', async () => {
    const parent = await buildObject(t.app, owner, { projects: [project.slug] });
    const second = await buildProject(t.app, owner);
    const obj = await buildObject(t.app, owner, {
      types: ['site'],
      projects: [project.slug, second.slug],
      parent: parent.name,
      geo: point(7.1, 46.2),
      metadata: { elevation: 1200 },
      doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'As it was.' }] }] },
    });
    const inst = await buildInstitution(t.app, manager);
    await api(t.app, 'PUT', `/data/obj/${obj.name}/institutions/${inst.slug}`, { token: owner.token, body: { role: 'Host' } });
    const read = async () => (await api(t.app, 'GET', `/data/obj/${obj.name}`, { token: owner.token })).json();
    const before = await read();
    expect(before.obj.types).toEqual([{ slug: 'site', name: 'Site', marker: 'mini' }]);

    // Exactly as answered: the object's fields plus its doc (and the rest of the answer, ignored).
    const same = await api(t.app, 'PUT', `/data/obj/${obj.name}`, {
      token: owner.token,
      body: { ...before.obj, doc: before.doc, permissions: before.permissions },
    });
    expect(same.statusCode, same.body).toBe(200);
    // Its version (which the body names, as If-Match) is one more: a write, if an idle one.
    const { update: _u1, version: v1, ...kept } = same.json().obj;
    const { update: _u2, version: v2, ...was } = before.obj;
    expect(kept).toEqual(was);
    expect(v1).toBe(v2 + 1);
    expect(same.json().doc).toEqual(before.doc);

    // Changed in that shape: a type added, a project dropped, the parent taken off (based on the version the PUT answered).
    const changed = await api(t.app, 'PUT', `/data/obj/${obj.name}`, {
      token: owner.token,
      body: {
        ...before.obj,
        version: v1,
        title: 'Renamed in the GET shape',
        types: [...before.obj.types, { slug: 'soil-plot', name: 'Soil plot', marker: 'soil' }],
        projects: before.obj.projects.filter((p: { id: string }) => p.id === project.id),
        parent: null,
        metadata: { elevation: 1300 },
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().obj).toMatchObject({
      title: 'Renamed in the GET shape',
      types: [{ slug: 'site' }, { slug: 'soil-plot' }],
      projects: [{ id: project.id }],
      parent: null,
      metadata: { elevation: 1300 },
    });
    // The slugs and keys of before, mixed with objects: a type by slug, a project by id, the parent by id.
    const mixed = await api(t.app, 'PUT', `/data/obj/${obj.name}`, {
      token: owner.token,
      body: { types: ['site', { slug: 'soil-plot' }], projects: [{ id: project.id }, second.slug], parent: { id: parent.id } },
    });
    expect(mixed.statusCode, mixed.body).toBe(200);
    expect(mixed.json().obj.types.map((x: { slug: string }) => x.slug)).toEqual(['site', 'soil-plot']);
    expect(
      mixed
        .json()
        .obj.projects.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual([project.id, second.id].sort());
    expect(mixed.json().obj.parent).toMatchObject({ id: parent.id, name: parent.name });
    expect((await read()).obj.institutions).toEqual(before.obj.institutions);
  });

  it('names what is wrong in that shape too, and changes nothing; needs sign-in and edit', async () => {
    const obj = await buildObject(t.app, owner, { types: ['site'], projects: [project.slug] });
    const before = (await api(t.app, 'GET', `/data/obj/${obj.name}`)).json();
    const put = (body: Record<string, unknown>, token: string | undefined = owner.token) => api(t.app, 'PUT', `/data/obj/${obj.name}`, { token, body });
    const cases: [Record<string, unknown>, string][] = [
      [{ types: [{ name: 'Site' }] }, 'body.types.0'],
      [{ types: [{ slug: 'no-such-type' }] }, 'body.types'],
      [{ types: [{ slug: 7 }] }, 'body.types.0'],
      [{ projects: [{ slug: 'no-such-project' }] }, 'body.projects'],
      [{ projects: [{ title: 'Only a title' }] }, 'body.projects.0'],
      [{ parent: { name: 'no-such-object' } }, 'body.parent'],
    ];
    for (const [body, field] of cases) {
      const res = await put({ ...before.obj, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        res.json().details.map((d: { field: string }) => d.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect((await api(t.app, 'GET', `/data/obj/${obj.name}`)).json().obj).toEqual(before.obj);
    expect((await put({ ...before.obj, title: 'x' }, '')).statusCode).toBe(401);
    expect((await put({ ...before.obj, title: 'x' }, stranger.token)).statusCode).toBe(403);
    expect((await api(t.app, 'GET', `/data/obj/${obj.name}`)).json().obj.title).toBe(before.obj.title);
  });

  it('keeps what the caller cannot see: a members-only project or parent left out of GET’s answer stays', async () => {
    const editor = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
    const theirs = await buildProject(t.app, editor);
    const hiddenParent = await buildObject(t.app, owner, { projects: [closed.slug], visibility: 'members' });
    const obj = await buildObject(t.app, owner, { projects: [project.slug, closed.slug], parent: hiddenParent.name });
    await api(t.app, 'PUT', `/data/obj/${obj.name}/projects/${theirs.slug}`, { token: manager.token });
    const seen = (await api(t.app, 'GET', `/data/obj/${obj.name}`, { token: editor.token })).json();
    expect(seen.obj.projects.map((p: { id: string }) => p.id).sort()).toEqual([project.id, theirs.id].sort());
    expect(seen.obj.parent).toBeNull();
    expect(seen.permissions).toContain('edit');
    const res = await api(t.app, 'PUT', `/data/obj/${obj.name}`, { token: editor.token, body: { ...seen.obj, title: 'Edited by a partner', doc: seen.doc } });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await api(t.app, 'GET', `/data/obj/${obj.name}`, { token: owner.token })).json().obj;
    expect(after.title).toBe('Edited by a partner');
    expect(after.projects.map((p: { id: string }) => p.id).sort()).toEqual([project.id, closed.id, theirs.id].sort());
    expect(after.parent).toMatchObject({ id: hiddenParent.id });
    // Dropping a project they see is theirs to do.
    const dropped = await api(t.app, 'PUT', `/data/obj/${obj.name}`, { token: editor.token, body: { projects: [{ id: theirs.id }] } });
    expect(dropped.statusCode, dropped.body).toBe(200);
    const now = (await api(t.app, 'GET', `/data/obj/${obj.name}`, { token: owner.token })).json().obj;
    expect(now.projects.map((p: { id: string }) => p.id).sort()).toEqual([closed.id, theirs.id].sort());
  });
});

describe('projects, people and institutions of an object', () => {
  it('adds and removes projects (edit on both), answering the project', async () => {
    const obj = await buildObject(t.app, owner, { projects: [project.slug] });
    const other = await buildProject(t.app, owner);
    const added = await api(t.app, 'PUT', `/data/obj/${obj.name}/projects/${other.slug}`, { token: owner.token });
    expect(added.json()).toEqual({ id: other.id, slug: other.slug, title: other.title });
    const foreign = await buildProject(t.app, manager);
    expect((await api(t.app, 'PUT', `/data/obj/${obj.name}/projects/${foreign.id}`, { token: owner.token })).statusCode).toBe(403);
    expect((await api(t.app, 'PUT', `/data/obj/${obj.name}/projects/no-such-project`, { token: owner.token })).statusCode).toBe(404);
    expect((await api(t.app, 'PUT', `/data/obj/${obj.name}/projects/${other.id}`)).statusCode).toBe(401);
    expect((await api(t.app, 'DELETE', `/data/obj/${obj.name}/projects/${other.id}`, { token: owner.token })).statusCode).toBe(204);
    expect((await api(t.app, 'GET', `/data/obj/${obj.name}`)).json().obj.projects.map((p: { id: string }) => p.id)).toEqual([project.id]);
  });

  it('PUT with projects: an editor may keep or drop projects; adding needs edit there; none at all needs manageProjects', async () => {
    const second = await buildProject(t.app, owner);
    const obj = await buildObject(t.app, owner, { projects: [project.slug, second.slug] });
    const put = (body: Record<string, unknown>) => api(t.app, 'PUT', `/data/obj/${obj.name}`, { token: owner.token, body });
    expect((await put({ title: 'Kept still', projects: [project.slug, second.slug] })).statusCode).toBe(200);
    const dropped = await put({ projects: [project.slug] });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json().obj.projects.map((p: { id: string }) => p.id)).toEqual([project.id]);
    const foreign = await buildProject(t.app, manager);
    expect((await put({ projects: [project.slug, foreign.slug] })).statusCode).toBe(403);
    expect((await put({ projects: [] })).statusCode).toBe(403);
    expect((await api(t.app, 'GET', `/data/obj/${obj.name}`)).json().obj.projects.map((p: { id: string }) => p.id)).toEqual([project.id]);
  });

  it('parents cannot form a loop: an object is not its own parent, nor below one of its children', async () => {
    const a = await buildObject(t.app, owner, { projects: [project.slug] });
    const b = await buildObject(t.app, owner, { projects: [project.slug], parent: a.name });
    const c = await buildObject(t.app, owner, { projects: [project.slug], parent: b.name });
    for (const parent of [a.name, c.name, b.name]) {
      const res = await api(t.app, 'PUT', `/data/obj/${a.name}`, { token: owner.token, body: { parent } });
      expect(res.statusCode, parent).toBe(400);
      expect(res.json().details[0].field).toBe('body.parent');
    }
    expect((await api(t.app, 'GET', `/data/obj/${a.name}`)).json().obj.parent).toBeNull();
    // Moving a leaf elsewhere in the chain is fine.
    expect((await api(t.app, 'PUT', `/data/obj/${c.name}`, { token: owner.token, body: { parent: a.name } })).statusCode).toBe(200);
  });

  it('a parent the caller cannot see is "no such object", and nothing changes', async () => {
    const hidden = await buildObject(t.app, owner, { visibility: 'members', projects: [closed.slug] });
    const other = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
    const theirs = await buildProject(t.app, other);
    const child = await buildObject(t.app, other, { projects: [theirs.slug] });
    const refused = await api(t.app, 'PUT', `/data/obj/${child.name}`, { token: other.token, body: { parent: hidden.name } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ field: 'body.parent', message: 'No such object' }]);
    expect((await api(t.app, 'GET', `/data/obj/${child.name}`, { token: other.token })).json().obj.parent).toBeNull();
    // The owner, a member of the hidden object's project, may see it and so use it as a parent.
    const made = await postObject({ name: unique('child-'), title: 'Child of the secret', parent: hidden.name });
    expect(made.statusCode, made.body).toBe(201);
  });

  it('keeps people in order: add (replace or append), move with only a position, remove', async () => {
    const obj = await buildObject(t.app, owner, { projects: [project.slug] });
    const [a, b, c] = [await buildUser(t.app), await buildUser(t.app), await buildUser(t.app)];
    const path = (u: TestUser) => `/data/obj/${obj.name}/people/${u.username}`;
    await api(t.app, 'PUT', path(a), { token: owner.token, body: { role: 'Site manager' } });
    await api(t.app, 'PUT', path(b), { token: owner.token, body: {} });
    const third = await api(t.app, 'PUT', path(c), { token: owner.token, body: { role: 'Technician' } });
    expect(third.json().people.map((p: { person: { slug: string } }) => p.person.slug)).toEqual([a.username, b.username, c.username]);
    const moved = await api(t.app, 'PUT', path(c), { token: owner.token, body: { position: 0 } });
    expect(moved.json().people.map((p: { person: { slug: string }; position: number; role: string | null }) => [p.person.slug, p.position, p.role])).toEqual([
      [c.username, 0, 'Technician'],
      [a.username, 1, 'Site manager'],
      [b.username, 2, null],
    ]);
    const replaced = await api(t.app, 'PUT', path(a), { token: owner.token, body: { role: 'Owner of the land' } });
    expect(replaced.json().people[1]).toMatchObject({ role: 'Owner of the land', position: 1 });
    expect((await api(t.app, 'PUT', `/data/obj/${obj.name}/people/${stranger.username}`, { token: owner.token, body: { position: 0 } })).statusCode).toBe(404);
    expect((await api(t.app, 'PUT', path(a), { token: stranger.token, body: { role: 'x' } })).statusCode).toBe(403);
    expect((await api(t.app, 'PUT', path(a), { token: owner.token, body: { position: -1 } })).statusCode).toBe(400);
    const removed = await api(t.app, 'DELETE', path(c), { token: owner.token });
    expect(removed.json().people.map((p: { position: number }) => p.position)).toEqual([0, 1]);
    expect((await api(t.app, 'GET', `/data/obj/${obj.name}`)).json().obj.people).toHaveLength(2);
  });

  it('does the same for institutions', async () => {
    const obj = await buildObject(t.app, owner, { projects: [project.slug] });
    const inst = await buildInstitution(t.app, manager);
    const res = await api(t.app, 'PUT', `/data/obj/${obj.name}/institutions/${inst.slug}`, { token: owner.token, body: { role: 'Host' } });
    expect(res.json().institutions).toEqual([{ institution: { id: inst.id, slug: inst.slug, name: inst.name }, role: 'Host', position: 0 }]);
    expect((await api(t.app, 'PUT', `/data/obj/${obj.name}/institutions/no-such-place`, { token: owner.token, body: {} })).statusCode).toBe(404);
    expect((await api(t.app, 'DELETE', `/data/obj/${obj.name}/institutions/${inst.id}`, { token: owner.token })).json().institutions).toEqual([]);
  });
});

describe('the doc of an object', () => {
  it('takes every node and mark of the document list and refuses others, naming them', async () => {
    const obj = await buildObject(t.app, owner, { projects: [project.slug] });
    await expectDocumentsChecked(
      (doc) => api(t.app, 'PUT', `/data/obj/${obj.name}`, { token: owner.token, body: { doc } }),
      async () => (await api(t.app, 'GET', `/data/obj/${obj.name}`)).json().doc,
      'body.doc',
      (await buildAsset(t.app, owner)).id,
    );
  });

  it('keeps every saved version; editors open one and restore it; others cannot', async () => {
    const text = (words: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] });
    const obj = await buildObject(t.app, owner, { projects: [project.slug], doc: text('Fenced in 1998.') });
    await api(t.app, 'PUT', `/data/obj/${obj.name}`, { token: owner.token, body: { doc: text('Rewritten.') } });
    const list = await api(t.app, 'GET', `/data/obj/${obj.name}/revisions`, { token: owner.token });
    expect(list.json().revisions).toHaveLength(2);
    const oldest = list.json().revisions[1];
    expect((await api(t.app, 'GET', `/data/obj/${obj.name}/revisions/${oldest.id}`, { token: owner.token })).json().doc).toEqual(text('Fenced in 1998.'));
    const restored = await api(t.app, 'POST', `/data/obj/${obj.name}/revisions/${oldest.id}/restore`, { token: owner.token });
    expect(restored.json().doc).toEqual(text('Fenced in 1998.'));
    expect((await api(t.app, 'GET', `/data/obj/${obj.name}/revisions`, { token: owner.token })).json().revisions).toHaveLength(3);
    expect((await api(t.app, 'GET', `/data/obj/${obj.name}/revisions`)).statusCode).toBe(401);
    expect((await api(t.app, 'GET', `/data/obj/${obj.name}/revisions`, { token: stranger.token })).statusCode).toBe(403);
    expect((await api(t.app, 'GET', `/data/obj/${obj.name}/revisions/not-a-uuid`, { token: owner.token })).statusCode).toBe(400);
  });
});
