import { Alert, Anchor, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ObservationSort } from '@observatory/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MetricName } from '../../../../components/MetricName';
import { Paging } from '../../../../components/Paging';
import { PrefetchLink } from '../../../../components/PrefetchLink';
import { WideTable } from '../../../../components/WideTable';
import { paths } from '../../../../config/paths';
import { toErrorView } from '../../../../lib/errors';
import { observationsQuery, type TableFilter } from './api';
import { formatValue } from '../../../../components/charts/chart-data';

type Column = 'object' | 'metric' | 'time' | 'value';
const COLUMNS: [Column, string][] = [
  ['object', 'Object'],
  ['metric', 'Metric'],
  ['time', 'Time'],
  ['value', 'Value'],
];

/** A column header that sorts by it: ascending first, then descending. */
function SortHeader({ column, label, sort, onSort }: { column: Column; label: string; sort: ObservationSort; onSort: (sort: ObservationSort) => void }) {
  const direction = sort === column ? 'ascending' : sort === `-${column}` ? 'descending' : 'none';
  const Icon = direction === 'ascending' ? IconArrowUp : direction === 'descending' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th aria-sort={direction}>
      <UnstyledButton onClick={() => onSort(direction === 'ascending' ? `-${column}` : column)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The observations a page at a time, sorted by the column chosen (on the server: the order covers every page). */
export function ObservationTable({ slug, tableId, filter }: { slug: string; tableId: string; filter: TableFilter }) {
  const [sort, setSort] = useState<ObservationSort>('time');
  const [page, setPage] = useState(1);
  const rows = useQuery(observationsQuery(slug, tableId, filter, sort, page));
  if (rows.error)
    return (
      <Alert color="danger" title="The observations could not be loaded">
        {toErrorView(rows.error).message}
      </Alert>
    );
  const observations = rows.data?.data.observations ?? [];
  return (
    <>
      <WideTable label="Observations" minWidth={820}>
        <Table aria-label="Observations" aria-busy={rows.isFetching} striped>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map(([column, label]) => (
                <SortHeader
                  key={column}
                  column={column}
                  label={label}
                  sort={sort}
                  onSort={(next) => {
                    setSort(next);
                    setPage(1);
                  }}
                />
              ))}
              <Table.Th>Note</Table.Th>
              <Table.Th>Quality</Table.Th>
              <Table.Th>Level</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {observations.map((o) => (
              <Table.Tr key={`${o.object.name}|${o.metric}|${o.time}`}>
                <Table.Td>
                  <Anchor component={PrefetchLink} to={paths.object(o.object.name)}>
                    {o.object.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <MetricName name={o.metric} />
                </Table.Td>
                <Table.Td>{o.time.replace('T00:00:00.000Z', '').replace('.000Z', 'Z')}</Table.Td>
                <Table.Td>{formatValue(o.value)}</Table.Td>
                <Table.Td>{o.note}</Table.Td>
                <Table.Td>{o.flagRule ? `${o.flag} (${o.flagRule})` : o.flag}</Table.Td>
                <Table.Td>{o.level}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </WideTable>
      {rows.data && observations.length === 0 ? <Text c="dimmed">No observations match.</Text> : null}
      <Paging pagination={rows.data?.pagination} page={page} onChange={setPage} noun={['observation', 'observations']} />
    </>
  );
}
