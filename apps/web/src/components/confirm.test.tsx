import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { confirmAction, confirmDelete } from './confirm';

afterEach(cleanup);

function show() {
  render(
    <MantineProvider env="test">
      <ModalsProvider>
        <p>The page</p>
      </ModalsProvider>
    </MantineProvider>,
  );
  return userEvent.setup();
}

const dialog = (name: string) => screen.findByRole('dialog', { name });

describe('confirmDelete', () => {
  it('asks with Delete and Keep it, and deletes only once confirmed', async () => {
    const user = show();
    const onConfirm = vi.fn();
    act(() => confirmDelete({ title: 'Delete the unit mg?', message: 'No metric is measured in it.', onConfirm }));
    const asked = await dialog('Delete the unit mg?');
    within(asked).getByText('No metric is measured in it.');
    await user.click(within(asked).getByRole('button', { name: 'Keep it' }));
    expect(onConfirm).not.toHaveBeenCalled();

    act(() => confirmDelete({ title: 'Delete the unit mg?', message: 'No metric is measured in it.', confirmLabel: 'Delete unit', onConfirm }));
    await user.click(within(await dialog('Delete the unit mg?')).getByRole('button', { name: 'Delete unit' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for the name typed before a deletion that takes much with it', async () => {
    const user = show();
    const onConfirm = vi.fn();
    act(() =>
      confirmDelete({ title: 'Delete Soil team?', message: 'Every member loses their role.', typed: { label: 'Team name', value: 'Soil team' }, onConfirm }),
    );
    const asked = await dialog('Delete Soil team?');
    const confirm = within(asked).getByRole('button', { name: 'Delete' });
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(within(asked).getByRole('textbox', { name: 'Team name' }), 'Soil team');
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('stays open and busy while a promised deletion runs, and shows why it failed', async () => {
    const user = show();
    let fail = (_error: unknown) => {};
    const onConfirm = vi.fn(() => new Promise((_resolve, reject) => (fail = reject)));
    act(() => confirmDelete({ title: 'Delete this photo?', message: 'The photo is deleted.', failureTitle: 'The photo was not deleted', onConfirm }));
    const asked = await dialog('Delete this photo?');
    await user.click(within(asked).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(within(asked).getByRole('button', { name: 'Delete' }).getAttribute('data-loading')).toBe('true'));
    expect(within(asked).getByRole('button', { name: 'Keep it' })).toHaveProperty('disabled', true);
    await act(async () => fail(new ApiError(403, 'FORBIDDEN', null, 'You may not delete this photo')));
    const alert = await within(asked).findByRole('alert');
    within(alert).getByText('The photo was not deleted');
    within(alert).getByText('You may not delete this photo');
    expect(screen.getByRole('dialog', { name: 'Delete this photo?' })).toBeTruthy();
  });
});

describe('confirmAction', () => {
  it('asks with the action’s own label and Cancel', async () => {
    const user = show();
    const onConfirm = vi.fn();
    act(() =>
      confirmAction({
        title: 'Restore this version?',
        message: ['The text becomes the current one.', 'Unsaved changes are lost.'],
        confirmLabel: 'Restore',
        onConfirm,
      }),
    );
    const asked = await dialog('Restore this version?');
    within(asked).getByText('Unsaved changes are lost.');
    await user.click(within(asked).getByRole('button', { name: 'Restore' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
