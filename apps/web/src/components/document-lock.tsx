import { Button, Text } from '@mantine/core';
import { useCallback, useState, type ReactNode } from 'react';

/**
 * A form holding a rich-text document: `lock` is the editor's `onUnreadable`, and once
 * the stored document could not be opened, `locked` turns the form's Save off.
 */
export function useDocumentLock() {
  const [locked, setLocked] = useState(false);
  const lock = useCallback(() => setLocked(true), []);
  return { locked, lock };
}

/** A form's submit button, or, when its document is locked, why there is none. */
export function SaveButton({ locked, loading, children }: { locked: boolean; loading: boolean; children: ReactNode }) {
  if (locked)
    return (
      <Text c="danger" size="sm" role="status">
        This page cannot save: its text could not be opened in the editor, and saving would replace it. Nothing has been changed.
      </Text>
    );
  return (
    <Button type="submit" loading={loading}>
      {children}
    </Button>
  );
}
