import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeInput } from '@observatory/shared';
import { buildMetadataSchema, buildNode, buildNodeType, buildUser, type TestUser } from '../../../../test/factories.js';
import { api, startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
let curator: TestUser;
let user: TestUser;
let n = 0;
/** A name of its own for each thing a test makes. */
const fresh = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${n++}`;
const as = (who: TestUser) => ({ token: who.token });

beforeAll(async () => {
  t = await startTestApp();
  curator = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
  user = await buildUser(t.app);
});
afterAll(() => t.close());

/** A metadata schema with one required number, and a node type following it. */
async function typeWithSchema() {
  const { slug: schema } = await buildMetadataSchema(t.app, curator, {
    slug: fresh('dataset-basics'),
    title: 'Dataset basics',
    schema: { type: 'object', properties: { depth_cm: { type: 'number', minimum: 0 } }, required: ['depth_cm'] },
  });
  const slug = fresh('dataset');
  await buildNodeType(t.app, curator, { slug, name: `Dataset ${slug}`, schema });
  return { schema, slug };
}

/** A node's body: titled by its slug up to the first dash. */
const node = (slug: string, type: string, more: Partial<NodeInput> = {}) => ({ slug, title: slug.replace(/-.*/, ''), type, ...more });

describe('node types', () => {
  it('are created with a schema, read with their node count, changed, and deleted when no node has them', async () => {
    const { schema, slug } = await typeWithSchema();
    expect((await api(t.app, 'GET', `/data/nodetypes/${slug}`)).json()).toEqual({ nodetype: { slug, name: `Dataset ${slug}`, schema, version: 1 }, nodes: 0 });
    expect((await api(t.app, 'GET', '/data/nodetypes')).json().nodetypes).toContainEqual({ slug, name: `Dataset ${slug}`, schema, version: 1 });
    const changed = await api(t.app, 'PUT', `/data/nodetypes/${slug}`, { ...as(curator), body: { name: 'Data set', schema: null } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ nodetype: { slug, name: 'Data set', schema: null, version: 2 }, nodes: 0 });
    const root = fresh('soil');
    await buildNode(t.app, curator, node(root, slug));
    const refused = await api(t.app, 'DELETE', `/data/nodetypes/${slug}`, as(curator));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(new RegExp(`1 node is of this type: ${root}`));
    expect((await api(t.app, 'DELETE', `/data/node/${root}`, as(curator))).statusCode).toBe(204);
    expect((await api(t.app, 'DELETE', `/data/nodetypes/${slug}`, as(curator))).statusCode).toBe(204);
    expect((await api(t.app, 'GET', `/data/nodetypes/${slug}`)).statusCode).toBe(404);
  });

  it('refuse an unknown schema, a taken slug, and a new schema their nodes do not fit; a schema a node type uses stays', async () => {
    const { schema, slug } = await typeWithSchema();
    const unknown = await api(t.app, 'POST', '/data/nodetypes', { ...as(curator), body: { name: 'Sensor', schema: 'no-such-schema' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ field: 'body.schema', message: 'Unknown metadata schema: no-such-schema' }]);
    const taken = await api(t.app, 'POST', '/data/nodetypes', { ...as(curator), body: { slug, name: 'Another' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0].field).toBe('body.slug');

    await api(t.app, 'PUT', `/data/nodetypes/${slug}`, { ...as(curator), body: { name: 'Loose', schema: null } });
    const root = fresh('loose');
    await buildNode(t.app, curator, node(root, slug, { metadata: { depth_cm: 'deep' } }));
    const unfit = await api(t.app, 'PUT', `/data/nodetypes/${slug}`, { ...as(curator), body: { name: 'Strict', schema } });
    expect(unfit.statusCode).toBe(400);
    expect(unfit.json().details).toEqual([{ field: 'body.schema', message: `The node ${root} does not fit this schema: change its metadata first` }]);
    expect((await api(t.app, 'GET', `/data/nodetypes/${slug}`)).json().nodetype).toMatchObject({ name: 'Loose', schema: null });

    await api(t.app, 'PUT', `/data/node/${root}`, { ...as(curator), body: node(root, slug, { metadata: { depth_cm: 30 } }) });
    expect((await api(t.app, 'PUT', `/data/nodetypes/${slug}`, { ...as(curator), body: { name: 'Strict', schema } })).statusCode).toBe(200);
    const inUse = await api(t.app, 'DELETE', `/data/schema/${schema}`, as(curator));
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error).toMatch(/Strict \(node type\)/);
  });

  it('need sign-in, then manageSchema, to change', async () => {
    const { slug } = await typeWithSchema();
    expect((await api(t.app, 'POST', '/data/nodetypes', { body: { name: 'Sensor' } })).statusCode).toBe(401);
    expect((await api(t.app, 'POST', '/data/nodetypes', { ...as(user), body: { name: 'Sensor' } })).statusCode).toBe(403);
    expect((await api(t.app, 'PUT', `/data/nodetypes/${slug}`, { ...as(user), body: { name: 'Sensor' } })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `/data/nodetypes/${slug}`)).statusCode).toBe(401);
    expect((await api(t.app, 'DELETE', `/data/nodetypes/${slug}`, as(user))).statusCode).toBe(403);
    expect((await api(t.app, 'GET', `/data/nodetypes/${slug}`)).json().nodetype.name).toBe(`Dataset ${slug}`);
  });
});

describe('the node tree', () => {
  it('is read by path with ancestors, children, metadata and schema', async () => {
    const { schema, slug } = await typeWithSchema();
    const root = fresh('soil');
    for (const [parent, segment] of [
      [null, root],
      [root, 'chemistry'],
      [`${root}/chemistry`, 'carbon'],
      [`${root}/chemistry`, 'nitrogen'],
    ] as const) {
      await buildNode(t.app, curator, node(segment, slug, { parent, metadata: { depth_cm: 30 } }));
    }
    const res = await api(t.app, 'GET', `/data/node/${root}/chemistry/carbon`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      node: { path: `${root}/chemistry/carbon`, slug: 'carbon', title: 'carbon', description: '', type: { slug, name: `Dataset ${slug}` }, version: 1 },
      ancestors: [
        { path: root, title: 'soil' },
        { path: `${root}/chemistry`, title: 'chemistry' },
      ],
      children: [],
      metadata: { depth_cm: 30 },
      schema: expect.objectContaining({ slug: schema, version: 1 }),
    });
    const middle = (await api(t.app, 'GET', `/data/node/${root}/chemistry`)).json();
    expect(middle.children.map((c: { path: string }) => c.path)).toEqual([`${root}/chemistry/carbon`, `${root}/chemistry/nitrogen`]);
    expect((await api(t.app, 'GET', '/data/node')).json().children.map((c: { path: string }) => c.path)).toContain(root);
    const outline = (await api(t.app, 'GET', '/data/nodes')).json().nodes as { path: string; title: string }[];
    expect(outline.filter((o) => o.path.startsWith(root))).toEqual([
      { path: root, title: 'soil' },
      { path: `${root}/chemistry`, title: 'chemistry' },
      { path: `${root}/chemistry/carbon`, title: 'carbon' },
      { path: `${root}/chemistry/nitrogen`, title: 'nitrogen' },
    ]);
    expect((await api(t.app, 'GET', `/data/node/${root}/nothing-here`)).statusCode).toBe(404);
  });

  it('moves a node with everything below it, and refuses a move inside itself', async () => {
    const { slug } = await typeWithSchema();
    const [soil, water] = [fresh('soil'), fresh('water')];
    const body = (segment: string, parent: string | null) => ({ ...as(curator), body: node(segment, slug, { parent, metadata: { depth_cm: 1 } }) });
    for (const [segment, parent] of [
      [soil, null],
      [water, null],
      ['chemistry', soil],
      ['carbon', `${soil}/chemistry`],
    ] as const)
      await buildNode(t.app, curator, node(segment, slug, { parent, metadata: { depth_cm: 1 } }));

    const inside = await api(t.app, 'PUT', `/data/node/${soil}`, body(soil, `${soil}/chemistry`));
    expect(inside.statusCode).toBe(400);
    expect(inside.json().details).toEqual([{ field: 'body.parent', message: `A node cannot go inside itself: ${soil}/chemistry is below it` }]);
    expect((await api(t.app, 'PUT', `/data/node/${soil}`, body(soil, soil))).json().details[0].message).toMatch(/is the node/);

    const moved = await api(t.app, 'PUT', `/data/node/${soil}/chemistry`, body('chem', water));
    expect(moved.statusCode).toBe(200);
    expect(moved.json().node.path).toBe(`${water}/chem`);
    expect(moved.json().children.map((c: { path: string }) => c.path)).toEqual([`${water}/chem/carbon`]);
    expect((await api(t.app, 'GET', `/data/node/${water}/chem/carbon`)).json().ancestors.map((a: { path: string }) => a.path)).toEqual([
      water,
      `${water}/chem`,
    ]);
    expect((await api(t.app, 'GET', `/data/node/${soil}/chemistry/carbon`)).statusCode).toBe(404);
    expect((await api(t.app, 'GET', `/data/node/${soil}`)).json().children).toEqual([]);

    const taken = await api(t.app, 'PUT', `/data/node/${water}/chem`, body(soil, null));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0]).toEqual({ field: 'body.slug', message: `A node at ${soil} exists` });
  });

  it('refuses empty or reserved segments, unknown parents and types, and metadata its schema refuses; nothing changes', async () => {
    const { slug } = await typeWithSchema();
    const root = fresh('soil');
    await buildNode(t.app, curator, node(root, slug, { metadata: { depth_cm: 5 } }));
    /** The create call under test: a node below the root. */
    const post = (body: Record<string, unknown>) =>
      api(t.app, 'POST', '/data/node', { ...as(curator), body: node('chemistry', slug, { parent: root, metadata: { depth_cm: 5 }, ...body }) });

    const reserved = await post({ slug: 'new' });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().details[0]).toMatchObject({ field: 'body.slug', message: expect.stringMatching(/reserved/) });
    const empty = await post({ parent: `${root}//x` });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0]).toMatchObject({ field: 'body.parent', message: expect.stringMatching(/Segment 2 of the path is empty/) });
    expect((await post({ parent: `${root}/edit` })).json().details[0].message).toMatch(/“edit”: This segment is reserved/);
    expect((await post({ parent: `${root}/missing` })).json().details).toEqual([{ field: 'body.parent', message: `No node at ${root}/missing` }]);
    expect((await post({ type: 'no-such-type' })).json().details).toEqual([{ field: 'body.type', message: 'Unknown node type: no-such-type' }]);
    const metadata = await post({ metadata: { depth_cm: -3 } });
    expect(metadata.statusCode).toBe(400);
    expect(metadata.json().details[0].field).toBe('body.metadata.depth_cm');
    expect((await api(t.app, 'GET', '/data/node/new')).statusCode).toBe(400);
    expect((await api(t.app, 'GET', `/data/node/${root}`)).json().children).toEqual([]);
  });

  it('deletes only a node with nothing inside it', async () => {
    const { slug } = await typeWithSchema();
    const root = fresh('soil');
    await buildNode(t.app, curator, node(root, slug, { metadata: { depth_cm: 5 } }));
    await buildNode(t.app, curator, node('chemistry', slug, { parent: root, metadata: { depth_cm: 5 } }));
    const refused = await api(t.app, 'DELETE', `/data/node/${root}`, as(curator));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(`1 node sits inside ${root}: ${root}/chemistry. Move or delete it first.`);
    expect((await api(t.app, 'DELETE', `/data/node/${root}/chemistry`, as(curator))).statusCode).toBe(204);
    expect((await api(t.app, 'DELETE', `/data/node/${root}`, as(curator))).statusCode).toBe(204);
    expect((await api(t.app, 'GET', `/data/node/${root}`)).statusCode).toBe(404);
  });

  it('needs sign-in, then manageSchema, to change', async () => {
    const { slug } = await typeWithSchema();
    const root = fresh('soil');
    const body = node(root, slug, { metadata: { depth_cm: 5 } });
    expect((await api(t.app, 'POST', '/data/node', { body })).statusCode).toBe(401);
    expect((await api(t.app, 'POST', '/data/node', { ...as(user), body })).statusCode).toBe(403);
    await buildNode(t.app, curator, body);
    expect((await api(t.app, 'PUT', `/data/node/${root}`, { body })).statusCode).toBe(401);
    expect((await api(t.app, 'PUT', `/data/node/${root}`, { ...as(user), body: { ...body, title: 'Mine' } })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `/data/node/${root}`, as(user))).statusCode).toBe(403);
    expect((await api(t.app, 'GET', `/data/node/${root}`)).json().node.title).toBe('soil');
  });
});
