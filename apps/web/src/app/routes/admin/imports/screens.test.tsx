import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { AuthUser, ImportPreview, ImportSession } from '@observatory/shared';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../../lib/api-client';
import { ObjectsResultPage } from './ImportResultPage';
import ImportStartPage from './ImportStartPage';
import ObjectImportPage from './ObjectImportPage';
import ObservationImportPage from './ObservationImportPage';
import { readOptions } from './options-url';
import { renderScreen, signedIn } from '../../../../test/render-screen';

const SESSION_ID = '6f1c2f4e-1b1a-4b7e-9d8e-3c2a1b0f9e8d';
const SESSION: ImportSession = {
  id: SESSION_ID,
  fileName: 'sites.csv',
  size: 2048,
  format: 'csv',
  sheets: [],
  sheet: null,
  columns: [
    { index: 0, header: 'name' },
    { index: 1, header: 'title' },
    { index: 2, header: 'lat' },
    { index: 3, header: 'lon' },
    { index: 4, header: 'elevation' },
  ],
  records: 3,
  sample: [
    ['abisko-1', 'Abisko birch', '68.35', '18.8', '420'],
    ['abisko-2', 'Abisko heath', '68.36', '18.81', ''],
    ['', 'Nameless', 'x', '18.8', '400'],
  ],
  kind: null,
  options: null,
  stats: null,
  createdBy: { username: 'ada' },
  createdAt: '2025-01-01T10:00:00Z',
  committedAt: null,
};

const PREVIEW: ImportPreview = {
  stats: { created: 1, updated: 1, unchanged: 0, errors: 1, metadataChanged: 1, locationAdded: 0 },
  total: 3,
  matching: 3,
  page: 1,
  pages: 1,
  committed: false,
  records: [
    {
      row: 2,
      name: 'abisko-1',
      status: 'ok',
      operation: 'create',
      errors: [],
      before: null,
      after: { title: 'Abisko birch', metadata: { elevation: 420 }, geo: null, projects: [], types: ['site'] },
    },
    {
      row: 3,
      name: 'abisko-2',
      status: 'ok',
      operation: 'update',
      errors: [],
      before: { title: 'Heath', metadata: { elevation: 400 }, geo: null, projects: [], types: ['site'] },
      after: { title: 'Abisko heath', metadata: { elevation: 400 }, geo: null, projects: [], types: ['site'] },
    },
    {
      row: 4,
      name: null,
      status: 'error',
      operation: null,
      errors: [
        { column: 0, message: 'The id is empty' },
        { column: 2, message: 'x is not a latitude' },
      ],
      before: null,
      after: null,
    },
  ],
};

const USER = { id: 'u1', username: 'ada', super: true, permissions: [] } as unknown as AuthUser;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;

function serve(preview: ImportPreview = PREVIEW) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === `/api/v1/data/import/sessions/${SESSION_ID}`) return json({ session: SESSION });
    if (url === '/api/v1/data/import/objects/preview') return json(preview);
    if (url === '/api/v1/data/objtypes') return json({ objtypes: {} });
    if (url.startsWith('/api/v1/projects')) return json({ projects: [] });
    return json({ error: `Not served: ${url}`, code: 'NOT_FOUND', requestId: 'r' }, 404);
  });
}

/** Where the router is now, for the assertions. */
let location = '';
function Where() {
  const l = useLocation();
  location = `${l.pathname}${l.search}`;
  return null;
}

function show(path: string, user: AuthUser = USER) {
  return renderScreen({
    path,
    user,
    routes: [
      {
        path: '/admin/data/import/objects',
        element: (
          <>
            <Where />
            <ObjectImportPage />
          </>
        ),
      },
      {
        path: '/admin/data/import/objects/result',
        element: (
          <>
            <Where />
            <ObjectsResultPage />
          </>
        ),
      },
      {
        path: '/admin/data/import/observations',
        element: (
          <>
            <Where />
            <ObservationImportPage />
          </>
        ),
      },
      { path: '/admin/data/import/observations/result', element: <Where /> },
      {
        path: '/admin/data/import',
        element: (
          <>
            <Where />
            <ImportStartPage />
          </>
        ),
      },
    ],
  });
}

