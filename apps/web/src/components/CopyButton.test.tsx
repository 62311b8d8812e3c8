import { Button, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { COPIED_FOR_MS, CopyButton } from './CopyButton';

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'execCommand');
});

function show() {
  render(
    <MantineProvider env="test">
      <Notifications />
      <CopyButton value="45.98000, 7.65000">{({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}</CopyButton>
    </MantineProvider>,
  );
}

/** Clicks Copy and lets the copy's promise settle. */
async function clickCopy() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    for (let turn = 0; turn < 5; turn++) await Promise.resolve();
  });
}

/** A browser without the Clipboard API (a page served over plain http) whose copy command answers `works`. */
function withoutClipboardApi(works: boolean) {
  vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
  const copied: string[] = [];
  Object.defineProperty(document, 'execCommand', {
    configurable: true,
    value: vi.fn(() => {
      if (works) copied.push((document.activeElement as HTMLTextAreaElement).value);
      return works;
    }),
  });
  return copied;
}

it('copies through the Clipboard API and says Copied for a moment', async () => {
  const writeText = vi.fn(async () => {});
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  show();
  await clickCopy();
  expect(writeText).toHaveBeenCalledWith('45.98000, 7.65000');
  expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
  act(() => vi.advanceTimersByTime(COPIED_FOR_MS - 1));
  expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
  act(() => vi.advanceTimersByTime(1));
  expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
});

it('copies by selecting a hidden text when there is no Clipboard API, and leaves nothing behind', async () => {
  const copied = withoutClipboardApi(true);
  show();
  await clickCopy();
  expect(copied).toEqual(['45.98000, 7.65000']);
  expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
  expect(document.querySelector('textarea')).toBeNull();
});

it('says how to copy by hand when the browser refuses both ways', async () => {
  vi.useRealTimers(); // the notification's own timers
  withoutClipboardApi(false);
  vi.stubGlobal('navigator', {
    ...navigator,
    clipboard: { writeText: vi.fn(async () => Promise.reject(new DOMException('Document is not focused', 'NotAllowedError'))) },
  });
  show();
  await clickCopy();
  expect(await screen.findByText('Could not copy')).toBeTruthy();
  expect(screen.getByText(/Select the text and copy it with Ctrl\+C/)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
});
