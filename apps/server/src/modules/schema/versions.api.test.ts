import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metadataSchemas, metadataSchemaVersions } from '../../db/schema/index.js';
import { buildMetadataSchema, buildMetric, buildNode, buildNodeType, buildObjectType, buildUnit, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, type TestApp, versionTag } from '../../../test/harness.js';

// The data schema's resources have a version (docs/api.md "Versions and conditional
// writes"): every write bumps it, and a PUT or DELETE based on a former one answers 412.

let t: TestApp;
let curator: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  curator = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
});
afterAll(() => t.close());

type Answer = Record<string, unknown> & { version: number };
interface Resource {
  name: string;
  /** Makes one: its address, and a PUT body that sets `field` to a value. */
  make: () => Promise<{ url: string; change: (value: string) => unknown }>;
  /** The resource itself in a GET or PUT answer. */
  of: (answer: Record<string, unknown>) => Answer;
  field: string;
}

const emptySchema = { type: 'object', properties: {} };
const RESOURCES: Resource[] = [
  {
    name: 'unit',
    make: async () => {
      const unit = await buildUnit(t.app, curator, { code: 'kg/har' });
      expect(unit.version).toBe(1);
      return { url: '/data/units/kg%2Fhar', change: (name) => ({ name }) };
    },
    // GET answers the unit with its metrics, PUT the unit alone.
    of: (answer) => ('unit' in answer ? answer.unit : answer) as Answer,
    field: 'name',
  },
  {
    name: 'metric',
    make: async () => {
      const { name, version } = await buildMetric(t.app, curator);
      expect(version).toBe(1);
      return { url: `/data/metrics/${name}`, change: (title) => ({ name, title, type: 'number' }) };
    },
    of: (answer) => answer.metric as Answer,
    field: 'title',
  },
  {
    name: 'metadata schema',
    make: async () => {
      const { slug, version } = await buildMetadataSchema(t.app, curator);
      expect(version).toBe(1);
      return { url: `/data/schema/${slug}`, change: (title) => ({ title, schema: emptySchema }) };
    },
    // GET answers the schema with its users, PUT the schema alone (whose `schema` is the document).
    of: (answer) => ('usedBy' in answer ? answer.schema : answer) as Answer,
    field: 'title',
  },
  {
    name: 'object type',
    make: async () => {
      const { slug, version } = await buildObjectType(t.app, curator);
      expect(version).toBe(1);
      return { url: `/data/objtypes/${slug}`, change: (name) => ({ name }) };
    },
    of: (answer) => answer.objtype as Answer,
    field: 'name',
  },
  {
    name: 'node type',
    make: async () => {
      const { slug, version } = await buildNodeType(t.app, curator);
      expect(version).toBe(1);
      return { url: `/data/nodetypes/${slug}`, change: (name) => ({ name }) };
    },
    of: (answer) => answer.nodetype as Answer,
    field: 'name',
  },
  {
    name: 'node',
    make: async () => {
      const type = await buildNodeType(t.app, curator);
      const { path, slug, version } = await buildNode(t.app, curator, { type: type.slug });
      expect(version).toBe(1);
      return { url: `/data/node/${path}`, change: (title) => ({ slug, title, type: type.slug }) };
    },
    of: (answer) => answer.node as Answer,
    field: 'title',
  },
];

const send = (method: 'GET' | 'PUT' | 'DELETE', url: string, ifMatch?: string, body?: unknown) =>
  api(t.app, method, url, { token: curator.token, ...(ifMatch ? { headers: { 'if-match': ifMatch } } : {}), ...(body ? { body } : {}) });

describe.each(RESOURCES)('a $name', ({ make, of, field }) => {
  it('answers its version and ETag; a write based on a former version is refused with 412, writing nothing', async () => {
    const { url, change } = await make();
    const read = await api(t.app, 'GET', url);
    expect(read.statusCode, read.body).toBe(200);
    expect(of(read.json()).version).toBe(1);
    expect(read.headers.etag).toMatch(versionTag(1));

    const changed = await send('PUT', url, '"1"', change('Changed'));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(of(changed.json())).toMatchObject({ [field]: 'Changed', version: 2 });
    expect(changed.headers.etag).toMatch(versionTag(2));

    const stale = await send('PUT', url, '"1"', change('Lost'));
    expect(stale.statusCode, stale.body).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'PRECONDITION_FAILED', current: { version: 2, updatedBy: { id: curator.personId } } });
    expect(of((await api(t.app, 'GET', url)).json())).toMatchObject({ [field]: 'Changed', version: 2 });

    expect((await send('DELETE', url, '"1"')).statusCode).toBe(412);
    expect((await api(t.app, 'GET', url)).statusCode).toBe(200);
    const deleted = await send('DELETE', url, '"2"');
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await api(t.app, 'GET', url)).statusCode).toBe(404);
  });
});

