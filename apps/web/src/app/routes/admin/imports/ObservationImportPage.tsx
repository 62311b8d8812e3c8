import { Alert, Anchor, Group, Radio, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ImportColumn } from '@observatory/shared';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { useHasPermission } from '../../../../lib/auth';
import { metricQuery, useEditableProjects, useProject, useProjectDataTables } from './api';
import { guessNamedColumns } from './guess';
import { ColumnSelect, ImportOptionsPage, type OptionsFormProps } from './ImportOptionsPage';
import { observationsKind, type ObservationDraft, type ObservationLayout } from './kinds';
import { columnLabel } from './preview-view';

type Props = OptionsFormProps<ObservationDraft>;

const LAYOUTS: { value: ObservationLayout; label: string; description: string }[] = [
  {
    value: 'wide',
    label: 'One column per metric',
    description:
      'Each record holds several metrics, one column each: choose each column’s metric in the list of columns below. An empty cell is no observation.',
  },
  { value: 'long', label: 'Metric and value columns', description: 'Each record is one observation: a column names its metric and another holds its value.' },
];

/** The chosen table and its metrics (name and title), once loaded. */
function useTableMetrics(draft: ObservationDraft) {
  const tables = useProjectDataTables(draft.project);
  const table = tables.data?.find((t) => t.id === draft.table) ?? null;
  const entries = useQueries({ queries: (table?.metrics ?? []).map((name) => metricQuery(name)) });
  const metrics = (table?.metrics ?? []).map((name, i) => ({ name, title: entries[i]?.data?.metric?.title ?? null }));
  return { tables, table, metrics, loaded: !!table && entries.every((e) => !e.isPending) };
}

const metricLabel = (m: { name: string; title: string | null }) => (m.title && m.title !== m.name ? `${m.title} (${m.name})` : m.name);

/** The columns other options hold: not guessed as metrics. */
const taken = (d: ObservationDraft) =>
  new Set([d.objectColumn, d.timeColumn, d.noteColumn, d.metricColumn, d.valueColumn].filter((c): c is number => c !== null));

/** One column's metric, in the one-column-per-metric layout. */
function MetricColumnSelect({ column, session, draft, change }: Props & { column: ImportColumn }) {
  const { metrics } = useTableMetrics(draft);
  const key = String(column.index);
  return (
    <Select
      aria-label={`Metric of ${columnLabel(session.columns, column.index)}`}
      placeholder={draft.table ? 'Not imported' : 'Choose a data table first'}
      data={metrics.map((m) => ({ value: m.name, label: metricLabel(m) }))}
      value={draft.metricColumns[key] ?? null}
      onChange={(metric) => {
        const next = { ...draft.metricColumns };
        if (metric) next[key] = metric;
        else delete next[key];
        change({ metricColumns: next });
      }}
      clearable
      searchable
      nothingFoundMessage="The table has no such metric"
      size="sm"
    />
  );
}

