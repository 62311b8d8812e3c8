import { Badge, Button, Group, Modal, MultiSelect, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { DataTableInputSchema, lengthLimit, type DataTable } from '@observatory/shared';
import { useState } from 'react';
import { ConflictDialog, type ComparedField } from '../../../../components/ConflictDialog';
import { fieldErrors, FormError, showFieldErrors, unplacedError } from '../../../../components/FormError';
import { LimitedTextarea, LimitedTextInput } from '../../../../components/LimitedInput';
import { MetricName } from '../../../../components/MetricName';
import { PageState } from '../../../../components/PageState';
import { useUnsavedChanges } from '../../../../components/unsaved-changes';
import { AdminTable } from '../../../../components/admin/AdminTable';
import {
  useDataTables,
  useDeleteDataTable,
  useMetrics,
  useObjectTypes,
  useProjectObjectTypes,
  useSaveDataTable,
  useSaveProjectObjectTypes,
} from './catalog-api';
import { confirmDelete } from '../../../../components/confirm';
import { lengthRule } from '../../../../lib/form-rules';
import { conflictOf, useVersionedEdit } from '../../../../lib/versions';

interface Project {
  id: string;
  slug: string;
}

/** The chosen types, in order; none chosen means any type. */
function ObjectTypesForm({ project, saved }: { project: Project; saved: { slug: string; name: string }[] }) {
  const types = useObjectTypes();
  const save = useSaveProjectObjectTypes(project.id, project.slug);
  const form = useForm({ initialValues: { types: saved.map((t) => t.slug) } });
  useUnsavedChanges(form.isDirty(), 'the object types');
  const options = new Map(saved.map((t) => [t.slug, t.name]));
  for (const t of types.data ?? []) options.set(t.slug, t.name);
  return (
    <form
      noValidate
      aria-label="Object types it catalogues"
      onSubmit={form.onSubmit((v) =>
        save.mutate(v.types, {
          onSuccess: () => notifications.show({ color: 'green', message: 'Object types saved' }),
          onError: (e) => showFieldErrors(form, fieldErrors(e)),
        }),
      )}
    >
      <Stack gap="sm" maw={480}>
        <FormError error={unplacedError(save.error, ['types'])} />
        <MultiSelect
          label="Object types"
          description="In the order chosen. None chosen: it catalogues objects of any type."
          placeholder={types.isPending ? 'Loading the types…' : form.values.types.length ? undefined : 'Any type'}
          searchable
          clearable
          nothingFoundMessage="No type matches"
          data={[...options].map(([value, label]) => ({ value, label }))}
          {...form.getInputProps('types')}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ObjectTypesSection({ project }: { project: Project }) {
  const current = useProjectObjectTypes(project.id);
  return (
    <Stack gap="xs" component="section" aria-labelledby="catalog-types">
      <Title order={2} size="h3" id="catalog-types">
        Object types it catalogues
      </Title>
      {current.data ? (
        <ObjectTypesForm key={current.data.map((t) => t.slug).join()} project={project} saved={current.data} />
      ) : (
        <PageState isPending={current.isPending} error={current.error} />
      )}
    </Stack>
  );
}

const TABLE_FIELDS = ['title', 'description', 'metrics'];
const TITLE_MAX = lengthLimit(DataTableInputSchema.shape.title);
const DESCRIPTION_MAX = lengthLimit(DataTableInputSchema.shape.description);

interface TableValues {
  title: string;
  description: string;
  metrics: string[];
}

const tableValues = (table: DataTable | null): TableValues => ({
  title: table?.title ?? '',
  description: table?.description ?? '',
  metrics: table?.metrics ?? [],
});

/** What the conflict dialog compares of a table: the form's fields. */
const TABLE_COMPARED: ComparedField<TableValues>[] = [
  { key: 'title', label: 'Title' },
  { key: 'description', label: 'Description' },
  { key: 'metrics', label: 'Metrics', show: (v) => (v as string[]).join(', ') || '(none)' },
];

/**
 * Adds a table (none given) or changes one, `table` as the list answers it now; a refusal's
 * problems beside their fields, a save refused as changed meanwhile in the conflict dialog.
 */
function DataTableForm({ project, table, onDone }: { project: Project; table: DataTable | null; onDone: () => void }) {
  const save = useSaveDataTable(project.id, project.slug);
  const metrics = useMetrics();
  const form = useForm<TableValues>({
    initialValues: tableValues(table),
    validate: { title: lengthRule(TITLE_MAX, (v) => (v.trim() ? null : 'Give a title')), description: lengthRule(DESCRIPTION_MAX) },
  });
  const stored = table ? { version: table.version, values: tableValues(table) } : undefined;
  const edit = useVersionedEdit(form, stored);
  const submit = (v: TableValues, conditional = edit.conditional) =>
    save.mutate(
      { table: table?.id, input: { title: v.title.trim(), description: v.description.trim(), metrics: v.metrics }, ...(table ? { conditional } : {}) },
      {
        onSuccess: (saved) => (notifications.show({ color: 'green', message: `${saved.title} ${table ? 'saved' : 'added'}` }), onDone()),
        onError: (e) => {
          if (!edit.refused(e, v)) showFieldErrors(form, fieldErrors(e));
        },
      },
    );
  useUnsavedChanges(form.isDirty(), table ? table.title : 'the new data table');
  const options = new Map((table?.metrics ?? []).map((name) => [name, name]));
  for (const m of metrics.data ?? []) options.set(m.name, m.title && m.title !== m.name ? `${m.title} (${m.name})` : m.name);
  return (
    <form
      noValidate
      aria-label={table ? `Edit ${table.title}` : 'Add a data table'}
      onSubmit={form.onSubmit(
        (v) => submit(v),
        (errors) => showFieldErrors(form, errors as Record<string, string>),
      )}
    >
      <Stack gap="sm">
        <FormError error={conflictOf(save.error) ? null : unplacedError(save.error, TABLE_FIELDS)} />
        <LimitedTextInput label="Title" required data-autofocus limit={TITLE_MAX} {...form.getInputProps('title')} />
        <LimitedTextarea label="Description" autosize minRows={2} limit={DESCRIPTION_MAX} {...form.getInputProps('description')} />
        <MultiSelect
          label="Metrics"
          description="What its observations measure, in the order chosen"
          placeholder={metrics.isPending ? 'Loading the metrics…' : 'Choose metrics'}
          searchable
          nothingFoundMessage="No metric matches"
          data={[...options].map(([value, label]) => ({ value, label }))}
          {...form.getInputProps('metrics')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {table ? 'Save' : 'Add data table'}
          </Button>
        </Group>
      </Stack>
      <ConflictDialog
        edit={edit}
        server={stored}
        fields={TABLE_COMPARED}
        what={`the data table “${table?.title ?? ''}”`}
        overwriting={save.isPending}
        onOverwrite={({ values, conditional }) => submit(values, conditional)}
      />
    </form>
  );
}

function DataTablesSection({ project }: { project: Project }) {
  const tables = useDataTables(project.id);
  const remove = useDeleteDataTable(project.id, project.slug);
  const [opened, dialog] = useDisclosure(false);
  const [editing, setEditing] = useState<DataTable | null>(null);
  // The table being edited as the list answers it now (asked again after a save refused as changed meanwhile).
  const current = editing ? (tables.data?.find((t) => t.id === editing.id) ?? editing) : null;
  const open = (table: DataTable | null) => (setEditing(table), dialog.open());
  const askToDelete = (table: DataTable) =>
    confirmDelete({
      title: `Delete ${table.title}?`,
      message: 'The data table and all its observations are deleted. This cannot be undone.',
      confirmLabel: 'Delete data table',
      onConfirm: () =>
        remove.mutate(
          { table: table.id, version: table.version },
          { onSuccess: () => notifications.show({ color: 'green', message: `${table.title} deleted` }) },
        ),
    });
  return (
    <Stack gap="xs" component="section" aria-labelledby="catalog-tables">
      <Group justify="space-between">
        <Title order={2} size="h3" id="catalog-tables">
          Data tables
        </Title>
        <Button variant="default" onClick={() => open(null)}>
          Add a data table
        </Button>
      </Group>
      <FormError error={remove.error} />
      {!tables.data ? <PageState isPending={tables.isPending} error={tables.error} /> : null}
      {tables.data?.length === 0 ? <Text c="dimmed">No data tables yet.</Text> : null}
      {tables.data?.length ? (
        <AdminTable
          label="Data tables"
          minWidth={560}
          rows={tables.data}
          rowKey={(t) => t.id}
          columns={[
            {
              header: 'Title',
              cell: (t) => (
                <>
                  <Text fw={500}>{t.title}</Text>
                  {t.description ? (
                    <Text size="sm" c="dimmed">
                      {t.description}
                    </Text>
                  ) : null}
                </>
              ),
            },
            {
              header: 'Metrics',
              cell: (t) => (
                <Group gap={6}>
                  {t.metrics.length === 0 ? '—' : null}
                  {t.metrics.map((name) => (
                    <Badge key={name} variant="light" size="sm" tt="none">
                      <MetricName name={name} />
                    </Badge>
                  ))}
                </Group>
              ),
            },
          ]}
          actions={(t) => (
            <>
              <Button size="xs" variant="subtle" aria-label={`Edit ${t.title}`} onClick={() => open(t)}>
                Edit
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="danger"
                aria-label={`Delete ${t.title}`}
                onClick={() => askToDelete(t)}
                loading={remove.isPending && remove.variables.table === t.id}
              >
                Delete
              </Button>
            </>
          )}
        />
      ) : null}
      <Modal opened={opened} onClose={dialog.close} title={editing ? `Edit ${editing.title}` : 'Add a data table'} size="lg">
        <DataTableForm key={editing?.id ?? 'new'} project={project} table={current} onDone={dialog.close} />
      </Modal>
    </Stack>
  );
}

/** What a project catalogues: the object types of its objects, and its data tables of measured metrics. */
export function CatalogTab({ project }: { project: Project }) {
  return (
    <Stack gap="xl">
      <ObjectTypesSection project={project} />
      <DataTablesSection project={project} />
    </Stack>
  );
}
