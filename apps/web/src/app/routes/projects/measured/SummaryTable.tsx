import { Table, Text } from '@mantine/core';
import type { ObservationSummary } from '@observatory/shared';
import { MetricName } from '../../../../components/MetricName';
import { WideTable } from '../../../../components/WideTable';
import { dayOf, formatValue } from '../../../../components/charts/chart-data';

/** Count, lowest, highest and mean per object and metric (text metrics have a count and times only). */
export function SummaryTable({ rows }: { rows: ObservationSummary[] }) {
  if (rows.length === 0) return <Text c="dimmed">No observations match.</Text>;
  return (
    <WideTable label="Summary" minWidth={760}>
      <Table aria-label="Summary" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Object</Table.Th>
            <Table.Th>Metric</Table.Th>
            <Table.Th ta="right">Count</Table.Th>
            <Table.Th ta="right">Min</Table.Th>
            <Table.Th ta="right">Max</Table.Th>
            <Table.Th ta="right">Mean</Table.Th>
            <Table.Th>First</Table.Th>
            <Table.Th>Last</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.object.name}|${r.metric}`}>
              <Table.Td>{r.object.title}</Table.Td>
              <Table.Td>
                <MetricName name={r.metric} />
              </Table.Td>
              <Table.Td ta="right">{r.count}</Table.Td>
              <Table.Td ta="right">{formatValue(r.min)}</Table.Td>
              <Table.Td ta="right">{formatValue(r.max)}</Table.Td>
              <Table.Td ta="right">{formatValue(r.mean)}</Table.Td>
              <Table.Td>{dayOf(r.first)}</Table.Td>
              <Table.Td>{dayOf(r.last)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}
