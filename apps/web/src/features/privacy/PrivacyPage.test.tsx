import { DEFAULT_PUBLISHING, type AppConfig, type PageDetail } from '@observatory/shared';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appConfigQuery } from '../../lib/app-config';
import PrivacyPage from './PrivacyPage';
import { renderScreen } from '../../test/render-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const config = (map: Partial<AppConfig['map']>, contactUrl: string | null = null): AppConfig => ({
  productName: 'Observatory',
  contactUrl,
  headerLinks: [],
  licence: DEFAULT_PUBLISHING.licence,
  map: { styleUrl: null, center: [10, 50], zoom: 3, views: [], origins: [], keepOrigins: [], ...map },
});

const written: PageDetail = {
  page: {
    id: '11111111-1111-4111-8111-111111111111',
    path: 'privacy',
    title: 'Privacy statement',
    position: 2,
    draft: false,
    version: 1,
    updatedAt: '2026-02-01T10:00:00Z',
    createdAt: '2026-01-01T10:00:00Z',
    updatedBy: null,
  },
  doc: {
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: 'The station keeps your name and nothing else.' }] },
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Retention' }] },
    ],
  },
  ancestors: [],
  permissions: ['view'],
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The page once app/config has answered `answer`, and pages/at/privacy with `page` (null: 404). */
/** Signed in with Site Admin, where the page's editor is. */
const ADMIN = { username: 'admin', permissions: ['accessAdmin', 'managePages'], super: false };

function renderWith(answer: AppConfig, page: PageDetail | null, user: typeof ADMIN | null = null) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(new URL(input, 'http://x').pathname);
      return page ? json(page) : json({ error: 'Page not found', code: 'NOT_FOUND' }, 404);
    }),
  );
  const client = new QueryClient();
  client.setQueryData(appConfigQuery.queryKey, answer);
  renderScreen({ path: '/privacy', routes: [{ path: '/privacy', element: <PrivacyPage /> }], user, client });
  return asked;
}

const mapHosts = { styleUrl: 'https://tiles.example.org/styles/liberty', origins: ['https://tiles.example.org', 'https://fonts.example.net'] };

describe('PrivacyPage without a written statement (404)', () => {
  it('shows the built-in text, then names the hosts a configured map style loads from, and what browsers send them', async () => {
    const asked = renderWith(config(mapHosts, 'https://example.org/contact'), null);
    expect(await screen.findByRole('heading', { name: 'Privacy policy', level: 1 })).toBeTruthy();
    expect(asked).toEqual(['/api/v1/pages/at/privacy']);
    screen.getByText(/publishes the work of a research observatory/);
    expect(screen.getByRole('heading', { name: 'Maps' })).toBeTruthy();
    const statement = screen.getByText(/Maps load their style, tiles and fonts from other hosts/);
    expect(statement.textContent).toContain('https://tiles.example.org, https://fonts.example.net.');
    expect(statement.textContent).toMatch(/IP address.*user agent.*origin as the referrer.*map area you view.*tiles/);
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('https://example.org/contact');
  });

  it('says nothing of other hosts with the built-in map style, nor of a contact none is configured for', async () => {
    renderWith(config({}), null);
    expect(await screen.findByRole('heading', { name: 'Privacy policy' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Maps' })).toBeNull();
    expect(screen.queryByText(/tiles and fonts/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Contact us' })).toBeNull();
  });
});

describe('PrivacyPage with the administrators’ statement', () => {
  it('shows its title and text in place of the built-in one, and the generated parts after it', async () => {
    renderWith(config(mapHosts, 'https://example.org/contact'), written);
    expect(await screen.findByRole('heading', { name: 'Privacy statement', level: 1 })).toBeTruthy();
    screen.getByText('The station keeps your name and nothing else.');
    expect(screen.queryByText(/publishes the work of a research observatory/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Privacy policy' })).toBeNull();
    // The statement's own sections first, then what the configuration adds.
    const headings = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(headings).toEqual(['Privacy statement', 'Retention', 'Maps']);
    screen.getByText(/Maps load their style, tiles and fonts from other hosts/);
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('https://example.org/contact');
    // A reader who may not change it is offered no Edit.
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('offers its editors the page’s editor', async () => {
    renderWith(config({}), { ...written, permissions: ['view', 'edit', 'delete'] }, ADMIN);
    expect((await screen.findByRole('link', { name: 'Edit' })).getAttribute('href')).toBe('/admin/pages/privacy');
    expect(screen.queryByRole('heading', { name: 'Maps' })).toBeNull();
  });
});