function ObservationOptions({ session, draft, change }: Props) {
  const { columns } = session;
  const manager = useHasPermission('manageProjects');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const editable = useEditableProjects(debounced);
  const project = useProject(draft.project ?? '');
  const { tables, table, metrics, loaded } = useTableMetrics(draft);

  const projectChoices = new Map<string, string>();
  if (draft.project) projectChoices.set(draft.project, project.data?.project.title ?? draft.project);
  for (const p of editable.projects) projectChoices.set(p.slug, p.title);
  const mayEdit = !project.data || project.data.permissions.includes('edit');

  // A table chosen (or given in the address) without metric columns: columns named as its metrics are mapped, once.
  const guessedFor = useRef<string | null>(Object.keys(draft.metricColumns).length ? draft.table : null);
  useEffect(() => {
    if (!table || !loaded || guessedFor.current === table.id) return;
    guessedFor.current = table.id;
    if (Object.keys(draft.metricColumns).length) return;
    const guessed = guessNamedColumns(columns, metrics, taken(draft));
    if (Object.keys(guessed).length) change({ metricColumns: guessed });
  }, [table, loaded, metrics, columns, draft, change]);

  return (
    <Stack gap="md">
      <Select
        label="Project"
        description="A project you may edit"
        placeholder={editable.isPending ? 'Loading your projects…' : 'Choose a project'}
        required
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        nothingFoundMessage="No project of yours matches"
        data={[...projectChoices].map(([value, label]) => ({ value, label }))}
        value={draft.project}
        onChange={(slug) => slug !== draft.project && change({ project: slug, table: null, metricColumns: {} })}
        maw={420}
      />
      {!mayEdit ? (
        <Alert color="yellow" variant="light" role="note">
          You may not edit this project: its editors may import observations into its data tables.
        </Alert>
      ) : null}
      {draft.project ? (
        <Select
          label="Data table"
          description={table ? `Its metrics: ${table.metrics.join(', ') || 'none'}` : 'The table the observations go into'}
          placeholder={tables.isPending ? 'Loading the tables…' : 'Choose a data table'}
          required
          data={(tables.data ?? []).map((t) => ({ value: t.id, label: t.title }))}
          value={draft.table}
          onChange={(id) => id !== draft.table && change({ table: id, metricColumns: {} })}
          allowDeselect={false}
          nothingFoundMessage={tables.error ? 'The tables could not be loaded' : 'This project has no data tables'}
          maw={420}
        />
      ) : null}
      {draft.project && tables.data?.length === 0 ? (
        <Text size="sm">
          This project has no data tables yet.{' '}
          {manager ? (
            <Anchor component={Link} to={paths.adminProject(draft.project, 'catalog')} fz="inherit">
              Add one on its Catalogue tab
            </Anchor>
          ) : (
            'A data manager adds them.'
          )}
        </Text>
      ) : null}
      <Group gap="md" align="flex-start" grow wrap="wrap" maw={560}>
        <ColumnSelect
          columns={columns}
          label="Object column"
          description="The name of the object measured"
          required
          value={draft.objectColumn}
          onChange={(objectColumn) => change({ objectColumn })}
          miw={200}
        />
        <ColumnSelect
          columns={columns}
          label="Time column"
          description="A date, or a time with its offset"
          required
          value={draft.timeColumn}
          onChange={(timeColumn) => change({ timeColumn })}
          miw={200}
        />
      </Group>
      <Radio.Group label="How the file holds the values" value={draft.layout} onChange={(v) => change({ layout: v as ObservationLayout })}>
        <Stack gap="xs" mt={6}>
          {LAYOUTS.map((l) => (
            <Radio key={l.value} value={l.value} label={l.label} description={l.description} />
          ))}
        </Stack>
      </Radio.Group>
      {draft.layout === 'long' ? (
        <Group gap="md" align="flex-start" grow wrap="wrap" maw={560}>
          <ColumnSelect
            columns={columns}
            label="Metric column"
            required
            value={draft.metricColumn}
            onChange={(metricColumn) => change({ metricColumn })}
            miw={200}
          />
          <ColumnSelect
            columns={columns}
            label="Value column"
            required
            value={draft.valueColumn}
            onChange={(valueColumn) => change({ valueColumn })}
            miw={200}
          />
        </Group>
      ) : null}
      <ColumnSelect
        columns={columns}
        label="Note column"
        description="A note kept with each observation"
        placeholder="None"
        clearable
        value={draft.noteColumn}
        onChange={(noteColumn) => change({ noteColumn })}
      />
    </Stack>
  );
}

/** Site Admin → Data → Import → Observations: the options of an observation import (also for a project's editors). */
export default function ObservationImportPage() {
  return (
    <ImportOptionsPage
      def={observationsKind}
      columnExtra={(props) =>
        props.draft.layout === 'wide' ? { label: 'Metric', render: (column) => <MetricColumnSelect {...props} column={column} /> } : undefined
      }
    >
      {(props) => <ObservationOptions {...props} />}
    </ImportOptionsPage>
  );
}
