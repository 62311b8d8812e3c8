import { Button, Group } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { FormError } from '../FormError';
import { PageSection } from '../PageSection';

/**
 * A Site Admin page's Delete section: its heading, what stands in the way or goes with the
 * deletion, the server's refusal when it gave one, and the button, which asks first
 * (confirmDelete) and is busy while the deletion runs.
 */
export function DeleteSection({
  label,
  note,
  error,
  busy,
  disabled = false,
  onDelete,
}: {
  /** The button: "Delete team". */
  label: string;
  note?: ReactNode;
  error: unknown;
  busy: boolean;
  disabled?: boolean;
  onDelete: () => void;
}) {
  const heading = useId();
  return (
    <PageSection id={heading} title="Delete">
      {note}
      <FormError error={error} />
      <Group>
        <Button variant="outline" color="danger" onClick={onDelete} loading={busy} disabled={disabled}>
          {label}
        </Button>
      </Group>
    </PageSection>
  );
}