beforeEach(() => {
  setAccessToken('t');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  serve();
});
afterEach(() => {
  cleanup();
  setAccessToken(null);
  vi.unstubAllGlobals();
});

describe('the object import’s options', () => {
  it('guesses the columns from the headers, warns without an id column, and previews with the options in the address', async () => {
    const { user } = show(`/admin/data/import/objects?session=${SESSION_ID}`);
    expect(await screen.findByRole('heading', { name: 'Import objects' })).toBeTruthy();
    const id = screen.getByRole('combobox', { name: 'Id column' }) as HTMLInputElement;
    expect(id.value).toBe('name');
    expect((screen.getByRole('combobox', { name: 'Title column' }) as HTMLInputElement).value).toBe('title');
    expect((screen.getByRole('checkbox', { name: /Set locations/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText(/Without an id column/)).toBeNull();
    // The columns with their first values.
    expect(screen.getByRole('table', { name: 'Columns of the file' }).textContent).toContain('abisko-1 · abisko-2 · ∅');

    await user.click(screen.getByRole('checkbox', { name: /Keep their other metadata/ }));
    expect(readOptions(new URLSearchParams(location.split('?')[1]))).toMatchObject({ idColumn: 0, mergeMetadata: false });

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(location.startsWith('/admin/data/import/objects/result?')).toBe(true));
    expect(readOptions(new URLSearchParams(location.split('?')[1]))).toMatchObject({
      idColumn: 0,
      titleColumn: 1,
      latColumn: 2,
      lonColumn: 3,
      setLocation: true,
      mergeMetadata: false,
    });
  });

  it('maps the geometry column of the catalogue’s own export, and previews with it', async () => {
    const exported: ImportSession = {
      ...SESSION,
      fileName: 'objects.csv',
      columns: ['name', 'title', 'types', 'projects', 'parent', 'visibility', 'longitude', 'latitude', 'geometry'].map((header, index) => ({ index, header })),
      sample: [['neon-d01', 'Northeast', 'region', '', '', 'public', '', '', '{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}']],
    };
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === `/api/v1/data/import/sessions/${SESSION_ID}`) return json({ session: exported });
      if (url === '/api/v1/data/import/objects/preview') return json(PREVIEW);
      if (url === '/api/v1/data/objtypes') return json({ objtypes: {} });
      if (url.startsWith('/api/v1/projects')) return json({ projects: [] });
      return json({ error: `Not served: ${url}`, code: 'NOT_FOUND', requestId: 'r' }, 404);
    });
    const { user } = show(`/admin/data/import/objects?session=${SESSION_ID}`);
    const geometry = (await screen.findByRole('combobox', { name: /Geometry column/ })) as HTMLInputElement;
    expect(geometry.value).toBe('geometry');
    expect((screen.getByRole('checkbox', { name: /Set locations/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(location.startsWith('/admin/data/import/objects/result?')).toBe(true));
    expect(readOptions(new URLSearchParams(location.split('?')[1]))).toMatchObject({ setLocation: true, geometryColumn: 8, latColumn: 7, lonColumn: 6 });
  });

  it('shows a project found by searching by its title once the search is cleared, and previews with it', async () => {
    // A manager's list is one page of all projects: the project searched for is not on it.
    const project = (slug: string, title: string) => ({ id: `id-${slug}`, slug, title, institutions: [] });
    serve();
    const served = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (/^\/api\/v1\/projects($|\?)/.test(url))
        return json({ projects: url.includes('q=Zeta') ? [project('zeta', 'Zeta station')] : [project('alpha', 'Alpha')] });
      if (url.endsWith('/objtypes')) return json({ types: [] });
      return served(input, init);
    });
    const { user } = show(`/admin/data/import/objects?session=${SESSION_ID}`);
    const projects = await screen.findByLabelText('Projects', { selector: 'input' });
    await user.type(projects, 'Zeta');
    await user.click(await screen.findByRole('option', { name: 'Zeta station' }));
    await user.clear(projects);
    // The search cleared has reached the list: the first page is offered again.
    await user.click(projects);
    await screen.findByRole('option', { name: 'Alpha' });
    // Its pill: the title shown outside the list of options, not its slug.
    expect(screen.getAllByText('Zeta station').filter((e) => !e.closest('[role=option]'))).toHaveLength(1);
    expect(screen.queryByText('zeta')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(location.startsWith('/admin/data/import/objects/result?')).toBe(true));
    expect(readOptions(new URLSearchParams(location.split('?')[1]))).toMatchObject({ projects: ['zeta'] });
  });

  it('says what happens without an id column', async () => {
    show(`/admin/data/import/objects?session=${SESSION_ID}&options=${encodeURIComponent('{"idColumn":null}')}`);
    expect(await screen.findByText('Without an id column every record creates a new object: importing the file again creates them again.')).toBeTruthy();
  });
});

