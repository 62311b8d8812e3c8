import { Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

/** Previous and Next through `count` items, the one at `index` shown; `go` shows another. */
export function PreviousNext({ index, count, go }: { index: number; count: number; go: (index: number) => void }) {
  return (
    <Group gap="xs">
      <Button variant="default" leftSection={<IconChevronLeft size={16} aria-hidden />} onClick={() => go(index - 1)} disabled={index === 0}>
        Previous
      </Button>
      <Button variant="default" rightSection={<IconChevronRight size={16} aria-hidden />} onClick={() => go(index + 1)} disabled={index === count - 1}>
        Next
      </Button>
    </Group>
  );
}
