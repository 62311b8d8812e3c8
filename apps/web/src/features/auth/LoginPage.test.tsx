import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LoginPage from './LoginPage';
import { renderScreen } from '../../test/render-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server refuses every sign-in, as for a wrong password. */
function showRefusing() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ error: 'Wrong username or password', code: 'UNAUTHORIZED' }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  return renderScreen({ path: '/login', routes: [{ path: '/login', element: <LoginPage /> }], user: null });
}

async function signInWrongly(user: ReturnType<typeof showRefusing>['user']) {
  await user.type(screen.getByLabelText(/Username or e-mail/), 'mallory');
  await user.type(screen.getByLabelText(/^Password/), 'not-the-password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect((await screen.findByRole('alert')).textContent).toContain('Wrong username or password');
}

describe('the sign-in form', () => {
  it('drops a refusal once the user edits what was refused', async () => {
    const { user } = showRefusing();
    await signInWrongly(user);
    await user.type(screen.getByLabelText(/^Password/), 'x');
    expect(screen.queryByText('Wrong username or password')).toBeNull();
  });

  it('shows only the new field errors when it is sent again with a field left empty', async () => {
    const { user } = showRefusing();
    await signInWrongly(user);
    // Emptied by selecting all and deleting at once, as a user does: the form stops the try itself.
    await user.tripleClick(screen.getByLabelText(/^Password/));
    await user.keyboard('{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your password')).toBeTruthy();
    expect(screen.queryByText('Wrong username or password')).toBeNull();
  });
});