describe('the object import’s metadata columns', () => {
  const SITE_SCHEMA = {
    type: 'object',
    properties: { elevation: { type: 'number', title: 'Elevation' }, siteCode: { type: 'string', title: 'Site code' } },
    additionalProperties: false,
  };
  const siteType = (schema: Record<string, unknown>) => ({
    id: '8b1f6a3e-0c2d-4e5f-9a8b-7c6d5e4f3a2b',
    slug: 'site',
    name: 'Site',
    marker: 'mini',
    parents: [],
    metrics: {},
    metadata_schemas: { 'site-basics': { slug: 'site-basics', title: 'Site basics', version: 1, schema } },
  });
  const HOST_SESSION: ImportSession = {
    ...SESSION,
    columns: ['name', 'title', 'lat', 'lon', 'Site code', 'field_site_host', 'remark', 'remark'].map((header, index) => ({ index, header })),
    sample: [['abby', 'Abby Road', '45.76', '-122.33', 'AB', 'Washington Department of Natural Resources', '', '']],
  };
  const SITE_OPTIONS = encodeURIComponent(JSON.stringify({ idColumn: 0, titleColumn: 1, objtypes: ['site'] }));
  const IMPORTER = signedIn('ivy', ['importData']);
  /** What the types' schemas make of the page: it shows once the session and then the types have loaded (a busy machine takes more than findBy's second). */
  const shown = (text: string | RegExp) => screen.findByText(text, {}, { timeout: 3000 });

  /** The import's answers, with the Site type as `site()` has it now; a PUT of its schema is kept and changes it. */
  function serveSite() {
    let schema: Record<string, unknown> = SITE_SCHEMA;
    const saved: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === `/api/v1/data/import/sessions/${SESSION_ID}`) return json({ session: HOST_SESSION });
      if (url === '/api/v1/data/objtypes') return json({ objtypes: { Site: siteType(schema) } });
      if (url === '/api/v1/data/schema/site-basics' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        saved.push(body);
        schema = body.schema;
        return json({ slug: 'site-basics', title: body.title, version: 2, schema });
      }
      if (url === '/api/v1/data/schema/site-basics') return json({ schema: { slug: 'site-basics', title: 'Site basics', version: 1, schema }, usedBy: [] });
      if (url.startsWith('/api/v1/projects')) return json({ projects: [] });
      return json({ error: `Not served: ${url}`, code: 'NOT_FOUND', requestId: 'r' }, 404);
    });
    return saved;
  }

  it('says which fields a closed schema takes, flags a key it does not at once, and adds it to the schema for one who manages it', async () => {
    const saved = serveSite();
    const { user } = show(`/admin/data/import/objects?session=${SESSION_ID}&options=${SITE_OPTIONS}`);
    expect(
      await shown(
        'Map columns to metadata fields in the list of columns below. Site’s schema takes only these fields: elevation, siteCode. Another key typed can be added to the schema from its column.',
      ),
    ).toBeTruthy();
    const host = screen.getByRole('combobox', { name: 'Metadata field of field_site_host' });
    await user.click(host);
    await user.paste('host');
    expect(host.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Not a field of Site')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add “host” to Site’s schema' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('The schema “Site basics” gets a text field “host”, which objects of Site may then hold.');
    await user.click(within(dialog).getByRole('button', { name: 'Add the field' }));
    await waitFor(() => expect(screen.queryByText('Not a field of Site')).toBeNull(), { timeout: 3000 });
    expect(saved).toEqual([{ title: 'Site basics', schema: { ...SITE_SCHEMA, properties: { ...SITE_SCHEMA.properties, host: { type: 'string' } } } }]);
    expect(host.getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByText(/Site’s schema takes only these fields: elevation, siteCode, host\./)).toBeTruthy();
    expect(readOptions(new URLSearchParams(location.split('?')[1]))).toMatchObject({ metadataColumns: { '5': 'host' } });
  });

  it('flags the key for one who may not change the schema, without offering to', async () => {
    serveSite();
    const { user } = show(`/admin/data/import/objects?session=${SESSION_ID}&options=${SITE_OPTIONS}`, IMPORTER as unknown as AuthUser);
    expect(await shown(/Another field has to be added to the schema first, by someone who manages it\./)).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Metadata field of field_site_host' }));
    await user.paste('host');
    expect(screen.getByText('Not a field of Site')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /to Site’s schema/ })).toBeNull();
  });

  it('says any other key may be typed for a type whose schema allows other keys, and flags none', async () => {
    const { additionalProperties: _closed, ...open } = SITE_SCHEMA;
    serveSite();
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/v1/data/objtypes' ? json({ objtypes: { Site: siteType(open) } }) : base(input, init),
    );
    const { user } = show(`/admin/data/import/objects?session=${SESSION_ID}&options=${SITE_OPTIONS}`);
    expect(
      await shown('Map columns to metadata fields in the list of columns below: the chosen types’ fields are offered, and any other key may be typed.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Metadata field of field_site_host' }));
    await user.paste('host');
    expect(screen.queryByText('Not a field of Site')).toBeNull();
  });

  it('maps all columns whose header names a field in one click', async () => {
    serveSite();
    const { user } = show(`/admin/data/import/objects?session=${SESSION_ID}&options=${SITE_OPTIONS}`);
    await shown(/Site’s schema takes only these fields/);
    const code = screen.getByRole('combobox', { name: 'Metadata field of Site code' }) as HTMLInputElement;
    expect(code.value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Map all columns by header' }));
    expect(code.value).toBe('siteCode');
    expect(screen.getByRole('status').textContent).toBe('1 column mapped by its header.');
    expect(readOptions(new URLSearchParams(location.split('?')[1]))).toMatchObject({ metadataColumns: { '4': 'siteCode' } });
    await user.click(screen.getByRole('button', { name: 'Map all columns by header' }));
    expect(screen.getByRole('status').textContent).toBe('No other column’s header names a field.');
  });

  it('names every column’s input, a repeated header by its column too', async () => {
    serveSite();
    show(`/admin/data/import/objects?session=${SESSION_ID}&options=${SITE_OPTIONS}`);
    const table = await screen.findByRole('table', { name: 'Columns of the file' }, { timeout: 3000 });
    const names = ['name', 'title', 'lat', 'lon', 'Site code', 'field_site_host', 'remark (column 7)', 'remark (column 8)'].map(
      (header) => `Metadata field of ${header}`,
    );
    for (const name of names) expect(within(table).getByRole('combobox', { name })).toBeTruthy();
    expect(within(table).getAllByRole('combobox')).toHaveLength(names.length);
  });
});

