import { cleanup, screen, within } from '@testing-library/react';
import type { ProjectDetail, ProjectFile, ProseMirrorDoc, UpdateDetail } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedMeanwhile, fakeFetch, json } from '../../test/fake-fetch';
import { renderScreen, signedIn } from '../../test/render-screen';
import ProjectFilesTab from './ProjectFilesTab';
import ProjectLayout from './ProjectLayout';
import UpdateEditPage from './UpdateEditPage';

// happy-dom has no FontFaceSet, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }), configurable: true });

afterEach(cleanup);
afterEach(() => vi.unstubAllGlobals());

const PROJECT_ID = '55555555-5555-4555-8555-555555555555';
const UPDATE_ID = '66666666-6666-4666-8666-666666666666';

const project: ProjectDetail = {
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
  permissions: ['view', 'edit', 'upload'],
  doc: null,
  contributors: [],
  institutions: [],
  updates: [],
  files: [],
  publications: [],
  datatables: [],
  object_types: [],
};

const text = (words: string): ProseMirrorDoc => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] });

const update = (version: number, title: string, words: string): UpdateDetail => ({
  update: { id: UPDATE_ID, slug: 'spring', title, publishedAt: '2026-03-01T00:00:00Z', author: null, version, updatedAt: '2026-03-01T00:00:00Z' },
  doc: text(words),
  permissions: ['view', 'edit', 'delete'],
});

/**
 * The update editor on a fake server: the update is at version 3 until the first save,
 * which finds Grace's version 4 (another text) and is refused; later saves are taken.
 */
function editUpdate() {
  let current = update(3, 'Spring fieldwork', 'Snow on the plots.');
  let refused = false;
  const server = fakeFetch(({ method, path, body }) => {
    if (path === '/projects/efi') return json(project);
    if (path === '/projects/efi/updates/spring' && method === 'GET') return json(current);
    if (path === `/projects/efi/updates/${UPDATE_ID}/revisions`) return json({ revisions: [] });
    if (path === `/projects/efi/updates/${UPDATE_ID}` && method === 'PUT') {
      if (!refused) {
        refused = true;
        current = update(4, 'Spring fieldwork', 'Snow melted early.');
        return changedMeanwhile(4);
      }
      const sent = body as { update: { title: string }; doc: ProseMirrorDoc };
      current = { ...update(5, sent.update.title, ''), doc: sent.doc };
      return json(current);
    }
    return undefined;
  });
  const shown = renderScreen({
    path: '/projects/efi/updates/spring/edit',
    routes: [{ path: '/projects/:slug/updates/:update/edit', element: <UpdateEditPage /> }],
    user: signedIn('ada'),
  });
  return { ...server, ...shown };
}

/** Changes the title, saves, and waits for the dialog of the refused save. */
async function saveOverGrace(user: ReturnType<typeof editUpdate>['user']) {
  const title = await screen.findByRole('textbox', { name: 'Title' });
  await user.clear(title);
  await user.type(title, 'Spring fieldwork, week 1');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return screen.findByRole('dialog', { name: 'The update was changed while you were editing' });
}

describe('the update editor', () => {
  it('saves with the version it started from; refused, it shows both texts, and Overwrite replaces the current version knowingly', async () => {
    const { user, writes, router } = editUpdate();
    const dialog = await saveOverGrace(user);
    expect(writes()[0]).toMatchObject({ method: 'PUT', ifMatch: '"3"', overwriteOf: null });
    await within(dialog).findByText('Text: saved now');
    within(dialog).getByText('Snow melted early.');
    within(dialog).getByText('Snow on the plots.');
    within(dialog).getByText(/Grace Hopper saved a newer version \(version 4\)/);
    // The refusal is the dialog's, not an error above the form.
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/projects/efi/updates/spring'));
    expect(writes()[1]).toMatchObject({
      ifMatch: '"4"',
      overwriteOf: '"3"',
      body: { update: { title: 'Spring fieldwork, week 1' }, doc: text('Snow on the plots.') },
    });
  });

  it('Keep editing takes the saved text the user left alone, keeps their title, and saves on the current version', async () => {
    const { user, writes, router } = editUpdate();
    const dialog = await saveOverGrace(user);
    await within(dialog).findByText('Text: saved now');
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Spring fieldwork, week 1');
    await screen.findByText('Snow melted early.');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/projects/efi/updates/spring'));
    expect(writes()[1]).toMatchObject({
      ifMatch: '"4"',
      overwriteOf: null,
      body: { update: { title: 'Spring fieldwork, week 1' }, doc: text('Snow melted early.') },
    });
  });
});

const FILE_ID = '77777777-7777-4777-8777-777777777777';
const file = (version: number, name: string, description: string | null): ProjectFile => ({
  id: FILE_ID,
  name,
  description,
  createdAt: '2026-01-01T00:00:00Z',
  version,
  versions: [{ version: 1, fileName: 'plots.csv', mediaType: 'text/csv', size: 120, sha256: 'x', createdAt: '2026-01-01T00:00:00Z', author: null }],
});

/** The project's Files tab on a fake server: the file is at version 2 until the first save, which finds Grace's version 3 (a description) and is refused. */
function editFile() {
  let current = file(2, 'Plots', null);
  let refused = false;
  const server = fakeFetch(({ method, path, body }) => {
    if (path === '/projects/efi') return json({ ...project, files: [current] });
    if (path === `/projects/${PROJECT_ID}/files/${FILE_ID}` && method === 'PUT') {
      if (!refused) {
        refused = true;
        current = file(3, 'Plots', 'Coordinates in WGS 84');
        return changedMeanwhile(3);
      }
      const sent = body as { name: string; description: string | null };
      current = file(4, sent.name, sent.description);
      return json(current);
    }
    return undefined;
  });
  const shown = renderScreen({
    path: '/projects/efi/files',
    routes: [{ path: '/projects/:slug', element: <ProjectLayout />, children: [{ path: 'files', element: <ProjectFilesTab /> }] }],
    user: signedIn('ada'),
  });
  return { ...server, ...shown };
}

describe('a project file’s name and description', () => {
  it('are saved with the file’s version; refused, the fields that differ are shown, and Keep editing saves on the current version with the new description', async () => {
    const { user, writes } = editFile();
    await user.click(await screen.findByRole('button', { name: 'Edit Plots' }));
    const form = screen.getByRole('form', { name: 'Edit Plots' });
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Plot corners');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'The file “Plots” was changed while you were editing' });
    expect(writes()[0]).toMatchObject({ method: 'PUT', ifMatch: '"2"', body: { name: 'Plot corners', description: null } });
    const rows = await within(dialog).findByRole('table', { name: 'Fields that differ' });
    expect(
      within(rows)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['FieldYoursSaved now', 'NamePlot cornersPlots', 'Description(empty)Coordinates in WGS 84']);

    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect((within(form).getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe('Coordinates in WGS 84');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: 'Plot corners' });
    expect(writes()[1]).toMatchObject({ ifMatch: '"3"', overwriteOf: null, body: { name: 'Plot corners', description: 'Coordinates in WGS 84' } });
  });
});