describe('units', () => {
  it('UCUM’s own are restored at every start without a new version, unless the restore changes one', async () => {
    const { units } = t.app.services.schema;
    const version = async () => (await api(t.app, 'GET', '/data/units/Cel')).json().unit as { name: string; version: number };
    await units.ensureReference();
    expect(await version()).toMatchObject({ name: 'degree Celsius', version: 1 });
    expect((await send('PUT', '/data/units/Cel', '"1"', { name: 'Celsius' })).statusCode).toBe(200);
    await units.ensureReference();
    expect(await version()).toMatchObject({ name: 'degree Celsius', version: 3 });
    await units.ensureReference();
    expect((await version()).version).toBe(3);
  });
});

describe('metadata schemas', () => {
  it('keep one version: each save is the next, in the history too, even two at once', async () => {
    const { slug } = await buildMetadataSchema(t.app, curator);
    const saves = await Promise.all(['A', 'B'].map((title) => send('PUT', `/data/schema/${slug}`, undefined, { title, schema: emptySchema })));
    expect(saves.map((s) => s.statusCode)).toEqual([200, 200]);
    expect(saves.map((s) => s.json().version).sort()).toEqual([2, 3]);
    const history = await t.database.use((d) =>
      d
        .select({ version: metadataSchemaVersions.version })
        .from(metadataSchemaVersions)
        .innerJoin(metadataSchemas, eq(metadataSchemas.id, metadataSchemaVersions.schemaId))
        .where(eq(metadataSchemas.slug, slug))
        .orderBy(asc(metadataSchemaVersions.version)),
    );
    expect(history.map((h) => h.version)).toEqual([1, 2, 3]);
  });
});

describe('object types', () => {
  const typeVersion = async (slug: string) => (await api(t.app, 'GET', `/data/objtypes/${slug}`)).json().objtype.version as number;

  it('a change of its metrics, metadata schemas or parent types is a new version', async () => {
    const type = await buildObjectType(t.app, curator);
    const metric = await buildMetric(t.app, curator);
    const schema = await buildMetadataSchema(t.app, curator);
    const parent = await buildObjectType(t.app, curator);
    const body = { name: type.name, metrics: [metric.name] };
    expect((await send('PUT', `/data/objtypes/${type.slug}`, '"1"', body)).json().objtype.version).toBe(2);
    expect((await send('PUT', `/data/objtypes/${type.slug}`, '"2"', { ...body, metadata_schemas: [schema.slug] })).json().objtype.version).toBe(3);
    const parented = await send('PUT', `/data/objtypes/${type.slug}`, '"3"', { ...body, metadata_schemas: [schema.slug], parents: [parent.slug] });
    expect(parented.json().objtype).toMatchObject({ parents: [parent.slug], version: 4 });
  });

  it('deleting a parent type makes each type that sat in it a new version', async () => {
    const parent = await buildObjectType(t.app, curator);
    const child = await buildObjectType(t.app, curator, { parents: [parent.slug] });
    const other = await buildObjectType(t.app, curator);
    expect((await send('DELETE', `/data/objtypes/${parent.slug}`, '"1"')).statusCode).toBe(204);
    expect((await api(t.app, 'GET', `/data/objtypes/${child.slug}`)).json().objtype).toMatchObject({ parents: [], version: 2 });
    expect(await typeVersion(other.slug)).toBe(1);
  });

  it('an edit of a metric or a schema it uses is not a new version of the type', async () => {
    const metric = await buildMetric(t.app, curator);
    const schema = await buildMetadataSchema(t.app, curator);
    const type = await buildObjectType(t.app, curator, { metrics: [metric.name], metadata_schemas: [schema.slug] });
    await send('PUT', `/data/metrics/${metric.name}`, '"1"', { name: metric.name, title: 'Renamed', type: 'number' });
    await send('PUT', `/data/schema/${schema.slug}`, '"1"', { title: 'Renamed', schema: emptySchema });
    const read = (await api(t.app, 'GET', `/data/objtypes/${type.slug}`)).json().objtype;
    expect(read).toMatchObject({
      version: 1,
      metrics: { [metric.name]: { title: 'Renamed', version: 2 } },
      metadata_schemas: { [schema.slug]: { version: 2 } },
    });
  });
});

describe('nodes', () => {
  it('a move is a new version of the node moved; those below follow with theirs, the parents keep theirs', async () => {
    const type = await buildNodeType(t.app, curator);
    const [from, to] = [await buildNode(t.app, curator, { type: type.slug }), await buildNode(t.app, curator, { type: type.slug })];
    const moving = await buildNode(t.app, curator, { type: type.slug, parent: from.path });
    const below = await buildNode(t.app, curator, { type: type.slug, parent: moving.path });
    const moved = await send('PUT', `/data/node/${moving.path}`, '"1"', { parent: to.path, slug: moving.slug, title: moving.title, type: type.slug });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().node).toMatchObject({ path: `${to.path}/${moving.slug}`, version: 2 });
    expect(moved.headers.etag).toMatch(versionTag(2));
    const version = async (path: string) => (await api(t.app, 'GET', `/data/node/${path}`)).json().node.version as number;
    expect(await version(`${to.path}/${moving.slug}/${below.slug}`)).toBe(1);
    expect([await version(from.path), await version(to.path)]).toEqual([1, 1]);
  });
});
