import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildDataTable,
  buildInstitution,
  buildMetric,
  buildNote,
  buildObject,
  buildPerson,
  buildPhoto,
  buildProject,
  buildProjectFile,
  buildUser,
  type TestUser,
} from '../../../test/factories.js';
import { api, startTestApp, upload, type TestApp, versionTag } from '../../../test/harness.js';

// Versions and conditional writes (docs/api.md "Versions and conditional writes") of
// objects, their notes and photos, data tables and project files: every write makes one
// more version, a PUT or DELETE naming a former one answers 412 and writes nothing, and the
// writes the docs' table lists bump their owner.

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let project: { id: string; slug: string };
let metric: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  project = await buildProject(t.app, owner);
  metric = (await buildMetric(t.app, admin, { title: 'Depth', min: 0 })).name;
});
afterAll(() => t.close());

const objectIn = () => buildObject(t.app, owner, { projects: [project.id] });
const send = (method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown, ifMatch?: string) =>
  api(t.app, method, path, { token: owner.token, ...(body !== undefined ? { body } : {}), ...(ifMatch ? { headers: { 'if-match': ifMatch } } : {}) });

interface Versioned {
  version: number;
}

/** A resource under test: how it is made, read, changed (a text field) and where its answers keep it. */
interface Case {
  what: string;
  /** Makes one: the path of its PUT and DELETE, and the version its creation answered. */
  create: () => Promise<{ path: string; version: number }>;
  /** Where its GET detail is; null when it has none (a note, a photo: read from their object's list). */
  detail: (path: string) => string | null;
  /** The resource now (null once gone): its version and the text field the PUTs change. */
  read: (path: string) => Promise<(Versioned & { text: string | null }) | null>;
  /** A PUT body changing the text field. */
  change: (text: string) => unknown;
  /** The resource in a PUT answer. */
  answered: (body: Record<string, unknown>) => Versioned;
}

/** An object's notes or photos, read from its list (neither has a detail). */
const listed = (kind: 'notes' | 'photos', text: (item: Record<string, unknown>) => string | null) => async (path: string) => {
  const [objectPath, id] = path.split(`/${kind}/`);
  const items = (await send('GET', `${objectPath}/${kind}`)).json()[kind] as (Versioned & { id: string } & Record<string, unknown>)[];
  const item = items.find((i) => i.id === id);
  return item ? { version: item.version, text: text(item) } : null;
};

/** The detail GET answers, or null for a 404. */
const detailOf = async (path: string, pick: (body: Record<string, unknown>) => Versioned & Record<string, unknown>) => {
  const res = await send('GET', path);
  if (res.statusCode === 404) return null;
  expect(res.statusCode, res.body).toBe(200);
  const found = pick(res.json());
  expect(res.headers.etag).toMatch(versionTag(found.version));
  return found;
};

const CASES: Case[] = [
  {
    what: 'an object',
    create: async () => {
      const obj = await objectIn();
      return { path: `/data/obj/${obj.name}`, version: obj.version };
    },
    detail: (path) => path,
    read: async (path) => {
      const obj = await detailOf(path, (b) => b.obj as Versioned & Record<string, unknown>);
      return obj && { version: obj.version, text: obj.title as string };
    },
    change: (title) => ({ title }),
    answered: (body) => body.obj as Versioned,
  },
  {
    what: 'a note',
    create: async () => {
      const obj = await objectIn();
      const note = await buildNote(t.app, owner, obj.name, { content: 'First' });
      return { path: `/data/obj/${obj.name}/notes/${note.id}`, version: note.version };
    },
    detail: () => null,
    read: listed('notes', (n) => n.content as string),
    change: (content) => ({ content }),
    answered: (body) => body as unknown as Versioned,
  },
  {
    what: 'a photo',
    create: async () => {
      const obj = await objectIn();
      const photo = await buildPhoto(t.app, owner, obj.name);
      return { path: `/data/obj/${obj.name}/photos/${photo.id}`, version: photo.version };
    },
    detail: () => null,
    read: listed('photos', (p) => p.caption as string | null),
    change: (caption) => ({ caption }),
    answered: (body) => body as unknown as Versioned,
  },
  {
    what: 'a data table',
    create: async () => {
      const table = await buildDataTable(t.app, owner, project.id);
      return { path: `/projects/${project.id}/datatables/${table.id}`, version: table.version };
    },
    detail: (path) => path,
    read: async (path) => {
      const table = await detailOf(path, (b) => b.datatable as Versioned & Record<string, unknown>);
      return table && { version: table.version, text: table.title as string };
    },
    change: (title) => ({ title }),
    answered: (body) => body.datatable as Versioned,
  },
  {
    what: 'a project file',
    create: async () => {
      const file = await buildProjectFile(t.app, owner, project.id);
      return { path: `/projects/${project.id}/files/${file.id}`, version: file.version };
    },
    detail: (path) => path,
    read: async (path) => {
      const file = await detailOf(path, (b) => b as Versioned & Record<string, unknown>);
      return file && { version: file.version, text: file.description as string | null };
    },
    change: (description) => ({ description }),
    answered: (body) => body as unknown as Versioned,
  },
];