describe('the preview', () => {
  it('shows the stats, the records in error open with their columns, and no commit while any is in error', async () => {
    show(`/admin/data/import/objects/result?session=${SESSION_ID}&options=${encodeURIComponent('{"idColumn":0}')}`);
    expect(await screen.findByRole('heading', { name: 'Preview: import objects' })).toBeTruthy();
    const stats = await screen.findByRole('region', { name: 'What the import would do' });
    expect(stats.textContent).toContain('Created');
    expect(stats.textContent).toContain('Metadata fields changed: 1');
    expect(stats.textContent).not.toContain('Locations added');

    // The record in error is open: its errors, with the column's header and the row.
    expect(screen.getByText('The id is empty')).toBeTruthy();
    expect(screen.getByText('x is not a latitude').parentElement?.textContent).toContain('Row 4, column lat');
    expect((screen.getByRole('button', { name: 'Commit' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/1 record has an error: nothing can be imported/)).toBeTruthy();

    const body = JSON.parse(String(fetchMock.mock.calls.find(([u]) => String(u).endsWith('/objects/preview'))![1]!.body));
    expect(body).toMatchObject({ session: SESSION_ID, show: 'all', page: 1, options: { idColumn: 0 } });
  });

  it('opens an update to show what changes, and filters by status through the address', async () => {
    const { user } = show(`/admin/data/import/objects/result?session=${SESSION_ID}&options=${encodeURIComponent('{"idColumn":0}')}`);
    await user.click(await screen.findByRole('button', { name: /Row 3/ }));
    const diff = await screen.findByRole('table', { name: 'Row 3, before and after' });
    expect(within(diff).getByText('Heath')).toBeTruthy();
    expect(within(diff).getByText('(changed)')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: /Errors \(1\)/ }));
    await waitFor(() => expect(location).toContain('show=error'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u, init]) => String(u).endsWith('/preview') && JSON.parse(String(init!.body)).show === 'error')).toBe(true),
    );
  });

  it('commits after a confirmation, with the progress streamed, then shows what was imported', async () => {
    const clean: ImportPreview = {
      ...PREVIEW,
      stats: { created: 1, updated: 1, unchanged: 0, errors: 0 },
      records: PREVIEW.records.slice(0, 2),
      matching: 2,
      total: 2,
    };
    serve(clean);
    const base = fetchMock.getMockImplementation()!;
    let release: () => void = () => {};
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) !== '/api/v1/data/import/objects') return base(input, init);
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('{"progress":{"phase":"writing","done":1000,"total":2000}}\n'));
          release = () => {
            controller.enqueue(encoder.encode(`{"result":${JSON.stringify({ ...clean, committed: true })}}\n`));
            controller.close();
          };
        },
      });
      return new Response(body, { headers: { 'content-type': 'application/x-ndjson' } });
    });
    const { user } = show(`/admin/data/import/objects/result?session=${SESSION_ID}&options=${encodeURIComponent('{"idColumn":0}')}`);
    await user.click(await screen.findByRole('button', { name: 'Commit' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('1 object will be created and 1 object will be updated.');
    const previews = () => fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/objects/preview')).length;
    const asked = previews();
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Writing the records: 1,000 of 2,000')).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { name: 'Imported' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'What the import did' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Past imports/ })).toBeTruthy();
    // The commit's result is shown: the preview is not asked for again.
    expect(previews()).toBe(asked);
    const commitBody = JSON.parse(String(fetchMock.mock.calls.find(([u]) => String(u) === '/api/v1/data/import/objects')![1]!.body));
    expect(commitBody).toEqual({ session: SESSION_ID, options: expect.objectContaining({ idColumn: 0 }), show: 'all', page: 1 });
  });
});

