import { Alert, Anchor, Pagination, Stack, Table, Text } from '@mantine/core';
import { SANDBOX_LIMITS, type SandboxMetricStats, type SandboxQueryResponse } from '@observatory/shared';
import { PrefetchLink } from '../../components/PrefetchLink';
import { WideTable } from '../../components/WideTable';
import { paths } from '../../config/paths';

const CONTROL_LABELS = { first: 'First page', last: 'Last page', next: 'Next page', previous: 'Previous page' } as const;

/** A number as a cell shows it: at most four decimals. */
const shown = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'number'
      ? String(Number(value.toFixed(4)))
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

/** How many the total is: "10,000+" past the count's bound. */
export const totalText = (answer: Pick<SandboxQueryResponse, 'total' | 'more'>) => `${answer.total.toLocaleString('en')}${answer.more ? '+' : ''}`;

/** A metric's summary in a cell: the latest value, then how many, the mean and the range. */
function StatsCell({ stats, unit, leftOut }: { stats: SandboxMetricStats | undefined; unit: string | null; leftOut: boolean }) {
  if (!stats) {
    return (
      <Text size="sm" c="dimmed">
        {leftOut ? 'not summed up' : '–'}
      </Text>
    );
  }
  const range = stats.min !== null && stats.max !== null ? `, ${shown(stats.min)}–${shown(stats.max)}` : '';
  return (
    <Stack gap={0}>
      <Text size="sm">
        {shown(stats.last.value)}
        {unit && typeof stats.last.value === 'number' ? ` ${unit}` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        {stats.count} obs.{stats.mean !== null ? `, mean ${shown(stats.mean)}` : ''}
        {range}
      </Text>
    </Stack>
  );
}

/** A page of the objects found: name (a link), types, the metadata fields shown, each metric's summary; pages below. */
export function ResultsTable({ answer, onPage }: { answer: SandboxQueryResponse; onPage: (page: number) => void }) {
  const minWidth = 320 + 140 * (answer.fields.length + answer.metrics.length);
  return (
    <Stack gap="sm">
      {answer.summariesLeftOut ? (
        <Alert color="yellow" title="Metrics not summed up on this page">
          These objects hold more than {SANDBOX_LIMITS.summedObservations.toLocaleString('en')} observations of the metrics chosen, too many to sum up at once.
          Choose a shorter span of time (From, Before), fewer metrics or fewer rows a page, or export the query: an export sums up every object.
        </Alert>
      ) : null}
      <WideTable label="Objects found" minWidth={minWidth}>
        <Table striped highlightOnHover aria-label="Objects found" data-testid="sandbox-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Object</Table.Th>
              <Table.Th scope="col">Types</Table.Th>
              {answer.fields.map((f) => (
                <Table.Th key={f} scope="col">
                  {f}
                </Table.Th>
              ))}
              {answer.metrics.map((m) => (
                <Table.Th key={m.name} scope="col">
                  {m.title}
                  {m.unit ? ` (${m.unit})` : ''}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answer.objects.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>
                  <Anchor component={PrefetchLink} to={paths.object(o.name)} size="sm">
                    {o.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {o.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{o.types.join(', ')}</Text>
                </Table.Td>
                {answer.fields.map((f) => (
                  <Table.Td key={f}>
                    <Text size="sm">{shown(o.metadata[f])}</Text>
                  </Table.Td>
                ))}
                {answer.metrics.map((m) => (
                  <Table.Td key={m.name}>
                    <StatsCell stats={o.metrics[m.name]} unit={m.unit} leftOut={answer.summariesLeftOut} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </WideTable>
      {answer.pages > 1 ? (
        <Pagination
          total={answer.pages}
          value={answer.page}
          onChange={onPage}
          siblings={1}
          getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        />
      ) : null}
    </Stack>
  );
}
