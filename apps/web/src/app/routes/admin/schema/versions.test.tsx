import { cleanup, screen, within } from '@testing-library/react';
import type { MetadataSchemaResponse, Metric, NodeType, ObjectDetail, ObjectType, UnitDetail } from '@observatory/shared';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { patterns } from '../../../../config/paths';
import { changedMeanwhile, fakeFetch, json, type Call } from '../../../../test/fake-fetch';
import { renderScreen, signedIn } from '../../../../test/render-screen';
import MetricAdminPage from './metrics/MetricAdminPage';
import NodeTypeAdminPage from './nodetypes/NodeTypeAdminPage';
import ObjectAdminPage from './objects/ObjectAdminPage';
import ObjectTypeAdminPage from './objtypes/ObjectTypeAdminPage';
import SchemaAdminPage from './schemas/SchemaAdminPage';
import UnitAdminPage from './units/UnitAdminPage';

// happy-dom has no FontFaceSet, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }), configurable: true });

afterEach(cleanup);
afterEach(() => vi.unstubAllGlobals());

/**
 * A Site Admin page on a fake server holding one resource at `version`: GET `path` answers
 * it, the first PUT finds Grace's next version (`theirs`) and is refused with 412, a later
 * PUT is taken as the next version (`saved`, as GET answers it; the PUT's answer made of it
 * by `answer`). Other calls go to `others`.
 */
function editOnServer<R>({
  path,
  version,
  mine,
  theirs,
  saved,
  answer = (saved) => saved,
  others,
  at,
  pattern,
  element,
}: {
  path: string;
  version: number;
  mine: R;
  theirs: R;
  saved: (body: unknown, version: number) => R;
  answer?: (saved: R) => unknown;
  others?: (call: Call) => Response | undefined;
  at: string;
  pattern: string;
  element: ReactNode;
}) {
  let current = { version, resource: mine };
  const server = fakeFetch((call) => {
    if (call.path === path && call.method === 'GET') return json(current.resource);
    if (call.path === path && call.method === 'PUT') {
      if (current.resource === mine) {
        current = { version: current.version + 1, resource: theirs };
        return changedMeanwhile(current.version);
      }
      current = { version: current.version + 1, resource: saved(call.body, current.version + 1) };
      return json(answer(current.resource));
    }
    return others?.(call);
  });
  const shown = renderScreen({ path: at, routes: [{ path: pattern, element }], user: signedIn('ada', ['accessAdmin', 'manageSchema']) });
  return { ...server, ...shown };
}

/** The rows of the dialog's table of differing fields, as text. */
const differing = async (dialog: HTMLElement) =>
  within(await within(dialog).findByRole('table', { name: 'Fields that differ' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);

async function retype(user: ReturnType<typeof renderScreen>['user'], field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

const unit = (version: number, property: string): UnitDetail => ({
  unit: { code: 'sp', name: 'Sample', printSymbol: 'sp', property, builtin: false, version },
  metrics: [],
});

describe('a unit', () => {
  it('is saved with its version; refused, Keep editing takes Grace’s property, keeps the new name and saves on her version', async () => {
    const { user, writes } = editOnServer({
      path: '/data/units/sp',
      version: 2,
      mine: unit(2, 'count'),
      theirs: unit(3, 'number'),
      saved: (body, version) => ({ ...unit(version, ''), ...(body as object), builtin: false, code: 'sp', version }),
      others: ({ path }) => (path === '/data/units' ? json({ units: [] }) : undefined),
      at: '/admin/data/units/sp',
      pattern: patterns.adminUnit,
      element: <UnitAdminPage />,
    });
    const form = await screen.findByRole('form', { name: 'Unit' });
    await retype(user, within(form).getByRole('textbox', { name: 'Name' }), 'Samples');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'The unit sp was changed while you were editing' });
    expect(writes()[0]).toMatchObject({ method: 'PUT', ifMatch: '"2"', overwriteOf: null });
    expect(await differing(dialog)).toEqual(['NameSamplesSample', 'Propertycountnumber']);
    expect(within(form).queryByRole('alert')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect((within(form).getByRole('textbox', { name: 'Property' }) as HTMLInputElement).value).toBe('number');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]).toMatchObject({ ifMatch: '"3"', overwriteOf: null, body: { name: 'Samples', printSymbol: 'sp', property: 'number' } });
  });
});

const metric = (version: number, over: Partial<Metric> = {}): { metric: Metric } => ({
  metric: {
    name: 'leaf-area',
    title: 'Leaf area',
    description: '',
    unit: null,
    type: 'number',
    allowed: [],
    min: 0,
    max: null,
    version,
    ...over,
    rules: over.rules ?? [],
  },
});

