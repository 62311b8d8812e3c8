import { cleanup, screen, within } from '@testing-library/react';
import type { Comment, InsightDetail, ProseMirrorDoc } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedMeanwhile, fakeFetch, json } from '../../test/fake-fetch';
import { renderScreen, signedIn } from '../../test/render-screen';
import { Comments } from './Comments';
import InsightEditPage from './InsightEditPage';

// happy-dom has no FontFaceSet, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }), configurable: true });

afterEach(cleanup);
afterEach(() => vi.unstubAllGlobals());

const ID = '11111111-1111-4111-8111-111111111111';
const text = (words: string): ProseMirrorDoc => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] });

const insight = (version: number, tags: string[], words: string): InsightDetail => ({
  insight: {
    id: ID,
    num: 7,
    title: 'Early snowmelt',
    tags,
    author: null,
    team: null,
    objects: [],
    visibility: 'public',
    comments: 0,
    version,
    createdAt: '2026-03-01T00:00:00Z',
    updatedAt: '2026-03-01T00:00:00Z',
  },
  doc: text(words),
  permissions: ['view', 'edit'],
});

/** The insight's editor on a fake server: at version 4 until the first save, which finds Grace's version 5 (a tag, another text) and is refused. */
async function retitleOverGrace() {
  let current = insight(4, ['snow'], 'Melt came early.');
  let refused = false;
  const server = fakeFetch(({ method, path }) => {
    if (path === '/insights/7' && method === 'GET') return json(current);
    if (path === `/insights/${ID}` && method === 'PUT') {
      if (!refused) {
        refused = true;
        current = insight(5, ['snow', 'phenology'], 'Melt came two weeks early.');
        return changedMeanwhile(5);
      }
      return json(insight(6, [], ''));
    }
    if (path === '/insights/tags') return json({ tags: [] });
    if (path === '/teams') return json({ teams: [] });
    if (path === `/insights/${ID}/revisions`) return json({ revisions: [] });
    return undefined;
  });
  const { user, router } = renderScreen({
    path: '/insights/7/edit',
    routes: [{ path: '/insights/:id/edit', element: <InsightEditPage /> }],
    user: signedIn('ada'),
  });
  const title = await screen.findByRole('textbox', { name: 'Title' });
  await screen.findByText('Melt came early.');
  await user.clear(title);
  await user.type(title, 'Early snowmelt in 2026');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const dialog = await screen.findByRole('dialog', { name: 'The insight was changed while you were editing' });
  expect(server.writes()[0]).toMatchObject({ method: 'PUT', ifMatch: '"4"', overwriteOf: null, body: { insight: { title: 'Early snowmelt in 2026' } } });
  await within(dialog).findByText('Text: saved now');
  return { ...server, user, router, dialog };
}

describe('an insight', () => {
  it('is saved with the version it started from; refused, both texts show, and Keep editing takes the saved tags and text on the current version', async () => {
    const { user, router, dialog, writes } = await retitleOverGrace();
    within(dialog).getByText('Melt came two weeks early.');
    within(dialog).getByText('Melt came early.');
    const rows = within(dialog).getByRole('table', { name: 'Fields that differ' });
    expect(
      within(rows)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['FieldYoursSaved now', 'TitleEarly snowmelt in 2026Early snowmelt', 'Tagssnowsnow, phenology']);
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await screen.findByText('Melt came two weeks early.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/insights/7'));
    expect(writes()[1]).toMatchObject({
      ifMatch: '"5"',
      overwriteOf: null,
      body: { insight: { title: 'Early snowmelt in 2026', tags: ['snow', 'phenology'] }, doc: text('Melt came two weeks early.') },
    });
  });

  it('refused, Overwrite replaces the current version knowingly', async () => {
    const { user, router, dialog, writes } = await retitleOverGrace();
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/insights/7'));
    expect(writes()[1]).toMatchObject({
      ifMatch: '"5"',
      overwriteOf: '"4"',
      body: { insight: { title: 'Early snowmelt in 2026', tags: ['snow'] }, doc: text('Melt came early.') },
    });
  });
});

const CID = '22222222-2222-4222-8222-222222222222';
const comment = (version: number, content: string): Comment => ({
  id: CID,
  author: { id: '33333333-3333-4333-8333-333333333333', slug: 'ada', name: 'Ada Lindqvist' },
  content,
  photo: null,
  timestamp: '2026-03-01T10:00:00Z',
  created: '2026-03-01T10:00:00Z',
  version,
  permissions: ['edit', 'delete'],
});

/** An insight's comments on a fake server: the comment is at version 1 until the first save, which finds Grace's version 2 and is refused. */
async function editCommentOverGrace() {
  let current = comment(1, 'The plot flooded.');
  let refused = false;
  const server = fakeFetch(({ method, path, body }) => {
    if (path === `/insights/${ID}/comments`) return json({ comments: [current] });
    if (path === `/insights/7/comments/${CID}` && method === 'PUT') {
      if (!refused) {
        refused = true;
        current = comment(2, 'The plot flooded twice.');
        return changedMeanwhile(2);
      }
      current = comment(3, (body as { content: string }).content);
      return json({ comment: current });
    }
    return undefined;
  });
  const { user } = renderScreen({
    path: '/',
    routes: [{ path: '/', element: <Comments insight={{ id: ID, num: 7, comments: 1 }} permissions={['view']} /> }],
    user: signedIn('ada'),
  });
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  const box = screen.getByRole('textbox', { name: 'Comment' });
  await user.clear(box);
  await user.type(box, 'The plot dried out.');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const dialog = await screen.findByRole('dialog', { name: 'The comment was changed while you were editing' });
  expect(server.writes()[0]).toMatchObject({ method: 'PUT', ifMatch: '"1"', body: { content: 'The plot dried out.' } });
  await within(dialog).findByText('The plot flooded twice.');
  within(dialog).getByText('The plot dried out.');
  expect(screen.queryByRole('alert')).toBeNull();
  return { ...server, user, dialog };
}

describe('a comment being changed', () => {
  it('is saved with the version listed; refused, Keep editing keeps the text typed and saves on the current version', async () => {
    const { user, dialog, writes } = await editCommentOverGrace();
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect((screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement).value).toBe('The plot dried out.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The plot dried out.');
    expect(writes()[1]).toMatchObject({ ifMatch: '"2"', overwriteOf: null, body: { content: 'The plot dried out.' } });
  });

  it('refused, Overwrite replaces the current version knowingly', async () => {
    const { user, dialog, writes } = await editCommentOverGrace();
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    await screen.findByText('The plot dried out.');
    expect(writes()[1]).toMatchObject({ ifMatch: '"2"', overwriteOf: '"1"', body: { content: 'The plot dried out.' } });
  });
});