describe.each(CASES)('$what', ({ create, detail, read, change, answered }) => {
  it('is version 1 when made, its detail answering it as the ETag; a PUT naming it makes version 2', async () => {
    const { path, version } = await create();
    expect(version).toBe(1);
    expect(await read(path)).toMatchObject({ version: 1 });
    if (detail(path)) expect((await send('GET', detail(path)!)).headers.etag).toMatch(versionTag(1));
    const res = await send('PUT', path, change('Second'), '"1"');
    expect(res.statusCode, res.body).toBe(200);
    expect(answered(res.json()).version).toBe(2);
    expect(res.headers.etag).toMatch(versionTag(2));
    expect(await read(path)).toEqual({ version: 2, text: 'Second' });
  });

  it('refuses a PUT or DELETE naming a former version with 412, writing nothing; the current tag deletes it', async () => {
    const { path } = await create();
    expect((await send('PUT', path, change('Second'), '"1"')).statusCode).toBe(200);
    const stale = await send('PUT', path, change('Lost'), '"1"');
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'PRECONDITION_FAILED', current: { version: 2, updatedBy: { id: owner.personId } } });
    expect(await read(path)).toEqual({ version: 2, text: 'Second' });
    // A body's version counts as If-Match when the header is absent.
    expect((await send('PUT', path, { ...(change('Lost') as object), version: 1 })).statusCode).toBe(412);
    const gone = await send('DELETE', path, undefined, '"1"');
    expect(gone.statusCode).toBe(412);
    expect(gone.json().current.version).toBe(2);
    expect(await read(path)).toEqual({ version: 2, text: 'Second' });
    expect((await send('DELETE', path, undefined, '"2"')).statusCode).toBe(204);
    expect(await read(path)).toBeNull();
  });
});