/** The lists the pages pick from or show beside the form. */
const LISTS: Record<string, unknown> = {
  '/data/units': { units: [] },
  '/data/objtypes': { objtypes: {} },
  '/data/metrics': { metrics: [] },
  '/data/schema': { schemas: [{ slug: 'soil', title: 'Soil', version: 1, schema: {} }] },
  '/data/nodetypes': { nodetypes: [] },
  '/data/obj': { objects: [] },
};
const lists = ({ path }: Call) => (path in LISTS ? json(LISTS[path]) : undefined);

describe('a metric', () => {
  it('is saved with its version; refused, Overwrite sends the user’s metric on Grace’s version, naming the one it was based on', async () => {
    const { user, writes } = editOnServer({
      path: '/data/metrics/leaf-area',
      version: 4,
      mine: metric(4),
      theirs: metric(5, { description: 'One side of the leaves' }),
      saved: (body, version) => metric(version, body as Partial<Metric>),
      others: lists,
      at: '/admin/data/metrics/leaf-area',
      pattern: patterns.adminMetric,
      element: <MetricAdminPage />,
    });
    const form = await screen.findByRole('form', { name: 'Metric' });
    await retype(user, within(form).getByRole('textbox', { name: 'Title' }), 'Leaf area index');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'The metric Leaf area was changed while you were editing' });
    expect(writes()[0]).toMatchObject({ method: 'PUT', ifMatch: '"4"', overwriteOf: null });
    expect(await differing(dialog)).toEqual(['TitleLeaf area indexLeaf area', 'Description(empty)One side of the leaves']);
    expect(within(form).queryByRole('alert')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    await vi.waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]).toMatchObject({ ifMatch: '"5"', overwriteOf: '"4"', body: { title: 'Leaf area index', description: '' } });
  });
});

const nodeType = (version: number, over: Partial<NodeType> = {}) => ({ nodetype: { slug: 'plot', name: 'Plot', schema: null, version, ...over }, nodes: 0 });

describe('a node type', () => {
  it('is saved with its version; refused, Keep editing takes Grace’s schema, keeps the new name and saves on her version', async () => {
    const { user, writes } = editOnServer({
      path: '/data/nodetypes/plot',
      version: 1,
      mine: nodeType(1),
      theirs: nodeType(2, { schema: 'soil' }),
      saved: (body, version) => nodeType(version, body as Partial<NodeType>),
      others: lists,
      at: '/admin/data/nodetypes/plot',
      pattern: patterns.adminNodeType,
      element: <NodeTypeAdminPage />,
    });
    const form = await screen.findByRole('form', { name: 'Node type' });
    await retype(user, within(form).getByRole('textbox', { name: 'Name' }), 'Plots');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'The node type Plot was changed while you were editing' });
    expect(writes()[0]).toMatchObject({ method: 'PUT', ifMatch: '"1"', overwriteOf: null });
    expect(await differing(dialog)).toEqual(['NamePlotsPlot', 'Metadata schema(none)Soil']);

    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]).toMatchObject({ ifMatch: '"2"', overwriteOf: null, body: { name: 'Plots', slug: 'plot', schema: 'soil' } });
  });
});

const SOIL = { slug: 'soil', title: 'Soil', version: 1, schema: {} };
const objectType = (version: number, over: Partial<ObjectType> = {}): { objtype: ObjectType } => ({
  objtype: {
    id: '88888888-8888-4888-8888-888888888888',
    slug: 'plot',
    name: 'Plot',
    marker: 'default',
    parents: [],
    metrics: {},
    metadata_schemas: {},
    version,
    ...over,
  },
});

describe('an object type', () => {
  it('is saved with its version; refused, Keep editing takes Grace’s schemas, keeps the new name and saves on her version', async () => {
    const { user, writes } = editOnServer({
      path: '/data/objtypes/plot',
      version: 5,
      mine: objectType(5),
      theirs: objectType(6, { metadata_schemas: { soil: SOIL } }),
      saved: (body, version) => objectType(version, { name: (body as { name: string }).name, metadata_schemas: { soil: SOIL } }),
      others: lists,
      at: '/admin/data/objtypes/plot',
      pattern: patterns.adminObjectType,
      element: <ObjectTypeAdminPage />,
    });
    const form = await screen.findByRole('form', { name: 'Object type' });
    await retype(user, within(form).getByRole('textbox', { name: 'Name' }), 'Plots');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'The object type Plot was changed while you were editing' });
    expect(writes()[0]).toMatchObject({ method: 'PUT', ifMatch: '"5"', overwriteOf: null });
    expect(await differing(dialog)).toEqual(['NamePlotsPlot', 'Metadata schemas(none)Soil (soil)']);

    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]).toMatchObject({ ifMatch: '"6"', overwriteOf: null, body: { name: 'Plots', metadata_schemas: ['soil'] } });
  });
});

