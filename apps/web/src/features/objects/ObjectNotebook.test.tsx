import { cleanup, screen } from '@testing-library/react';
import type { Note } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, signedIn } from '../../test/render-screen';
import type { ObjectDetail } from './api';
import { ObjectPageContext, type ObjectPageValue } from './object-context';
import { liveObjectApi, ObjectApiContext, type ObjectPageApi } from './object-page';
import ObjectNotebook from './ObjectNotebook';

// happy-dom has no FontFaceSet, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }), configurable: true });

afterEach(cleanup);

const note = {
  id: '22222222-2222-4222-8222-222222222222',
  author: { id: '33333333-3333-4333-8333-333333333333', slug: 'ada', name: 'Ada Lindqvist' },
  content: 'The weir was dry.',
  timestamp: '2026-03-01T10:00:00Z',
  created: '2026-03-01T10:00:00Z',
  permissions: ['edit', 'delete'],
} as Note;

/** The text of an input's error or description: the element its aria-describedby names as one. */
const described = (input: HTMLElement, as: 'error' | 'description') =>
  document.getElementById((input.getAttribute('aria-describedby') ?? '').split(' ').find((id) => id.endsWith(`-${as}`)) ?? '')?.textContent ?? null;
const errorOf = (input: HTMLElement) => described(input, 'error');

/** The notebook of an object the user may write in, on a fake server holding one note. */
function showNotebook() {
  const api: ObjectPageApi = {
    ...liveObjectApi,
    fetchNotes: vi.fn(async () => ({ data: { notes: [note] }, pagination: { page: 1, count: 1, limit: 20 } })),
    addNote: vi.fn(async (_name: string, content: string) => ({ sent: { ...note, id: '44444444-4444-4444-8444-444444444444', content } })),
    changeNote: vi.fn(async (_name: string, id: string, content: string) => ({ ...note, id, content })),
  };
  const value: ObjectPageValue = {
    name: 'ridge',
    detail: { obj: { id: 'o1', name: 'ridge', title: 'Ridge' }, permissions: ['view', 'comment'] } as unknown as ObjectDetail,
    types: {},
    ready: true,
    children: { items: [], busy: false, error: null },
    photoPage: 1,
    showPhotoPage: () => {},
  };
  const element = (
    <ObjectApiContext.Provider value={api}>
      <ObjectPageContext.Provider value={value}>
        <ObjectNotebook />
      </ObjectPageContext.Provider>
    </ObjectApiContext.Provider>
  );
  return { api, ...renderScreen({ path: '/data/ridge/notes', routes: [{ path: '/data/ridge/notes', element }], user: signedIn('ada') }) };
}

describe('a note past the server’s limit', () => {
  it('is kept whole when pasted, refused out loud at its field, and not sent', async () => {
    const { api, user } = showNotebook();
    await screen.findByText('The weir was dry.');
    const box = screen.getByRole('textbox', { name: 'New note' });
    // Near the limit, a counter.
    await user.click(box);
    await user.paste('a'.repeat(19_500));
    expect(described(box, 'description')).toBe('19,500 / 20,000 characters');
    expect(errorOf(box)).toBeNull();
    // Past it: all of it stays, the error says so, and Add note sends nothing.
    await user.paste('b'.repeat(40_500));
    expect((box as HTMLTextAreaElement).value).toHaveLength(60_000);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(box)).toBe('60,000 characters: at most 20,000');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(api.addNote).not.toHaveBeenCalled();
    expect((box as HTMLTextAreaElement).value).toHaveLength(60_000);

    // Shortened, it goes.
    await user.clear(box);
    await user.type(box, 'Fog at dawn');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(api.addNote).toHaveBeenCalledWith('ridge', 'Fog at dawn', expect.any(String));
  });

  it('is kept whole while a note is edited, and Save sends nothing', async () => {
    const { api, user } = showNotebook();
    await screen.findByText('The weir was dry.');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Note' });
    await user.click(box);
    await user.paste('c'.repeat(25_000));
    expect((box as HTMLTextAreaElement).value).toHaveLength('The weir was dry.'.length + 25_000);
    expect(errorOf(box)).toBe('25,017 characters: at most 20,000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.changeNote).not.toHaveBeenCalled();
  });
});
