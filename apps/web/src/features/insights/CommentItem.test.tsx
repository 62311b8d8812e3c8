import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Comment } from '@observatory/shared';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { authKeys } from '../../lib/query-keys';
import { CommentsApiContext, type CommentsApi } from './api';
import { insightKeys } from './keys';
import { CommentItem } from './CommentItem';
import { Comments } from './Comments';

afterEach(cleanup);

// happy-dom has no FontFaceSet, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }), configurable: true });

const insight = { id: '11111111-1111-4111-8111-111111111111', num: 7, comments: 1 };
const comment = (over: Partial<Comment> = {}): Comment => ({
  id: '22222222-2222-4222-8222-222222222222',
  author: { id: '33333333-3333-4333-8333-333333333333', slug: 'ada', name: 'Ada Lindqvist' },
  content: 'The plot flooded.',
  photo: null,
  timestamp: '2026-03-01T10:00:00Z',
  created: '2026-03-01T10:00:00Z',
  version: 1,
  permissions: ['edit', 'delete'],
  ...over,
});

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function fakes(over: Partial<CommentsApi> = {}): CommentsApi {
  return {
    fetchComments: vi.fn(async () => [comment()]),
    addComment: vi.fn(async (_id, input) => comment({ id: '44444444-4444-4444-8444-444444444444', content: input.content })),
    changeComment: vi.fn(async (_num, id, input) => comment({ id, content: input.content })),
    deleteComment: vi.fn(async () => null),
    uploadPhoto: vi.fn(),
    ...over,
  };
}

function renderWith(ui: ReactNode, calls: CommentsApi) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authKeys.user, { username: 'ada', permissions: [], super: false });
  render(
    <MantineProvider env="test">
      <ModalsProvider>
        <QueryClientProvider client={client}>
          <CommentsApiContext.Provider value={calls}>
            <MemoryRouter>{ui}</MemoryRouter>
          </CommentsApiContext.Provider>
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
  return { client, user: userEvent.setup() };
}

describe('a comment being saved', () => {
  it('is busy while saving; on failure it shows the error beside it and is no longer busy', async () => {
    const saving = deferred<Comment>();
    const calls = fakes({ changeComment: vi.fn(() => saving.promise) });
    const { user } = renderWith(<CommentItem comment={comment()} insight={insight} />, calls);
    const card = screen.getByRole('article');
    expect(card.getAttribute('aria-busy')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Comment' });
    await user.clear(box);
    await user.type(box, 'The plot dried out.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(card.getAttribute('aria-busy')).toBe('true'));
    expect(calls.changeComment).toHaveBeenCalledWith(7, comment().id, { content: 'The plot dried out.', photo: null }, { version: 1 });
    expect(screen.getByRole('status', { name: 'Saving' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => saving.reject(new ApiError(403, 'FORBIDDEN', 'You may not change this comment', 'You may not change this comment')));

    await waitFor(() => expect(card.getAttribute('aria-busy')).toBe('false'));
    expect(within(card).getByRole('alert').textContent).toContain('You may not change this comment');
    expect(screen.queryByRole('status', { name: 'Saving' })).toBeNull();
    // The text typed stays, to try again.
    expect((screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement).value).toBe('The plot dried out.');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('is replaced by the server’s comment on success', async () => {
    const calls = fakes({ changeComment: vi.fn(async (_num, id) => comment({ id, content: 'Saved as the server says.' })) });
    const { user } = renderWith(<Comments insight={insight} permissions={['view', 'comment']} />, calls);
    await screen.findByText('The plot flooded.');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), ' More.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved as the server says.');
    expect(screen.queryByText('The plot flooded.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a comment being deleted', () => {
  it('asks first; on failure shows the error and is no longer busy; on success is removed', async () => {
    const first = deferred<unknown>();
    const deleteComment = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValueOnce(null);
    const calls = fakes({ deleteComment });
    const { user, client } = renderWith(<Comments insight={insight} permissions={['view', 'comment']} />, calls);
    await screen.findByText('The plot flooded.');
    const card = screen.getByRole('article');

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    expect(deleteComment).not.toHaveBeenCalled();
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(card.getAttribute('aria-busy')).toBe('true'));
    expect((within(card).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => first.reject(new ApiError(null, null, null, 'Request Failed')));
    await waitFor(() => expect(card.getAttribute('aria-busy')).toBe('false'));
    expect(within(card).getByRole('alert').textContent).toContain('Request Failed');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('The plot flooded.')).toBeNull());
    expect(client.getQueryData(insightKeys.comments(insight.id))).toEqual([]);
    expect(screen.getByText('No comments yet. Write the first one below.')).toBeTruthy();
  });
});

describe('writing a comment', () => {
  it('shows a "Sign in to comment" link to visitors, and the form to those who may comment', async () => {
    const calls = fakes();
    const { client } = renderWith(<Comments insight={insight} permissions={['view', 'comment']} />, calls);
    expect(await screen.findByRole('textbox', { name: 'Your comment' })).toBeTruthy();
    act(() => client.setQueryData(authKeys.user, null));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Sign in to comment' })).toBeTruthy());
    expect(screen.queryByRole('textbox', { name: 'Your comment' })).toBeNull();
  });

  it('adds the comment last, with the photo uploaded first', async () => {
    const photo = { id: '55555555-5555-4555-8555-555555555555', url: '/u/p', thumbUrl: '/t/p' };
    const calls = fakes({ uploadPhoto: vi.fn(async () => photo) });
    const { user } = renderWith(<Comments insight={insight} permissions={['view', 'comment']} />, calls);
    await screen.findByText('The plot flooded.');
    await user.type(screen.getByRole('textbox', { name: 'Your comment' }), 'Seen again today.');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'p.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('img', { name: 'The photo to add' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    await screen.findByText('Seen again today.');
    expect(calls.addComment).toHaveBeenCalledWith(insight.id, { content: 'Seen again today.', photo: photo.id });
    const articles = screen.getAllByRole('article');
    expect(within(articles.at(-1)!).getByText('Seen again today.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Your comment' }) as HTMLTextAreaElement).value).toBe('');
  });
});

describe('when a comment was written', () => {
  it('shows the time it says it was written, and when it was added only when that was much later (written offline)', () => {
    const calls = fakes();
    renderWith(<CommentItem comment={comment({ created: '2026-03-01T10:04:00Z' })} insight={insight} />, calls);
    expect(document.querySelectorAll('time')).toHaveLength(1);
    expect(screen.queryByText(/added/)).toBeNull();
    cleanup();
    renderWith(<CommentItem comment={comment({ created: '2026-03-02T08:15:00Z' })} insight={insight} />, calls);
    const times = [...document.querySelectorAll('time')].map((t) => t.getAttribute('datetime'));
    expect(times).toEqual(['2026-03-01T10:00:00Z', '2026-03-02T08:15:00Z']);
    expect(screen.getByText(/^\(added .+\)$/)).toBeTruthy();
  });
});
