import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { Photo } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, signedIn } from '../../test/render-screen';
import type { ObjectDetail } from './api';
import { ObjectPageContext, type ObjectPageValue } from './object-context';
import { liveObjectApi, ObjectApiContext, type ObjectPageApi } from './object-page';
import ObjectPhotos from './ObjectPhotos';

// happy-dom has no FontFaceSet; the caption's autosize listens to it.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }), configurable: true });

afterEach(cleanup);

const photo = (id: string, over: Partial<Photo> = {}): Photo => ({
  id,
  image: { id, url: `/u/${id}`, thumbUrl: `/t/${id}` },
  caption: null,
  takenAt: null,
  geo: null,
  object: null,
  author: null,
  createdAt: '2026-01-01T00:00:00Z',
  version: 1,
  permissions: ['view', 'edit', 'delete'],
  ...over,
});
const placed = photo('placed', { caption: 'The ridge', geo: { type: 'Point', coordinates: [7.5, 46.5] } });

/** The Photos tab of an object the user may do `permissions` with, on a fake server holding `photos` (an upload goes first). */
function showPhotos(permissions: string[], photos: Photo[]) {
  const held = [...photos];
  const api: ObjectPageApi = {
    ...liveObjectApi,
    fetchPhotos: vi.fn(async () => ({ data: { photos: [...held] }, pagination: { page: 1, count: held.length, limit: 50 } })),
    uploadPhoto: vi.fn(async () => {
      const added = photo('new');
      held.unshift(added);
      return { sent: added };
    }),
    changePhoto: vi.fn(async (_name: string, id: string, change: { caption: string | null }) => {
      const changed = { ...held.find((p) => p.id === id)!, caption: change.caption };
      held.splice(held.indexOf(held.find((p) => p.id === id)!), 1, changed);
      return changed;
    }),
  };
  const value: ObjectPageValue = {
    name: 'ridge',
    detail: { obj: { id: 'o1', name: 'ridge', title: 'Ridge' }, permissions } as unknown as ObjectDetail,
    types: {},
    ready: true,
    children: { items: [], busy: false, error: null },
    photoPage: 1,
    showPhotoPage: () => {},
  };
  const element = (
    <ObjectApiContext.Provider value={api}>
      <ObjectPageContext.Provider value={value}>
        <ObjectPhotos />
      </ObjectPageContext.Provider>
    </ObjectApiContext.Provider>
  );
  return { api, ...renderScreen({ path: '/data/ridge/photos', routes: [{ path: '/data/ridge/photos', element }], user: signedIn('ada') }) };
}

describe('the photos of an object', () => {
  it('ask for the caption of a photo just uploaded, on its own card, and save it', async () => {
    const { api, user } = showPhotos(['view', 'upload'], [placed]);
    await screen.findByRole('button', { name: 'Open The ridge' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['x'], 'hut.png', { type: 'image/png' }));

    const field = await screen.findByRole('textbox', { name: 'Caption of the new photo' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    // On the new photo's card, not the older one's.
    const card = field.closest('figure')!;
    expect(within(card as HTMLElement).getByRole('button', { name: 'Open Photo 1' })).toBeTruthy();
    await user.type(field, 'The hut in fog');
    await user.click(screen.getByRole('button', { name: 'Save caption' }));
    expect(api.changePhoto).toHaveBeenCalledWith('ridge', 'new', { caption: 'The hut in fog' }, { version: 1 });
    expect(await screen.findByRole('button', { name: 'Open The hut in fog' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Caption of the new photo' })).toBeNull();
  });

  it('let the uploader skip the caption', async () => {
    const { api, user } = showPhotos(['view', 'upload'], []);
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['x'], 'hut.png', { type: 'image/png' }));
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(screen.queryByRole('textbox', { name: 'Caption of the new photo' })).toBeNull();
    expect(api.changePhoto).not.toHaveBeenCalled();
  });

  it('show where a photo was taken on its card to those who may edit the object only', async () => {
    showPhotos(['view', 'upload', 'edit'], [placed]);
    expect(await screen.findByText('Position 46.50000, 7.50000')).toBeTruthy();
    cleanup();
    showPhotos(['view'], [placed]);
    await screen.findByRole('button', { name: 'Open The ridge' });
    expect(screen.queryByText(/^Position/)).toBeNull();
  });
});
