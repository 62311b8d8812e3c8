import { cleanup, screen, within } from '@testing-library/react';
import type { NodeResponse } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedMeanwhile, fakeFetch, json } from '../../test/fake-fetch';
import { renderScreen, signedIn } from '../../test/render-screen';
import { NodeEditPage } from './NodeEditPage';

// happy-dom has no FontFaceSet, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }), configurable: true });

afterEach(cleanup);
afterEach(() => vi.unstubAllGlobals());

const SOIL = { slug: 'soil', title: 'Soil', version: 1, schema: { type: 'object', properties: { depth: { type: 'number', title: 'Depth' } } } };

const node = (version: number, title: string, depth: number): NodeResponse => ({
  node: { path: 'p1', slug: 'p1', title, description: '', type: { slug: 'plot', name: 'Plot' }, version },
  ancestors: [],
  children: [],
  metadata: { depth },
  schema: SOIL,
});

/** The node's edit page on a fake server: the node is at version 7 until the first save, which finds Grace's version 8 (another depth) and is refused. */
function editNode() {
  let current = node(7, 'Plot 1', 10);
  const server = fakeFetch(({ method, path, body }) => {
    if (path === '/data/nodetypes') return json({ nodetypes: [{ slug: 'plot', name: 'Plot', schema: 'soil', version: 1 }] });
    if (path === '/data/nodes') return json({ nodes: [{ path: 'p1', title: 'Plot 1' }] });
    if (path === '/data/schema/soil') return json({ schema: SOIL, usedBy: [] });
    if (path === '/data/node/p1' && method === 'GET') return json(current);
    if (path === '/data/node/p1' && method === 'PUT') {
      if (current.node.version === 7) {
        current = node(8, 'Plot 1', 12);
        return changedMeanwhile(8);
      }
      const sent = body as { title: string; metadata: { depth: number } };
      current = node(9, sent.title, sent.metadata.depth);
      return json(current);
    }
    return undefined;
  });
  const shown = renderScreen({
    path: '/nodes/p1/edit',
    routes: [{ path: '/nodes/p1/edit', element: <NodeEditPage path="p1" /> }],
    user: signedIn('ada', ['manageSchema']),
  });
  return { ...server, ...shown };
}

describe('the node editor', () => {
  it('saves with the node’s version; refused, it shows the differing fields, and Keep editing takes Grace’s depth, keeps the new title and saves on her version', async () => {
    const { user, writes, router } = editNode();
    const form = await screen.findByRole('form', { name: 'Node' });
    const depth = await within(form).findByRole('textbox', { name: 'Depth' });
    const title = within(form).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Plot one');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'The node Plot 1 was changed while you were editing' });
    expect(writes()[0]).toMatchObject({ method: 'PUT', ifMatch: '"7"', overwriteOf: null });
    const table = await within(dialog).findByRole('table', { name: 'Fields that differ' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['TitlePlot onePlot 1', 'DetailsDepth: 10Depth: 12']);
    expect(within(form).queryByRole('alert')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect((depth as HTMLInputElement).value).toBe('12');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/nodes/p1'));
    expect(writes()[1]).toMatchObject({ ifMatch: '"8"', overwriteOf: null, body: { title: 'Plot one', metadata: { depth: 12 } } });
  });
});
