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

/** Two clicks before anything is drawn again: as a browser's double click lands while the dialog fades out. */
const doubleClick = (button: HTMLElement) =>
  act(() => {
    button.click();
    button.click();
  });

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

  it('goes ahead once on a double click (the dialog still fading out)', async () => {
    show();
    const onConfirm = vi.fn();
    act(() => confirmAction({ title: 'Import objects?', message: '81 objects will be created.', confirmLabel: 'Import', onConfirm }));
    doubleClick(within(await dialog('Import objects?')).getByRole('button', { name: 'Import' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe('confirmDelete on a double click', () => {
  it('deletes once, and once more only after a failure', async () => {
    const user = show();
    const once = vi.fn();
    act(() => confirmDelete({ title: 'Delete the unit g?', message: 'No metric is measured in it.', onConfirm: once }));
    doubleClick(within(await dialog('Delete the unit g?')).getByRole('button', { name: 'Delete' }));
    expect(once).toHaveBeenCalledTimes(1);

    let fail = (_error: unknown) => {};
    const promised = vi.fn(() => new Promise((_resolve, reject) => (fail = reject)));
    act(() => confirmDelete({ title: 'Delete this photo?', message: 'The photo is deleted.', onConfirm: promised }));
    const asked = await dialog('Delete this photo?');
    doubleClick(within(asked).getByRole('button', { name: 'Delete' }));
    expect(promised).toHaveBeenCalledTimes(1);
    await act(async () => fail(new ApiError(503, 'UNAVAILABLE', null, 'Busy')));
    await within(asked).findByRole('alert');
    await user.click(within(asked).getByRole('button', { name: 'Delete' }));
    expect(promised).toHaveBeenCalledTimes(2);
  });

  it('deletes once when the name is typed and Delete clicked twice', async () => {
    const user = show();
    const onConfirm = vi.fn();
    act(() =>
      confirmDelete({ title: 'Delete Soil team?', message: 'Every member loses their role.', typed: { label: 'Team name', value: 'Soil team' }, onConfirm }),
    );
    const asked = await dialog('Delete Soil team?');
    await user.type(within(asked).getByRole('textbox', { name: 'Team name' }), 'Soil team');
    doubleClick(within(asked).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