describe('the observation import', () => {
  const TABLE = '0b7a3c1e-5d4f-4e2a-9c8b-7a6f5e4d3c2b';
  const EDITOR = { id: 'u2', username: 'grace', super: false, permissions: [] } as unknown as AuthUser;
  const OBS_SESSION = {
    ...SESSION,
    columns: [
      { index: 0, header: 'site' },
      { index: 1, header: 'date' },
      { index: 2, header: 'Soil pH' },
      { index: 3, header: 'note' },
    ],
    sample: [['abisko-1', '2024-06-01', '5.2', '']],
  };
  const PROJECT = {
    id: '11111111-2222-4333-8444-555555555555',
    slug: 'river',
    title: 'River sites',
    summary: null,
    status: 'active',
    visibility: 'public',
    startDate: null,
    endDate: null,
    archived: false,
    team: null,
    createdAt: '',
    updatedAt: '',
  };

  it('takes the project and table it was given, maps the columns named as the table’s metrics, and previews (for a project editor)', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === `/api/v1/data/import/sessions/${SESSION_ID}`) return json({ session: OBS_SESSION });
      if (url === '/api/v1/projects/river') return json({ project: PROJECT, permissions: ['view', 'edit'], datatables: [], object_types: [] });
      if (url === '/api/v1/projects/river/datatables')
        return json({ datatables: [{ id: TABLE, title: 'Soil chemistry', description: '', metrics: ['soil-ph'] }] });
      if (url === '/api/v1/projects?mine=true') return json({ projects: [{ ...PROJECT, institutions: [] }] });
      if (url === '/api/v1/data/metrics/soil-ph')
        return json({ metric: { name: 'soil-ph', title: 'Soil pH', description: '', unit: '[pH]', type: 'number', allowed: [], min: 0, max: 14 } });
      return json({ error: `Not served: ${url}`, code: 'NOT_FOUND', requestId: 'r' }, 404);
    });
    const { user } = show(
      `/admin/data/import/observations?session=${SESSION_ID}&options=${encodeURIComponent(JSON.stringify({ project: 'river', table: TABLE }))}`,
      EDITOR,
    );
    expect(await screen.findByRole('heading', { name: 'Import observations' })).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('combobox', { name: /^Project/ }) as HTMLInputElement).value).toBe('River sites'));
    await waitFor(() => expect((screen.getByRole('combobox', { name: /^Data table/ }) as HTMLInputElement).value).toBe('Soil chemistry'));
    expect((screen.getByRole('combobox', { name: /^Object column/ }) as HTMLInputElement).value).toBe('site');
    expect((screen.getByRole('combobox', { name: /^Time column/ }) as HTMLInputElement).value).toBe('date');
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Metric of Soil pH' }) as HTMLInputElement).value).toBe('Soil pH (soil-ph)'));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(location.startsWith('/admin/data/import/observations/result?')).toBe(true));
    expect(readOptions(new URLSearchParams(location.split('?')[1]))).toMatchObject({
      project: 'river',
      table: TABLE,
      objectColumn: 0,
      timeColumn: 1,
      metricColumns: { '2': 'soil-ph' },
      noteColumn: 3,
      layout: 'wide',
    });
  });
});

