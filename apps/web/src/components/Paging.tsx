import { Pagination as MantinePagination, Stack, Text } from '@mantine/core';
import type { Pagination } from '../lib/api-client';

const CONTROL_LABELS = { first: 'First page', last: 'Last page', next: 'Next page', previous: 'Previous page' } as const;

/** Page links (when there is more than one page) and the total, named by `noun`. */
export function Paging({
  pagination,
  page,
  onChange,
  noun,
}: {
  pagination: Pagination | null | undefined;
  page: number;
  onChange: (page: number) => void;
  noun: [string, string];
}) {
  if (!pagination) return null;
  const pages = Math.max(1, Math.ceil(pagination.count / pagination.limit));
  return (
    <Stack gap="xs">
      {pages > 1 ? (
        <MantinePagination
          total={pages}
          value={page}
          onChange={onChange}
          getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        />
      ) : null}
      <Text size="sm" c="dimmed">
        {pagination.count} {pagination.count === 1 ? noun[0] : noun[1]}
      </Text>
    </Stack>
  );
}
