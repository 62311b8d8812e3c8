import { Accordion, Alert, Badge, Group, List, Paper, Progress, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ImportColumn, ImportProgress, PreviewRecord } from '@observatory/shared';
import { useState } from 'react';
import { WideTable } from '../../../../components/WideTable';
import { ApiError } from '../../../../lib/api-client';
import { columnLabel, diffRows, extraStats, MAIN_STATS, statLabel, type Describe, type DiffRow } from './preview-view';

/** Created, updated, unchanged and errors, then the other counters that are not zero. */
export function StatsView({ stats, label }: { stats: Record<string, number>; label: string }) {
  const extra = extraStats(stats);
  return (
    <Stack gap="sm" component="section" aria-label={label}>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {MAIN_STATS.map((key) => {
          const value = stats[key] ?? 0;
          const bad = key === 'errors' && value > 0;
          return (
            <Paper key={key} withBorder p="sm" bg={bad ? 'var(--mantine-color-danger-light)' : undefined}>
              <Text size="xl" fw={700} c={bad ? 'danger.9' : undefined}>
                {value.toLocaleString('en')}
              </Text>
              <Text size="sm" c={bad ? 'danger.9' : 'dimmed'}>
                {statLabel(key)}
              </Text>
            </Paper>
          );
        })}
      </SimpleGrid>
      {extra.length ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {extra.map((s) => (
            <Text key={s.key} component="li" size="sm">
              {s.label}: <strong>{s.value.toLocaleString('en')}</strong>
            </Text>
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

// Dark text on the light background: WCAG AA contrast whatever the colour.
const OPERATION_BADGES = {
  create: { label: 'Create', color: 'green' },
  update: { label: 'Update', color: 'blue' },
  none: { label: 'Unchanged', color: 'gray' },
} as const;
const ERROR_BADGE = { label: 'Error', color: 'danger' };

export function OperationBadge({ record }: { record: PreviewRecord }) {
  const badge = record.status === 'error' ? ERROR_BADGE : OPERATION_BADGES[record.operation ?? 'none'];
  return (
    <Badge color={badge.color} c={`${badge.color}.9`} variant="light" miw="max-content">
      {badge.label}
    </Badge>
  );
}

const CHANGE_WORDS: Record<NonNullable<DiffRow['change']>, string> = { added: 'added', changed: 'changed', removed: 'removed' };

/** Before and after, a row per thing compared; the rows that change are marked (in words too). */
function DiffTable({ record, describe }: { record: PreviewRecord; describe: Describe }) {
  const rows = diffRows(record.before, record.after, describe);
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing to compare.
      </Text>
    );
  const creates = record.before === null;
  return (
    <WideTable label={`Row ${record.row}, before and after`} minWidth={420}>
      <Table aria-label={`Row ${record.row}, before and after`} verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            {creates ? null : <Table.Th>Before</Table.Th>}
            <Table.Th>{creates ? 'New' : 'After'}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const marked = !creates && row.change !== null;
            return (
              <Table.Tr key={row.label} bg={marked ? 'var(--mantine-color-yellow-light)' : undefined}>
                <Table.Td fw={marked ? 600 : undefined}>
                  {row.label}
                  {marked ? (
                    <Text span size="xs" c="dimmed" ml={6}>
                      ({CHANGE_WORDS[row.change!]})
                    </Text>
                  ) : null}
                </Table.Td>
                {creates ? null : <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.before ?? '—'}</Table.Td>}
                <Table.Td style={{ overflowWrap: 'anywhere' }} fw={marked ? 600 : undefined}>
                  {row.after ?? '—'}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}

/** A record's errors, each with its column (by header) and row. */
function RecordErrors({ record, columns }: { record: PreviewRecord; columns: readonly ImportColumn[] }) {
  return (
    <List size="sm" spacing={4} c="danger.9">
      {record.errors.map((e, i) => (
        <List.Item key={i}>
          {e.message}
          <Text span size="xs" c="dimmed" ml={6}>
            Row {record.row}
            {e.column !== null ? `, column ${columnLabel(columns, e.column)}` : ''}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/**
 * The records, each a row of the file: its name and what happens to it. Records in error
 * are open, showing their errors; the others open to show before and after.
 */
export function RecordList({ records, columns, describe }: { records: PreviewRecord[]; columns: readonly ImportColumn[]; describe: Describe }) {
  const [open, setOpen] = useState(() => records.filter((r) => r.status === 'error').map((r) => String(r.row)));
  if (records.length === 0) return <Text c="dimmed">No record to show.</Text>;
  return (
    <Accordion multiple value={open} onChange={setOpen} variant="separated" chevronPosition="left">
      {records.map((record) => (
        <Accordion.Item key={record.row} value={String(record.row)}>
          <Accordion.Control>
            <Group gap="sm" wrap="nowrap" justify="space-between">
              <Group gap="xs" wrap="nowrap" miw={0}>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  Row {record.row}
                </Text>
                <Text size="sm" fw={500} truncate>
                  {record.name ?? <VisuallyHidden>no name</VisuallyHidden>}
                  {record.name ? null : <span aria-hidden>—</span>}
                </Text>
              </Group>
              <OperationBadge record={record} />
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm">
              {record.errors.length ? <RecordErrors record={record} columns={columns} /> : null}
              {record.before || record.after ? <DiffTable record={record} describe={describe} /> : null}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** A commit's phases in words (the server reports writing; any other it may add is shown as it names it). */
const PHASES: Record<string, string> = { reading: 'Reading the file', planning: 'Planning the changes', writing: 'Writing the records' };
const phaseWords = (phase: string) => PHASES[phase] ?? phase;

/** How far a commit has got: its phase, a bar, and done of total (read out as it changes). */
export function CommitProgress({ progress }: { progress: ImportProgress | null }) {
  const fraction = progress && progress.total > 0 ? Math.min(progress.done / progress.total, 1) : null;
  const words = progress
    ? `${phaseWords(progress.phase)}: ${progress.done.toLocaleString('en')} of ${progress.total.toLocaleString('en')}`
    : 'Starting the import…';
  return (
    <Stack gap={4}>
      <Progress
        value={fraction === null ? 100 : fraction * 100}
        animated
        striped={fraction === null}
        aria-label={progress ? phaseWords(progress.phase) : 'Starting the import'}
      />
      <Text size="sm" role="status">
        {words}
      </Text>
    </Stack>
  );
}

/** A refused preview or commit: the server's words, each problem it names, and when to try again. */
export function ImportError({ error, title }: { error: unknown; title: string }) {
  if (!error) return null;
  const api = error instanceof ApiError ? error : null;
  const message = api ? (api.errorText ?? api.message) : error instanceof Error ? error.message : String(error);
  const details = (api?.details ?? []).filter((d) => !message.includes(d.message));
  return (
    <Alert color="danger" role="alert" title={title}>
      <Stack gap={4}>
        <Text size="sm">{message}</Text>
        {details.length ? (
          <List size="sm" spacing={2}>
            {details.map((d, i) => (
              <List.Item key={i}>{d.message}</List.Item>
            ))}
          </List>
        ) : null}
        {api?.retryAfter ? <Text size="sm">The server is busy: try again in {api.retryAfter} seconds.</Text> : null}
      </Stack>
    </Alert>
  );
}
