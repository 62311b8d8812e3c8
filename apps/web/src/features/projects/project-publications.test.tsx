import { cleanup, screen, within } from '@testing-library/react';
import type { ProjectDetail, Publication } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ProjectLayout from './ProjectLayout';
import ProjectOverview from './ProjectOverview';
import { renderScreen, signedIn } from '../../test/render-screen';

afterEach(cleanup);
afterEach(() => vi.unstubAllGlobals());

const PROJECT_ID = '55555555-5555-4555-8555-555555555555';
const publication = (id: string, title: string, year: number): Publication => ({
  id,
  slug: title.toLowerCase().replace(/\s+/g, '-'),
  type: 'article',
  title,
  authors: [{ name: 'Dietze, Michael C.', person: null, confirmed: false }],
  year,
  venue: null,
  volume: null,
  issue: null,
  pages: null,
  doi: null,
  url: null,
  keywords: [],
  citationKey: null,
  projects: [],
  version: 1,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});
const first = publication('11111111-1111-4111-8111-111111111111', 'Forecasting soils', 2020);
const second = publication('22222222-2222-4222-8222-222222222222', 'Forecasting rivers', 2018);

const detail = (permissions: string[]): ProjectDetail => ({
  project: {
    id: PROJECT_ID,
    slug: 'efi',
    title: 'EFI',
    summary: null,
    status: 'active',
    visibility: 'public',
    startDate: null,
    endDate: null,
    archived: false,
    team: null,
    version: 1,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  },
  permissions,
  doc: null,
  contributors: [],
  institutions: [],
  updates: [],
  files: [],
  publications: [first, second],
  datatables: [],
  object_types: [],
});

function deferred() {
  let resolve!: (r: Response) => void;
  const promise = new Promise<Response>((res) => (resolve = res));
  return { promise, resolve };
}

const third = publication('33333333-3333-4333-8333-333333333333', 'Forecasting lakes', 2022);
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

function show(permissions: string[], onDelete: () => Promise<Response>) {
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://x');
    if (url.pathname === '/api/v1/pubs') return json({ publications: [first, third] });
    if (init?.method === 'PUT' && url.pathname === `/api/v1/projects/${PROJECT_ID}/pubs/${third.id}`) return json(third);
    if (url.pathname === '/api/v1/projects/efi') return new Response(JSON.stringify(detail(permissions)), { headers: { 'content-type': 'application/json' } });
    if (init?.method === 'DELETE' && url.pathname.startsWith(`/api/v1/projects/${PROJECT_ID}/pubs/`)) return onDelete();
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  const { user } = renderScreen({
    path: '/projects/efi',
    routes: [{ path: '/projects/:slug', element: <ProjectLayout />, children: [{ index: true, element: <ProjectOverview /> }] }],
    user: signedIn('ada'),
  });
  return { fetch, user };
}

const itemOf = (title: string) => screen.getByRole('link', { name: title }).closest('li')!;

describe('a project’s publications', () => {
  it('are listed for everyone, with no controls for those who may not edit the project', async () => {
    show(['view'], () => Promise.reject(new Error('not asked')));
    await screen.findByRole('link', { name: 'Forecasting soils' });
    expect(within(screen.getByRole('list', { name: 'Publications of the project' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Remove .* from the project/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Add publication' })).toBeNull();
  });

  it('adds one found by the picker (those already listed are not offered), newest first', async () => {
    const { fetch, user } = show(['view', 'edit'], () => Promise.reject(new Error('not asked')));
    await user.type(await screen.findByRole('combobox', { name: 'Add publication' }), 'Forecasting');
    await screen.findByRole('option', { name: 'Forecasting lakes (Dietze, Michael C., 2022)' });
    expect(screen.queryByRole('option', { name: /Forecasting soils/ })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Forecasting lakes (Dietze, Michael C., 2022)' }));
    await screen.findByRole('link', { name: 'Forecasting lakes' });
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([url]) => url)).toEqual([`/api/v1/projects/${PROJECT_ID}/pubs/${third.id}`]);
    const titles = within(screen.getByRole('list', { name: 'Publications of the project' }))
      .getAllByRole('listitem')
      .map((li) => li.querySelector('a[href^="/pubs/"]')?.textContent);
    expect(titles).toEqual(['Forecasting lakes', 'Forecasting soils', 'Forecasting rivers']);
  });

  it('shows a publication busy while it is being removed, then not busy when refused (and still there)', async () => {
    const answer = deferred();
    const { fetch, user } = show(['view', 'edit'], () => answer.promise);
    await user.click(await screen.findByRole('button', { name: 'Remove Forecasting soils from the project' }));
    expect(fetch.mock.calls.some(([url, init]) => init?.method === 'DELETE' && url === `/api/v1/projects/${PROJECT_ID}/pubs/${first.id}`)).toBe(true);
    await vi.waitFor(() => expect(itemOf('Forecasting soils').getAttribute('aria-busy')).toBe('true'));
    expect(screen.getByRole('button', { name: 'Remove Forecasting soils from the project' }).hasAttribute('disabled')).toBe(true);
    // Only the one being removed is busy.
    expect(itemOf('Forecasting rivers').getAttribute('aria-busy')).toBeNull();

    answer.resolve(
      new Response(JSON.stringify({ error: 'You are not allowed to do this', code: 'FORBIDDEN' }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await vi.waitFor(() => expect(itemOf('Forecasting soils').getAttribute('aria-busy')).toBeNull());
    expect(screen.getByRole('button', { name: 'Remove Forecasting soils from the project' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows a publication busy while it is being removed, then takes it off the list', async () => {
    const answer = deferred();
    const { user } = show(['view', 'edit'], () => answer.promise);
    await user.click(await screen.findByRole('button', { name: 'Remove Forecasting rivers from the project' }));
    await vi.waitFor(() => expect(itemOf('Forecasting rivers').getAttribute('aria-busy')).toBe('true'));
    answer.resolve(new Response(null, { status: 204 }));
    await vi.waitFor(() => expect(screen.queryByRole('link', { name: 'Forecasting rivers' })).toBeNull());
    expect(itemOf('Forecasting soils').getAttribute('aria-busy')).toBeNull();
  });
});
