import { Alert, Button, Group, Text } from '@mantine/core';
import type { DraftState } from '../lib/use-draft';

/** When a draft was kept, in the reader's own locale: the time, and the date too when not today. */
export function draftTime(savedAt: number, now = new Date()): string {
  const at = new Date(savedAt);
  return at.toDateString() === now.toDateString()
    ? at.toLocaleTimeString(undefined, { timeStyle: 'short' })
    : at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Offers a document editor's unsaved draft back (lib/use-draft): Restore or Discard. */
export function DraftAlert<T>({ draft }: { draft: DraftState<T> }) {
  if (!draft.offer) return null;
  return (
    <Alert color="blue" role="status" aria-label="Unsaved draft">
      <Group justify="space-between" gap="sm">
        <Text size="sm">Restore your unsaved draft from {draftTime(draft.offer.savedAt)}?</Text>
        <Group gap="xs">
          <Button size="xs" onClick={draft.restore}>
            Restore
          </Button>
          <Button size="xs" variant="default" onClick={draft.discard}>
            Discard
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