const schema = (version: number, title: string, properties: Record<string, unknown> = {}): MetadataSchemaResponse => ({
  schema: { slug: 'soil', title, version, schema: { type: 'object', properties } },
  usedBy: [],
});

describe('a metadata schema', () => {
  it('is saved with its version; refused, both JSON texts are shown, and Overwrite checks again and saves on Grace’s version', async () => {
    const { user, writes } = editOnServer({
      path: '/data/schema/soil',
      version: 2,
      mine: schema(2, 'Soil'),
      theirs: schema(3, 'Soil', { ph: { type: 'number' } }),
      saved: (body, version) => ({
        ...schema(version, ''),
        schema: { slug: 'soil', version, ...(body as { title: string; schema: Record<string, unknown> }) },
      }),
      answer: (saved) => saved.schema,
      others: ({ path }) => (path === '/data/schema/soil/check' ? json({ checked: 0, invalid: 0, hidden: 0, objects: [] }) : lists({ path } as Call)),
      at: '/admin/data/schema/soil',
      pattern: patterns.adminSchema,
      element: <SchemaAdminPage />,
    });
    const form = await screen.findByRole('form', { name: 'Metadata schema' });
    await retype(user, within(form).getByRole('textbox', { name: 'Title' }), 'Soil chemistry');
    await user.click(within(form).getByRole('button', { name: 'Check and save' }));

    const dialog = await screen.findByRole('dialog', { name: 'The schema Soil was changed while you were editing' });
    expect(writes().map((w) => [w.method, w.ifMatch])).toEqual([
      ['POST', null],
      ['PUT', '"2"'],
    ]);
    expect(await differing(dialog)).toEqual(['TitleSoil chemistrySoil']);
    within(dialog).getByText('JSON Schema: saved now');
    within(dialog).getByText(/"ph"/);

    await user.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    await vi.waitFor(() => expect(writes()).toHaveLength(4));
    expect(writes()[3]).toMatchObject({
      method: 'PUT',
      ifMatch: '"3"',
      overwriteOf: '"2"',
      body: { title: 'Soil chemistry', schema: { type: 'object', properties: {} } },
    });
  });
});

const rawObject = (version: number, title: string, elevation: number): ObjectDetail => ({
  obj: {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'ridge',
    title,
    types: [{ slug: 'site', name: 'Site', marker: 'default' }],
    projects: [],
    parent: null,
    people: [],
    institutions: [],
    geo: null,
    metadata: { elevation },
    visibility: 'public',
    version,
    update: { at: `2026-11-28T14:0${version}:00.000Z`, by: null },
  },
  doc: null,
  permissions: ['view', 'edit'],
});

describe('an object’s raw fields', () => {
  it('are saved with its version; refused, Keep editing takes Grace’s metadata, keeps the new title and saves on her version', async () => {
    const { user, writes } = editOnServer({
      path: '/data/obj/ridge',
      version: 1,
      mine: rawObject(1, 'Ridge', 1200),
      theirs: rawObject(2, 'Ridge', 1250),
      // The PUT names its types by slug; GET answers them as objects.
      saved: (body, version) => {
        const { title, metadata } = body as { title: string; metadata: { elevation: number } };
        return rawObject(version, title, metadata.elevation);
      },
      others: lists,
      at: '/admin/data/obj/ridge',
      pattern: patterns.adminObject,
      element: <ObjectAdminPage />,
    });
    const form = await screen.findByRole('form', { name: 'Object' });
    await retype(user, within(form).getByRole('textbox', { name: 'Title' }), 'Upper ridge');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'The object was changed while you were editing' });
    expect(writes()[0]).toMatchObject({ method: 'PUT', ifMatch: '"1"', overwriteOf: null });
    expect(await differing(dialog)).toEqual(['TitleUpper ridgeRidge']);
    expect(within(dialog).getByText(/"elevation": 1250/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]).toMatchObject({ ifMatch: '"2"', overwriteOf: null, body: { title: 'Upper ridge', metadata: { elevation: 1250 } } });
  });
});
