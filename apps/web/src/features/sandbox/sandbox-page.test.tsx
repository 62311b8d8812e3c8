import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import SandboxPage from './SandboxPage';
import { renderScreen } from '../../test/render-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const EMPTY_ANSWER = { objects: [], total: 0, more: false, page: 1, pages: 1, perPage: 50, fields: [], metrics: [] };

it('keeps both ends of the span when Before is typed before the page is drawn with From', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://x').pathname;
      if (path === '/api/v1/data/objtypes') return json({ objtypes: {} });
      if (path === '/api/v1/data/metrics') return json({ metrics: [] });
      return json(EMPTY_ANSWER);
    }),
  );
  const { router } = renderScreen({ path: '/sandbox?type=site', routes: [{ path: '/sandbox', element: <SandboxPage /> }], user: null });
  const from = await screen.findByLabelText('From');
  const before = screen.getByLabelText('Before');
  // One after the other, with no drawing between them (one act: React draws at its end).
  act(() => {
    fireEvent.change(from, { target: { value: '2024-01-01' } });
    fireEvent.change(before, { target: { value: '2025-01-01' } });
  });
  await waitFor(() => expect(router.state.location.search).toBe('?type=site&from=2024-01-01T00%3A00%3A00.000Z&to=2025-01-01T00%3A00%3A00.000Z'));
});
