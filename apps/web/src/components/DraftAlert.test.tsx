import { Textarea } from '@mantine/core';
import { cleanup, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setAccessToken } from '../lib/api-client';
import { useLogout } from '../lib/sign-in-out';
import { draftKey, readDraft, writeDraft } from '../lib/drafts';
import { useDraft, useForgetDraftWhenGone } from '../lib/use-draft';
import { renderScreen, signedIn } from '../test/render-screen';
import { DraftAlert, draftTime } from './DraftAlert';

beforeEach(() => {
  localStorage.clear();
  // Drafts are written only while a session is live.
  setAccessToken('token');
});
afterEach(cleanup);
afterEach(() => vi.unstubAllGlobals());

const STORED = 'Lichen on the north face.';
const key = draftKey('ada', 'note', 'n1');

/** A note's editor, as the notebook's: its text, the draft offered, Save and Sign out. */
function NoteEditor({ gone = null }: { gone?: unknown }) {
  const [text, setText] = useState(STORED);
  const draft = useDraft({ kind: 'note', resource: 'n1', fields: { text }, stored: { text: STORED }, onRestore: (fields) => setText(fields.text) });
  useForgetDraftWhenGone('note', 'n1', gone);
  const logout = useLogout();
  return (
    <>
      <DraftAlert draft={draft} />
      <Textarea label="Note" value={text} onChange={(e) => setText(e.currentTarget.value)} />
      <button type="button" onClick={draft.clear}>
        Save
      </button>
      <button type="button" onClick={() => logout.mutate({})}>
        Sign out
      </button>
    </>
  );
}

function show(gone: unknown = null) {
  return renderScreen({ path: '/notes/n1', user: signedIn('ada'), routes: [{ path: '/notes/n1', element: <NoteEditor gone={gone} /> }] });
}

const textarea = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Note' });
const offer = () => screen.queryByText(/^Restore your unsaved draft from/);
const written = () => vi.waitFor(() => expect(readDraft<{ text: string }>(key)?.fields.text).toBe(`${STORED} And moss.`), { timeout: 2000 });

describe('drafts', () => {
  it('are written as the user types, and offered back and restored when the editor opens again', async () => {
    const { user } = show();
    expect(offer()).toBeNull();
    await user.type(textarea(), ' And moss.');
    await written();
    expect(key).toBe('draft:ada:note:n1');

    cleanup();
    const again = show();
    await screen.findByText(`Restore your unsaved draft from ${draftTime(readDraft(key)!.savedAt)}?`);
    expect(textarea().value).toBe(STORED);
    await again.user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(textarea().value).toBe(`${STORED} And moss.`);
    expect(offer()).toBeNull();
  });

  it('are gone once discarded, and the stored text stays', async () => {
    writeDraft(key, { text: 'An older text' });
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(offer()).toBeNull();
    expect(readDraft(key)).toBeNull();
    expect(textarea().value).toBe(STORED);
  });

  it('are not offered when the same as what is stored', async () => {
    writeDraft(key, { text: STORED });
    show();
    await vi.waitFor(() => expect(readDraft(key)).toBeNull());
    expect(offer()).toBeNull();
  });

  it('are gone once saved, the pending write with them', async () => {
    const { user } = show();
    await user.type(textarea(), ' And moss.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(readDraft(key)).toBeNull();
  });

  it('of the user are gone on sign-out, another user’s stay', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    writeDraft(draftKey('ada', 'update', 'new:efi'), { title: 'Spring' });
    writeDraft(draftKey('bob', 'note', 'n1'), { text: 'Bob’s' });
    const { user } = show();
    await user.type(textarea(), ' And moss.');
    await written();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByText('elsewhere');
    expect(readDraft(key)).toBeNull();
    expect(readDraft(draftKey('ada', 'update', 'new:efi'))).toBeNull();
    expect(readDraft(draftKey('bob', 'note', 'n1'))).not.toBeNull();
  });

  it('are gone when the editor’s load answers 404, and kept on other failures', async () => {
    writeDraft(key, { text: 'An older text' });
    show(new ApiError(500, 'INTERNAL', null, 'Internal Server Error'));
    await screen.findByRole('button', { name: 'Restore' });
    expect(readDraft(key)).not.toBeNull();

    cleanup();
    show(new ApiError(404, 'NOT_FOUND', null, 'Not Found'));
    await vi.waitFor(() => expect(readDraft(key)).toBeNull());
  });
});

describe('draftTime', () => {
  it('says the time of a draft kept today, and the date too of an older one', () => {
    const now = new Date(2026, 4, 20, 16, 0);
    expect(draftTime(new Date(2026, 4, 20, 14, 2).getTime(), now)).toBe(new Date(2026, 4, 20, 14, 2).toLocaleTimeString(undefined, { timeStyle: 'short' }));
    expect(draftTime(new Date(2026, 4, 19, 14, 2).getTime(), now)).toMatch(/2026/);
  });
});
