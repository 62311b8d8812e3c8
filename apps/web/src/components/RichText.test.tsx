import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_SAMPLE, type AssetDetail, type DocumentBlock, type ProseMirrorDoc } from '@observatory/shared';
import { RichText } from './RichText';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ASSET = '0b9e6f5c-2d1a-4e3b-8c7d-6f5e4d3c2b1a';
const GONE = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';

const detail = (width: number, height: number): AssetDetail => ({
  asset: {
    id: ASSET,
    fileName: 'core.jpg',
    mediaType: 'image/jpeg',
    size: 120_000,
    width,
    height,
    image: { id: ASSET, url: `/api/v1/assets/${ASSET}/400`, thumbUrl: `/api/v1/assets/${ASSET}/96`, largeUrl: `/api/v1/assets/${ASSET}/1600` },
    owner: { username: 'ada' },
    createdAt: '2026-03-04T10:00:00Z',
  },
  usages: [{ kind: 'document', label: 'An image in the text of Abisko', path: '/data/abisko' }],
  hiddenUsages: 0,
  permissions: ['view'],
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the image renderer asks it: one asset is there, another is gone; `release` lets the answers go. */
function stubAssets(asset: AssetDetail) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const fetchMock = vi.fn(async (input: string) => {
    await held;
    const path = new URL(input, 'http://x').pathname;
    if (path === `/api/v1/assets/${ASSET}`) return json(asset);
    return json({ error: 'Asset not found', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, release };
}

function show(...content: DocumentBlock[]) {
  const doc: ProseMirrorDoc = { type: 'doc', content };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/', element: <RichText doc={doc} /> },
      { path: '/doc/guide', element: <p>The guide page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

const para = (text: string) => ({ type: 'paragraph' as const, content: [{ type: 'text' as const, text }] });

describe('RichText', () => {
  it('shows an image from its asset’s URLs, lazily, with its description while it loads', async () => {
    const { fetchMock, release } = stubAssets(detail(3000, 2000));
    show({ type: 'image', attrs: { asset: ASSET, alt: 'A soil core on the bench' } });
    expect(screen.getByRole('img', { name: 'A soil core on the bench' }).tagName).toBe('DIV');
    expect(screen.getByText('A soil core on the bench')).toBeTruthy();
    release();
    const img = await loadedImage();
    expect(img.getAttribute('src')).toBe(`/api/v1/assets/${ASSET}/400`);
    expect(img.getAttribute('srcset')).toBe(`/api/v1/assets/${ASSET}/400 400w, /api/v1/assets/${ASSET}/1600 1600w`);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['3000', '2000']);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`/api/v1/assets/${ASSET}`]);
  });

  it('offers no larger version of a small image', async () => {
    stubAssets(detail(300, 200)).release();
    show({ type: 'image', attrs: { asset: ASSET, alt: 'A small sketch' } });
    const img = await loadedImage();
    expect(img.getAttribute('src')).toBe(`/api/v1/assets/${ASSET}/400`);
    expect(img.hasAttribute('srcset')).toBe(false);
  });

  it('says an image is not available when its asset is gone', async () => {
    stubAssets(detail(800, 600)).release();
    show({ type: 'image', attrs: { asset: GONE, alt: 'The old weir' } });
    expect(await screen.findByText('Image not available: The old weir')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });

  it('shows a table as a table that scrolls in its own box, headers naming columns and rows', () => {
    show({
      type: 'table',
      content: [
        {
          type: 'tableRow',
          content: [
            { type: 'tableHeader', content: [para('Site')] },
            { type: 'tableHeader', content: [para('Depth')] },
            { type: 'tableHeader', content: [para('Moisture')] },
          ],
        },
        {
          type: 'tableRow',
          content: [
            { type: 'tableHeader', content: [para('Abisko')] },
            { type: 'tableCell', attrs: { colspan: 2, rowspan: 1 }, content: [para('not measured')] },
          ],
        },
      ],
    });
    const table = screen.getByRole('table');
    expect(screen.getAllByRole('columnheader').map((th) => [th.textContent, th.getAttribute('scope')])).toEqual([
      ['Site', 'col'],
      ['Depth', 'col'],
      ['Moisture', 'col'],
    ]);
    expect(screen.getByRole('rowheader', { name: 'Abisko' }).getAttribute('scope')).toBe('row');
    expect(screen.getByRole('cell', { name: 'not measured' }).getAttribute('colspan')).toBe('2');
    expect(table.querySelector('thead')?.querySelectorAll('tr')).toHaveLength(1);
    // Three columns keep 300 px, scrolling sideways inside the box rather than widening the page.
    expect((table.closest('div[style]') as HTMLElement).style.minWidth).toBe('300px');
  });

  it('shows a callout as a note with its tone', () => {
    show(
      { type: 'callout', attrs: { tone: 'warning' }, content: [para('Weigh the cores before they thaw.')] },
      { type: 'callout', content: [para('A plain note.')] },
    );
    const [warning, note] = screen.getAllByRole('note');
    expect(warning!.getAttribute('aria-label')).toBe('Warning');
    expect(within(warning!).getByText('Weigh the cores before they thaw.')).toBeTruthy();
    expect(note!.getAttribute('aria-label')).toBe('Note');
  });

  it('opens links to this site in place, through the router, and others in a new tab', async () => {
    const router = show({
      type: 'paragraph',
      content: [
        { type: 'text', text: 'the guide', marks: [{ type: 'link', attrs: { href: '/doc/guide' } }] },
        { type: 'text', text: ' and ' },
        { type: 'text', text: 'the DOI', marks: [{ type: 'link', attrs: { href: 'https://doi.org/10.1038/sdata.2016.18' } }] },
        { type: 'text', text: ' and ' },
        { type: 'text', text: 'a shortlink', marks: [{ type: 'link', attrs: { href: '/s/guide' } }] },
        { type: 'text', text: ' but not ' },
        { type: 'text', text: 'this', marks: [{ type: 'link', attrs: { href: '//evil.example/x' } }] },
      ],
    });
    // The server answers a shortlink: the browser loads it in this tab, the router does not take the click.
    const shortlink = screen.getByRole('link', { name: 'a shortlink' });
    expect([shortlink.getAttribute('href'), shortlink.getAttribute('target')]).toEqual(['/s/guide', null]);
    const takenByRouter = (link: HTMLElement) => {
      let taken = false;
      const watch = (e: Event) => {
        taken = e.defaultPrevented;
        e.preventDefault();
      };
      window.addEventListener('click', watch);
      link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
      window.removeEventListener('click', watch);
      return taken;
    };
    expect(takenByRouter(shortlink)).toBe(false);
    expect(router.state.location.pathname).toBe('/');
    const external = screen.getByRole('link', { name: 'the DOI' });
    expect([external.getAttribute('target'), external.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer nofollow']);
    expect(screen.queryByRole('link', { name: 'this' })).toBeNull();
    const internal = screen.getByRole('link', { name: 'the guide' });
    expect([internal.getAttribute('href'), internal.getAttribute('target')]).toEqual(['/doc/guide', null]);
    expect(takenByRouter(internal)).toBe(true);
    expect(router.state.location.pathname).toBe('/doc/guide');
    expect(await screen.findByText('The guide page')).toBeTruthy();
  });

  it('shows the sample holding every node and mark', async () => {
    stubAssets(detail(800, 600)).release();
    show(...DOCUMENT_SAMPLE.content!);
    expect(screen.getByRole('heading', { name: 'Methods' })).toBeTruthy();
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.getByRole('note', { name: 'Warning' }).textContent).toContain('weigh them first');
    expect(await screen.findByText(/Image not available/)).toBeTruthy();
  });
});

/** The loaded <img> (its placeholder, a div, has the same name). */
const loadedImage = () => waitFor(() => document.querySelector('img') ?? Promise.reject(new Error('No image yet')));