describe('what bumps an object', () => {
  const versionOf = async (name: string) => (await send('GET', `/data/obj/${name}`)).json().obj.version as number;

  it('its people: adding, changing and removing one', async () => {
    const obj = await objectIn();
    const person = await buildPerson(t.app, admin);
    expect((await send('PUT', `/data/obj/${obj.name}/people/${person.id}`, { role: 'Observer' })).statusCode).toBe(200);
    expect(await versionOf(obj.name)).toBe(2);
    expect((await send('PUT', `/data/obj/${obj.name}/people/${person.id}`, { role: 'Lead' })).statusCode).toBe(200);
    expect(await versionOf(obj.name)).toBe(3);
    expect((await send('DELETE', `/data/obj/${obj.name}/people/${person.id}`)).statusCode).toBe(200);
    expect(await versionOf(obj.name)).toBe(4);
  });

  it('its institutions: adding and removing one', async () => {
    const obj = await objectIn();
    const institution = await buildInstitution(t.app, admin);
    expect((await send('PUT', `/data/obj/${obj.name}/institutions/${institution.id}`, {})).statusCode).toBe(200);
    expect(await versionOf(obj.name)).toBe(2);
    expect((await send('DELETE', `/data/obj/${obj.name}/institutions/${institution.id}`)).statusCode).toBe(200);
    expect(await versionOf(obj.name)).toBe(3);
  });

  it('its projects: adding and removing one', async () => {
    const obj = await objectIn();
    const other = await buildProject(t.app, owner);
    expect((await send('PUT', `/data/obj/${obj.name}/projects/${other.id}`)).statusCode).toBe(200);
    expect(await versionOf(obj.name)).toBe(2);
    expect((await send('DELETE', `/data/obj/${obj.name}/projects/${other.id}`)).statusCode).toBe(204);
    expect(await versionOf(obj.name)).toBe(3);
  });

  it('its metadata, geometry, document, type and parent, each a write of its own', async () => {
    const obj = await objectIn();
    const parent = await objectIn();
    const changes = [
      { metadata: { elevation: 1050 } },
      { geo: { type: 'Point', coordinates: [18.8, 68.35] } },
      { doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'About it' }] }] } },
      { types: ['site', 'soil-plot'] },
      { parent: parent.name },
    ];
    for (const [i, change] of changes.entries()) {
      const res = await send('PUT', `/data/obj/${obj.name}`, change, `"${i + 1}"`);
      expect(res.statusCode, `${JSON.stringify(change)}: ${res.body}`).toBe(200);
      expect(res.json().obj.version).toBe(i + 2);
    }
  });

  it('an import that changes it or sets its parent', async () => {
    const obj = await objectIn();
    const parent = await objectIn();
    const imported = await api(t.app, 'POST', '/data/import/objects', {
      token: admin.token,
      body: { records: [[obj.name, 'Imported title']], options: { idColumn: 0, titleColumn: 1, objtypes: ['site'] } },
    });
    expect(imported.json().stats, imported.body).toMatchObject({ updated: 1 });
    expect(await versionOf(obj.name)).toBe(2);
    const related = await api(t.app, 'POST', '/data/import/object_rels', {
      token: admin.token,
      body: { records: [[obj.name, parent.name]], options: { idColumn: 0, relColumns: { site: 1 } } },
    });
    expect(related.json().stats, related.body).toMatchObject({ updated: 1 });
    expect(await versionOf(obj.name)).toBe(3);
  });

  it('not its notes or photos, whose own writes leave it as it is', async () => {
    const obj = await objectIn();
    const note = await buildNote(t.app, owner, obj.name);
    const photo = await buildPhoto(t.app, owner, obj.name);
    expect((await send('PUT', `/data/obj/${obj.name}/notes/${note.id}`, { content: 'Changed' })).statusCode).toBe(200);
    expect((await send('PUT', `/data/obj/${obj.name}/photos/${photo.id}`, { caption: 'Changed' })).statusCode).toBe(200);
    expect(await versionOf(obj.name)).toBe(1);
  });
});

describe('what bumps a data table', () => {
  it('its metrics change (a PUT); observations added do not', async () => {
    const table = await buildDataTable(t.app, owner, project.id);
    const path = `/projects/${project.id}/datatables/${table.id}`;
    const res = await send('PUT', path, { title: table.title, metrics: [metric] }, '"1"');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().datatable).toMatchObject({ metrics: [metric], version: 2 });
    const obj = await objectIn();
    const written = await api(t.app, 'POST', `${path}/observations`, {
      token: owner.token,
      body: { observations: [{ object: obj.name, metric, time: '2026-05-01T10:00:00Z', value: 1.5 }] },
    });
    expect(written.statusCode, written.body).toBe(200);
    expect((await send('GET', path)).json().datatable.version).toBe(2);
    // The project's detail lists it with its version too.
    expect((await send('GET', `/projects/${project.id}`)).json().datatables.find((d: { id: string }) => d.id === table.id).version).toBe(2);
  });
});

describe('what bumps a project file', () => {
  it('an upload of a new version and the deletion of one; neither bumps the project', async () => {
    const before = (await send('GET', `/projects/${project.id}`)).json().project.version;
    const file = await buildProjectFile(t.app, owner, project.id);
    const path = `/projects/${project.id}/files/${file.id}`;
    const next = await upload(t.app, 'POST', `${path}/version`, {
      token: owner.token,
      file: { data: Buffer.from('name,title\nsample-2,Sample two\n'), fileName: 'sample.csv', type: 'text/csv' },
    });
    expect(next.statusCode, next.body).toBe(201);
    expect((await send('GET', path)).json().version).toBe(2);
    const removed = await send('DELETE', `${path}/1`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().version).toBe(3);
    expect(removed.headers.etag).toMatch(versionTag(3));
    expect((await send('GET', `/projects/${project.id}`)).json().project.version).toBe(before);
  });
});
