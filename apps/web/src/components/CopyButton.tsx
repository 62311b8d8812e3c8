import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { copyText } from '../lib/clipboard';

/** How long a button says "Copied" after copying. */
export const COPIED_FOR_MS = 2000;

/**
 * Copies `value` when its child calls `copy`, and tells the child for a moment that it did.
 * When the browser refuses, a notification says how to copy by hand instead of nothing
 * happening. (Mantine's CopyButton says nothing on failure and needs the Clipboard API.)
 */
export function CopyButton({ value, children }: { value: string; children: (state: { copied: boolean; copy: () => void }) => ReactNode }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = () => {
    copyText(value).then(
      () => {
        setCopied(true);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
      },
      () =>
        notifications.show({ color: 'red', title: 'Could not copy', message: 'The browser refused. Select the text and copy it with Ctrl+C (⌘C on a Mac).' }),
    );
  };
  return <>{children({ copied, copy })}</>;
}
