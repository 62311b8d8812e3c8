import { Alert, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { ImportColumn, ImportSession } from '@observatory/shared';
import type { ReactNode } from 'react';
import { FormError } from '../../../../components/FormError';
import { WideTable } from '../../../../components/WideTable';
import { formatBytes } from '../../../../features/projects/files/api';
import { useChooseSheet } from './api';

const when = (iso: string) => new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** The file's name, what it holds, and for a workbook the sheet read (another may be chosen). */
/** `onSheetChange` is told before another sheet is read (its options will not fit the new columns). */
export function SessionSummary({ session, onSheetChange }: { session: ImportSession; onSheetChange?: () => void }) {
  const choose = useChooseSheet(session.id);
  return (
    <Paper withBorder p="md" component="section" aria-label="The file">
      <Stack gap="xs">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {session.fileName}
        </Text>
        <Text size="sm" c="dimmed">
          {session.format.toUpperCase()}, {formatBytes(session.size)}: {plural(session.records, 'record', 'records')} in{' '}
          {plural(session.columns.length, 'column', 'columns')}
          {session.sheet && session.sheets.length <= 1 ? `, sheet “${session.sheet}”` : ''}
        </Text>
        {session.sheets.length > 1 ? (
          <Select
            label="Sheet"
            description="The workbook’s sheet to import: choosing another reads its columns and records"
            data={session.sheets}
            value={session.sheet}
            allowDeselect={false}
            disabled={choose.isPending}
            onChange={(sheet) => {
              if (!sheet || sheet === session.sheet) return;
              onSheetChange?.();
              choose.mutate(sheet);
            }}
            maw={360}
          />
        ) : null}
        <FormError error={choose.error} />
        {session.committedAt ? (
          <Alert color="blue" variant="light">
            This file was imported{session.kind ? ` as ${session.kind.replace('_', ' ')}` : ''} on {when(session.committedAt)}. A file is imported once:
            committing it again shows what that import did. To import it again, upload it again.
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

export interface ColumnExtra {
  label: string;
  render: (column: ImportColumn) => ReactNode;
}

/** The file's columns, each with its first values; `extra` adds a control per column (what it becomes). */
export function ColumnsTable({ session, extra }: { session: ImportSession; extra?: ColumnExtra | undefined }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="import-columns">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3" id="import-columns">
          Columns
        </Title>
        <Text size="sm" c="dimmed">
          With the first {Math.min(session.sample.length, session.records)} {session.records === 1 ? 'record' : 'records'}’ values
        </Text>
      </Group>
      <WideTable label="Columns" minWidth={extra ? 640 : 480}>
        <Table aria-label="Columns of the file" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Column</Table.Th>
              <Table.Th>Values</Table.Th>
              {extra ? <Table.Th>{extra.label}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {session.columns.map((column) => (
              <Table.Tr key={column.index}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {column.header}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Column {column.index + 1}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                    {session.sample
                      .map((record) => record[column.index] ?? '')
                      .map((cell) => (cell === '' ? '∅' : cell))
                      .join(' · ')}
                  </Text>
                </Table.Td>
                {extra ? <Table.Td miw={220}>{extra.render(column)}</Table.Td> : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </WideTable>
      <Text size="xs" c="dimmed">
        ∅ marks an empty cell.
      </Text>
    </Stack>
  );
}
