import { cleanup, screen, within } from '@testing-library/react';
import type { DataTable } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedMeanwhile, fakeFetch, json } from '../../../../test/fake-fetch';
import { renderScreen, signedIn } from '../../../../test/render-screen';
import { CatalogTab } from './CatalogTab';

// happy-dom has no FontFaceSet, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }), configurable: true });

afterEach(cleanup);
afterEach(() => vi.unstubAllGlobals());

const PROJECT = { id: '55555555-5555-4555-8555-555555555555', slug: 'efi' };
const TABLE_ID = '66666666-6666-4666-8666-666666666666';
const table = (version: number, description: string): DataTable => ({ id: TABLE_ID, title: 'Soil moisture', description, metrics: [], level: 'raw', version });

/** The catalogue tab on a fake server: the table is at version 2 until the first save, which finds Grace's version 3 (another description) and is refused. */
function editTable() {
  let current = table(2, 'Weekly readings');
  let refused = false;
  const server = fakeFetch(({ method, path, body }) => {
    if (path === `/projects/${PROJECT.id}/datatables`) return json({ datatables: [current] });
    if (path === `/projects/${PROJECT.id}/datatables/${TABLE_ID}` && method === 'PUT') {
      if (!refused) {
        refused = true;
        current = table(3, 'Daily readings');
        return changedMeanwhile(3);
      }
      current = { ...current, ...(body as Partial<DataTable>), version: 4 };
      return json({ datatable: current });
    }
    if (path === `/projects/${PROJECT.id}/objtypes`) return json({ types: [] });
    if (path === '/data/objtypes') return json({ objtypes: {} });
    if (path === '/data/metrics') return json({ metrics: [] });
    return undefined;
  });
  return { ...server, ...renderScreen({ path: '/', routes: [{ path: '/', element: <CatalogTab project={PROJECT} /> }], user: signedIn('ada') }) };
}

describe('a data table’s editor', () => {
  it('saves with the table’s version; refused, it shows what differs, and Overwrite replaces the current version knowingly', async () => {
    const { user, writes } = editTable();
    await user.click(await screen.findByRole('button', { name: 'Edit Soil moisture' }));
    const form = await screen.findByRole('form', { name: 'Edit Soil moisture' });
    const title = within(form).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Soil water');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'The data table “Soil moisture” was changed while you were editing' });
    expect(writes()[0]).toMatchObject({ method: 'PUT', ifMatch: '"2"', body: { title: 'Soil water', description: 'Weekly readings' } });
    const rows = await within(dialog).findByRole('table', { name: 'Fields that differ' });
    expect(
      within(rows)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['FieldYoursSaved now', 'TitleSoil waterSoil moisture', 'DescriptionWeekly readingsDaily readings']);
    expect(within(form).queryByRole('alert')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    await vi.waitFor(() =>
      expect(writes()[1]).toMatchObject({ ifMatch: '"3"', overwriteOf: '"2"', body: { title: 'Soil water', description: 'Weekly readings' } }),
    );
  });

  it('deletes a table as of the version listed', async () => {
    const { user, writes } = editTable();
    await user.click(await screen.findByRole('button', { name: 'Delete Soil moisture' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Soil moisture?' })).getByRole('button', { name: 'Delete data table' }));
    await vi.waitFor(() => expect(writes()).toMatchObject([{ method: 'DELETE', path: `/projects/${PROJECT.id}/datatables/${TABLE_ID}`, ifMatch: '"2"' }]));
  });
});
