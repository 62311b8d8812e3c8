import { cleanup, screen, within } from '@testing-library/react';
import type { PersonProfile, ProseMirrorDoc } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedMeanwhile, fakeFetch, json } from '../../test/fake-fetch';
import { renderScreen, signedIn } from '../../test/render-screen';
import PersonEditPage from './PersonEditPage';

afterEach(cleanup);
afterEach(() => vi.unstubAllGlobals());

const text = (words: string): ProseMirrorDoc => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] });

const profile = (version: number, orcid: string | null, bio: string): PersonProfile => ({
  person: {
    id: '33333333-3333-4333-8333-333333333333',
    slug: 'ada',
    name: 'Ada Lindqvist',
    orcid,
    noindex: false,
    photo: null,
    email: null,
    username: 'ada',
    affiliations: [],
    version,
  },
  permissions: ['view', 'edit'],
  bio: text(bio),
  invitation: null,
  projects: [],
  publications: [],
});

/** Ada's edit page on a fake server: she is at version 2 until the first save, which finds Grace's version 3 (an ORCID iD, another bio) and is refused. */
function editPerson() {
  let current = profile(2, null, 'Studies treelines.');
  let refused = false;
  const server = fakeFetch(({ method, path, body }) => {
    if (path === '/people/ada' && method === 'GET') return json(current);
    if (path === '/people/ada' && method === 'PUT') {
      if (!refused) {
        refused = true;
        current = profile(3, '0000-0002-1825-0097', 'Studies treelines in Lapland.');
        return changedMeanwhile(3);
      }
      const sent = body as { name: string; orcid: string | null; bio: ProseMirrorDoc };
      current = { ...profile(4, sent.orcid, ''), bio: sent.bio, person: { ...current.person, name: sent.name, orcid: sent.orcid, version: 4 } };
      return json(current);
    }
    if (path === '/people/ada/revisions') return json({ revisions: [] });
    if (path === '/institutions') return json({ institutions: [], categories: [] });
    return undefined;
  });
  const shown = renderScreen({ path: '/people/ada/edit', routes: [{ path: '/people/:slug/edit', element: <PersonEditPage /> }], user: signedIn('ada') });
  return { ...server, ...shown };
}

async function renameOverGrace(user: ReturnType<typeof editPerson>['user']) {
  const name = await screen.findByRole('textbox', { name: 'Name' });
  await screen.findByText('Studies treelines.');
  await user.clear(name);
  await user.type(name, 'Ada M. Lindqvist');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return screen.findByRole('dialog', { name: 'The profile was changed while you were editing' });
}

describe('a person’s profile', () => {
  it('is saved with the version it started from; refused, the fields that differ are shown, and Overwrite replaces the current version knowingly', async () => {
    const { user, writes, router } = editPerson();
    const dialog = await renameOverGrace(user);
    expect(writes()[0]).toMatchObject({ method: 'PUT', ifMatch: '"2"', overwriteOf: null, body: { name: 'Ada M. Lindqvist' } });
    const rows = await within(dialog).findByRole('table', { name: 'Fields that differ' });
    expect(
      within(rows)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['FieldYoursSaved now', 'NameAda M. LindqvistAda Lindqvist', 'ORCID iD(empty)0000-0002-1825-0097']);
    within(dialog).getByText('Studies treelines in Lapland.');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/people/ada'));
    expect(writes()[1]).toMatchObject({ ifMatch: '"3"', overwriteOf: '"2"', body: { name: 'Ada M. Lindqvist', orcid: null, bio: text('Studies treelines.') } });
  });

  it('Keep editing takes the saved fields she left alone, keeps her name, and saves on the current version', async () => {
    const { user, writes, router } = editPerson();
    const dialog = await renameOverGrace(user);
    await within(dialog).findByRole('table', { name: 'Fields that differ' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect((screen.getByRole('textbox', { name: 'ORCID iD' }) as HTMLInputElement).value).toBe('0000-0002-1825-0097');
    await screen.findByText('Studies treelines in Lapland.');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/people/ada'));
    expect(writes()[1]).toMatchObject({
      ifMatch: '"3"',
      overwriteOf: null,
      body: { name: 'Ada M. Lindqvist', orcid: '0000-0002-1825-0097', bio: text('Studies treelines in Lapland.') },
    });
  });
});