describe('the first page', () => {
  it('offers the three kinds for a file, and lists past imports with a discard for one not imported', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === `/api/v1/data/import/sessions/${SESSION_ID}`) return json({ session: SESSION });
      if (url === '/api/v1/data/import/sessions') {
        const { sample: _s, columns: _c, ...summary } = SESSION;
        return json({
          sessions: [
            summary,
            {
              ...summary,
              id: 'c0ffee00-1b1a-4b7e-9d8e-3c2a1b0f9e8d',
              fileName: 'old.xlsx',
              kind: 'objects',
              stats: { created: 12, updated: 0, unchanged: 3, errors: 0 },
              committedAt: '2025-01-02T10:00:00Z',
            },
          ],
        });
      }
      return json({ error: `Not served: ${url}`, code: 'NOT_FOUND', requestId: 'r' }, 404);
    });
    const { user } = show(`/admin/data/import?session=${SESSION_ID}`);
    expect((await screen.findByRole('link', { name: 'Import objects' })).getAttribute('href')).toBe(`/admin/data/import/objects?session=${SESSION_ID}`);
    expect(screen.getByRole('link', { name: 'Import object relations' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Import observations' })).toBeTruthy();
    const past = await screen.findByRole('table', { name: 'Past imports' });
    expect(past.textContent).toContain('12 created, 3 unchanged');
    expect(within(past).getByRole('link', { name: 'old.xlsx' }).getAttribute('href')).toMatch(/^\/admin\/data\/import\/objects\?session=c0ffee00/);
    expect(within(past).getAllByRole('button', { name: /Discard/ })).toHaveLength(1);
    await user.click(within(past).getByRole('button', { name: 'Discard sites.csv' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Nothing was imported from it');
  });
});
