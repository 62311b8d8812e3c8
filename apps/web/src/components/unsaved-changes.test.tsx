import { TextInput } from '@mantine/core';
import { act, cleanup, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render-screen';
import { UnsavedChangesGuard, useUnsavedChanges } from './unsaved-changes';

afterEach(cleanup);
afterEach(() => vi.restoreAllMocks());

/** A form that saves and then goes to its result, as the app's editors do. */
function NoteForm() {
  const [text, setText] = useState('');
  const unsaved = useUnsavedChanges(text !== '', 'this note');
  const navigate = useNavigate();
  return (
    <>
      <TextInput label="Note" value={text} onChange={(e) => setText(e.currentTarget.value)} />
      <Link to="/other">Somewhere else</Link>
      <Link to="/note?tab=preview">Preview</Link>
      <button
        type="button"
        onClick={() => {
          unsaved.saved();
          void navigate('/saved');
        }}
      >
        Save
      </button>
    </>
  );
}

/** At `path`, then at `then` when given (a page to go Back to). */
function show(path = '/note', then?: string) {
  const rendered = renderScreen({
    path,
    user: null,
    routes: [
      {
        element: (
          <>
            <UnsavedChangesGuard />
            <Outlet />
          </>
        ),
        children: [
          { path: '/note', element: <NoteForm /> },
          { path: '/saved', element: <p>saved</p> },
          { path: '/start', element: <p>start</p> },
        ],
      },
    ],
  });
  if (then) act(() => void rendered.router.navigate(then));
  return rendered;
}

const leaveDialog = () => screen.findByRole('dialog', { name: 'Leave without saving?' });

describe('useUnsavedChanges', () => {
  it('lets a clean form be left without asking', async () => {
    const { user } = show();
    await user.click(screen.getByRole('link', { name: 'Somewhere else' }));
    await screen.findByText('elsewhere');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before leaving changes: Stay keeps the form and its text, Leave goes on', async () => {
    const { user, router } = show();
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Lichen on the north face');
    await user.click(screen.getByRole('link', { name: 'Somewhere else' }));
    const asked = await leaveDialog();
    within(asked).getByText('Your changes to this note will be lost.');
    await user.click(within(asked).getByRole('button', { name: 'Stay' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/note');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveProperty('value', 'Lichen on the north face');

    await user.click(screen.getByRole('link', { name: 'Somewhere else' }));
    await user.click(within(await leaveDialog()).getByRole('button', { name: 'Leave' }));
    await screen.findByText('elsewhere');
    expect(router.state.location.pathname).toBe('/other');
  });

  it('asks on Back too, and stays on the form when told', async () => {
    const { user, router } = show('/start', '/note');
    await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'Moss');
    await act(() => router.navigate(-1));
    await user.click(within(await leaveDialog()).getByRole('button', { name: 'Stay' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/note');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveProperty('value', 'Moss');
  });

  it('lets the save’s own navigation and the page’s own search changes through', async () => {
    const { user, router } = show();
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Moss');
    await user.click(screen.getByRole('link', { name: 'Preview' }));
    expect(router.state.location.search).toBe('?tab=preview');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('saved');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has the browser ask before unloading only while there are changes', async () => {
    const added = vi.spyOn(window, 'addEventListener');
    const { user } = show();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const registered = () => added.mock.calls.filter(([type]) => type === 'beforeunload').length;
    expect(registered()).toBe(0);
    expect(unload()).toBe(false);

    const input = screen.getByRole('textbox', { name: 'Note' });
    await user.type(input, 'Moss');
    expect(registered()).toBe(1);
    expect(unload()).toBe(true);

    await user.clear(input);
    expect(unload()).toBe(false);
  });
});
