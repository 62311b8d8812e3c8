import { cleanup, screen, within } from '@testing-library/react';
import type { Team, TeamDetail } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedMeanwhile, fakeFetch, json } from '../../../../test/fake-fetch';
import { renderScreen, signedIn } from '../../../../test/render-screen';
import TeamAdminPage from './TeamAdminPage';

// happy-dom has no FontFaceSet, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }), configurable: true });

afterEach(cleanup);
afterEach(() => vi.unstubAllGlobals());

const team = (version: number, name: string, description: string | null): Team => ({
  id: '88888888-8888-4888-8888-888888888888',
  slug: 'forest',
  name,
  description,
  version,
});
const detail = (t: Team): TeamDetail => ({ team: t, permissions: ['view', 'edit'], members: [], projects: [] });

/** The team's Site Admin page on a fake server: the team is at version 2 until the first save, which finds Grace's version 3 (a description) and is refused. */
function editTeam() {
  let current = team(2, 'Forest', null);
  let refused = false;
  const server = fakeFetch(({ method, path, body }) => {
    if (path === '/teams/forest' && method === 'GET') return json(detail(current));
    if (path === '/teams/forest' && method === 'PUT') {
      if (!refused) {
        refused = true;
        current = team(3, 'Forest', 'Plots and towers');
        return changedMeanwhile(3);
      }
      const sent = body as { name: string; description: string | null };
      current = team(current.version + 1, sent.name, sent.description);
      return json(detail(current));
    }
    if (path === '/people') return json({ people: [] });
    return undefined;
  });
  const shown = renderScreen({ path: '/admin/teams/forest', routes: [{ path: '/admin/teams/:slug', element: <TeamAdminPage /> }], user: signedIn('ada') });
  return { ...server, ...shown };
}

async function renameOverGrace(user: ReturnType<typeof editTeam>['user']) {
  const name = await screen.findByRole('textbox', { name: 'Name' });
  await user.clear(name);
  await user.type(name, 'Forest ecology');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return screen.findByRole('dialog', { name: 'The team was changed while you were editing' });
}

describe('a team’s name and description', () => {
  it('are saved with the version they started from; refused, Keep editing takes the saved description and saves on the current version', async () => {
    const { user, writes } = editTeam();
    const dialog = await renameOverGrace(user);
    expect(writes()[0]).toMatchObject({ method: 'PUT', ifMatch: '"2"', overwriteOf: null, body: { name: 'Forest ecology', description: null } });
    const rows = await within(dialog).findByRole('table', { name: 'Fields that differ' });
    expect(
      within(rows)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['FieldYoursSaved now', 'NameForest ecologyForest', 'Description(empty)Plots and towers']);
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe('Plots and towers');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(writes()[1]).toMatchObject({ ifMatch: '"3"', overwriteOf: null, body: { name: 'Forest ecology', description: 'Plots and towers' } }),
    );
    // Saved, the form stands on the saved version: the next save is based on it.
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' group');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(writes()[2]).toMatchObject({ ifMatch: '"4"', body: { name: 'Forest ecology group' } }));
  });

  it('refused, Overwrite replaces the current version knowingly', async () => {
    const { user, writes } = editTeam();
    const dialog = await renameOverGrace(user);
    await within(dialog).findByRole('table', { name: 'Fields that differ' });
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    await vi.waitFor(() => expect(writes()[1]).toMatchObject({ ifMatch: '"3"', overwriteOf: '"2"', body: { name: 'Forest ecology', description: null } }));
  });
});
