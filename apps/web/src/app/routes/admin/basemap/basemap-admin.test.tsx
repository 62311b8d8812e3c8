import { notifications } from '@mantine/notifications';
import { cleanup, screen, within } from '@testing-library/react';
import type { BasemapState } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import BasemapAdminPage from './BasemapAdminPage';
import { renderScreen, signedIn } from '../../../../test/render-screen';

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const OFF: BasemapState = { setting: { provider: 'none', styleUrl: null, origins: [] }, environmentStyleUrl: null };

/** The page over a small stand-in of GET/PUT admin/basemap; `refuse` answers a PUT with that 400. */
function show(state: BasemapState, refuse?: { field: string; message: string }) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://x');
      if (init?.method === 'PUT') {
        const body = JSON.parse(init.body as string) as BasemapState['setting'];
        puts.push(body);
        if (refuse) return json({ error: refuse.message, code: 'VALIDATION_FAILED', details: [refuse], requestId: 'r' }, 400);
        return json({ ...state, setting: { provider: body.provider, styleUrl: body.styleUrl ?? null, origins: body.origins ?? [] } });
      }
      if (url.pathname === '/api/v1/admin/basemap') return json(state);
      return json({ error: 'Not found', code: 'NOT_FOUND', requestId: 'r' }, 404);
    }),
  );
  const { user } = renderScreen({
    path: '/admin/basemap',
    routes: [{ path: '/admin/basemap', element: <BasemapAdminPage /> }],
    user: signedIn('admin', ['accessAdmin', 'manageSettings']),
    notifications: true,
  });
  return { user, puts };
}

describe('Site Admin → Basemap', () => {
  it('offers no basemap by default and each provider with its attribution, terms and offline rule', async () => {
    show(OFF);
    const form = await screen.findByRole('form', { name: 'Basemap' });
    expect((within(form).getByRole('radio', { name: 'No basemap: the built-in background (default)' }) as HTMLInputElement).checked).toBe(true);
    const osm = within(form).getByRole('radio', { name: 'OpenStreetMap Standard (raster)' });
    const described = document.getElementById(osm.getAttribute('aria-describedby')!)!.textContent;
    expect(described).toMatch(/© OpenStreetMap contributors.*Offline caching: Not allowed.*tile\.openstreetmap\.org/);
    expect((within(form).getByRole('button', { name: 'Save basemap' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText(/MAP_STYLE_URL/)).toBeNull();
  });

  it('sends a custom style with its further hosts, one per line', async () => {
    const { user, puts } = show(OFF);
    const form = await screen.findByRole('form', { name: 'Basemap' });
    await user.click(within(form).getByRole('radio', { name: 'A custom MapLibre style' }));
    await user.click(within(form).getByRole('button', { name: 'Save basemap' }));
    await within(form).findByText('Give the style’s address');
    await user.type(within(form).getByRole('textbox', { name: 'Style URL' }), 'https://maps.example.org/style.json');
    await user.type(within(form).getByRole('textbox', { name: 'Further hosts' }), 'https://fonts.example.net{enter}https://icons.example.net');
    await user.click(within(form).getByRole('button', { name: 'Save basemap' }));
    await screen.findByText('Basemap saved: maps opened from now on draw it');
    expect(puts).toEqual([
      { provider: 'custom', styleUrl: 'https://maps.example.org/style.json', origins: ['https://fonts.example.net', 'https://icons.example.net'] },
    ]);
  });

  it('shows the server’s refusal of a further host at that field', async () => {
    const { user } = show(OFF, { field: 'body.origins.0', message: 'Give an origin alone: scheme, host and port, no path' });
    const form = await screen.findByRole('form', { name: 'Basemap' });
    await user.click(within(form).getByRole('radio', { name: 'A custom MapLibre style' }));
    await user.type(within(form).getByRole('textbox', { name: 'Style URL' }), 'https://maps.example.org/style.json');
    await user.type(within(form).getByRole('textbox', { name: 'Further hosts' }), 'https://fonts.example.net/path');
    await user.click(within(form).getByRole('button', { name: 'Save basemap' }));
    await within(form).findByText('Give an origin alone: scheme, host and port, no path');
  });

  it('says MAP_STYLE_URL wins while the environment sets it', async () => {
    show({ ...OFF, environmentStyleUrl: 'https://tiles.example.org/style.json' });
    const alert = await screen.findByText((_, el) => el?.tagName === 'P' && /MAP_STYLE_URL/.test(el.textContent ?? ''));
    expect(alert.textContent).toContain('is set to https://tiles.example.org/style.json: the maps draw that style, whatever is chosen here');
  });
});
