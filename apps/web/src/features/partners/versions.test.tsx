import { cleanup, screen, within } from '@testing-library/react';
import type { Institution, InstitutionDetail } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedMeanwhile, fakeFetch, json } from '../../test/fake-fetch';
import { renderScreen, signedIn } from '../../test/render-screen';
import PartnerEditPage from './PartnerEditPage';

// happy-dom has no FontFaceSet, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }), configurable: true });

afterEach(cleanup);
afterEach(() => vi.unstubAllGlobals());

const ID = '44444444-4444-4444-8444-444444444444';
const categories = [
  { id: '11111111-1111-4111-8111-111111111111', name: 'Universities', position: 0 },
  { id: '22222222-2222-4222-8222-222222222222', name: 'Agencies', position: 1 },
];

const institution = (version: number, name: string, categoryId: string | null, description: string | null): Institution => ({
  id: ID,
  slug: 'umu',
  name,
  description,
  url: null,
  ror: null,
  logo: null,
  categoryId,
  version,
});
const detail = (i: Institution): InstitutionDetail => ({ institution: i, permissions: ['view', 'edit', 'delete'], people: [], projects: [], publications: [] });

/** The partner's edit page on a fake server: the institution is at version 5 until the first save, which finds Grace's version 6 (another category and a description) and is refused. */
function editPartner() {
  let current = institution(5, 'Umeå University', categories[0]!.id, null);
  let refused = false;
  const server = fakeFetch(({ method, path, body }) => {
    if (path === '/institutions/umu') return json(detail(current));
    if (path === '/institutions') return json({ institutions: [current], categories });
    if (path === `/institutions/${ID}` && method === 'PUT') {
      if (!refused) {
        refused = true;
        current = institution(6, 'Umeå University', categories[1]!.id, 'In the north');
        return changedMeanwhile(6);
      }
      current = { ...current, ...(body as Partial<Institution>), version: 7 };
      return json(current);
    }
    return undefined;
  });
  const shown = renderScreen({ path: '/partners/umu/edit', routes: [{ path: '/partners/:slug/edit', element: <PartnerEditPage /> }], user: signedIn('ada') });
  return { ...server, ...shown };
}

async function renameOverGrace(user: ReturnType<typeof editPartner>['user']) {
  const name = await screen.findByRole('textbox', { name: 'Name' });
  await user.clear(name);
  await user.type(name, 'Umeå Universitet');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return screen.findByRole('dialog', { name: 'The institution was changed while you were editing' });
}

describe('a partner institution', () => {
  it('is saved with the version it started from; refused, the fields that differ are shown by name, and Keep editing saves on the current version', async () => {
    const { user, writes, router } = editPartner();
    const dialog = await renameOverGrace(user);
    expect(writes()[0]).toMatchObject({ method: 'PUT', ifMatch: '"5"', overwriteOf: null, body: { name: 'Umeå Universitet' } });
    const rows = await within(dialog).findByRole('table', { name: 'Fields that differ' });
    expect(
      within(rows)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['FieldYoursSaved now', 'NameUmeå UniversitetUmeå University', 'CategoryUniversitiesAgencies', 'Description(empty)In the north']);
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe('In the north');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/partners/umu'));
    expect(writes()[1]).toMatchObject({
      ifMatch: '"6"',
      overwriteOf: null,
      body: { name: 'Umeå Universitet', categoryId: categories[1]!.id, description: 'In the north' },
    });
  });

  it('Overwrite replaces the current version knowingly with what the user had', async () => {
    const { user, writes, router } = editPartner();
    const dialog = await renameOverGrace(user);
    await within(dialog).findByRole('table', { name: 'Fields that differ' });
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/partners/umu'));
    expect(writes()[1]).toMatchObject({
      ifMatch: '"6"',
      overwriteOf: '"5"',
      body: { name: 'Umeå Universitet', categoryId: categories[0]!.id, description: null },
    });
  });

  it('after a logo upload, Save is based on the version the upload answered, before the page has read the partner again', async () => {
    const current = institution(5, 'Umeå University', categories[0]!.id, null);
    let reads = 0;
    const { writes, user } = Object.assign(
      fakeFetch(({ method, path, body }) => {
        // The page's read again after the upload never lands: the upload's answer alone must do.
        if (path === '/institutions/umu') return reads++ === 0 ? json(detail(current)) : new Promise<Response>(() => undefined);
        if (path === '/institutions') return json({ institutions: [current], categories });
        if (path === `/institutions/${ID}/logo` && method === 'PUT') return json({ ...current, version: 6, logo: { url: '/logo.png', width: 1, height: 1 } });
        if (path === `/institutions/${ID}` && method === 'PUT') return json({ ...current, ...(body as Partial<Institution>), version: 7 });
        return undefined;
      }),
      renderScreen({ path: '/partners/umu/edit', routes: [{ path: '/partners/:slug/edit', element: <PartnerEditPage /> }], user: signedIn('ada') }),
    );
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.upload(
      document.querySelector<HTMLInputElement>('input[type=file]')!,
      new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }),
    );
    await vi.waitFor(() => expect(writes()[0]).toMatchObject({ method: 'PUT', path: `/institutions/${ID}/logo` }));
    await screen.findByRole('img', { name: 'The current logo' });
    await user.clear(name);
    await user.type(name, 'Umeå Universitet');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(writes().at(-1)).toMatchObject({ method: 'PUT', path: `/institutions/${ID}`, ifMatch: '"6"' }));
  });

  it('is deleted naming the version shown', async () => {
    const { user, writes } = editPartner();
    await user.click(await screen.findByRole('button', { name: 'Delete institution' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(writes()[0]).toMatchObject({ method: 'DELETE', path: `/institutions/${ID}`, ifMatch: '"5"' }));
  });
});
