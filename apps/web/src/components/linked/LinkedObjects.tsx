import { Anchor, Group, List, Loader, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { GeoObjectsResponse } from '@observatory/shared';
import { paths } from '../../config/paths';
import { request } from '../../lib/api-client';
import { objectKeys } from '../../lib/query-keys';
import { FormError } from '../FormError';
import { Paging } from '../Paging';
import { PrefetchLink } from '../PrefetchLink';

/** Whose objects: a person's or an institution's (by id). */
export type ObjectsOf = { person: string } | { institution: string };

const PAGE = 25;

export const linkedObjectsQuery = (of: ObjectsOf, page: number) => ({
  queryKey: objectKeys.of(of, page),
  queryFn: ({ signal }: { signal: AbortSignal }) => request<GeoObjectsResponse>('GET', '/data/obj', { query: { ...of, limit: PAGE, p: page }, signal }),
});

/** The objects listing a person or an institution that the reader may see, by title, 25 a page. */
export function LinkedObjects({ of, empty }: { of: ObjectsOf; empty: string }) {
  const [page, setPage] = useState(1);
  const found = useQuery({ ...linkedObjectsQuery(of, page), placeholderData: keepPreviousData });
  if (found.isPending) return <Loader size="sm" aria-label="Loading the objects" />;
  if (found.isError) return <FormError error={found.error} />;
  const { data, pagination } = found.data;
  if (data.objects.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <>
      <List listStyleType="none" spacing={4} aria-label="Objects">
        {data.objects.map((o) => (
          <List.Item key={o.id}>
            <Group gap="xs">
              <Anchor component={PrefetchLink} to={paths.object(o.name)}>
                {o.title}
              </Anchor>
              <Text span c="dimmed" size="sm">
                {o.types.map((t) => t.name).join(', ')}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
      <Paging pagination={pagination} page={page} onChange={setPage} noun={['object', 'objects']} />
    </>
  );
}
