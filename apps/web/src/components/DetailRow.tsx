import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One line of a detail page's facts (inside a <dl>): its name in a column of `nameWidth`, and its value, wrapped anywhere. */
export function DetailRow({ name, nameWidth = '7rem', children }: { name: string; nameWidth?: string; children: ReactNode }) {
  return (
    <Group component="div" gap="xs" wrap="nowrap" align="baseline">
      <Text component="dt" fw={600} size="sm" style={{ flex: `0 0 ${nameWidth}` }}>
        {name}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}
