import { Badge } from '@mantine/core';
import type { Project } from '@observatory/shared';

const STATUS_COLOURS = { planned: 'gray', active: 'green', completed: 'blue' } as const;

/** A project's status as a coloured dot and its word (the word carries it; the dot only helps). */
export function StatusBadge({ status }: { status: Project['status'] }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="dot" style={{ flexShrink: 0 }}>
      {status}
    </Badge>
  );
}
