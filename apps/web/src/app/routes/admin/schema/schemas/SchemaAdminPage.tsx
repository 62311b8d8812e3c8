import { Anchor, Badge, Button, Group, List, Paper, ScrollArea, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { SchemaImpact } from '@observatory/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ConflictDialog, type ComparedField } from '../../../../../components/ConflictDialog';
import { fieldErrors, FormError, showFieldErrors, unplacedError } from '../../../../../components/FormError';
import { useUnsavedChanges } from '../../../../../components/unsaved-changes';
import { PageState } from '../../../../../components/PageState';
import { PrefetchLink } from '../../../../../components/PrefetchLink';
import { paths } from '../../../../../config/paths';
import type { Conditional } from '../../../../../lib/api-client';
import { useTitle } from '../../../../../lib/use-title';
import { conflictOf, useVersionedEdit } from '../../../../../lib/versions';
import { JsonEditor } from '../JsonEditor';
import { jsonText, parseJsonObject } from '../json-text';
import { useCheckSchema, useDeleteSchema, useSaveSchema, useSchema, type SchemaDetail } from '../types-api';
import { impactSummary, unnamedNotes } from './impact';
import { SchemaPreview } from './SchemaPreview';
import { confirmDelete } from '../../../../../components/confirm';

interface SchemaValues {
  title: string;
  schema: string;
}

/** What the conflict dialog compares: the title, and the JSON texts side by side. */
const SCHEMA_FIELDS: ComparedField<SchemaValues>[] = [
  { key: 'title', label: 'Title' },
  { key: 'schema', label: 'JSON Schema', document: true, show: String },
];

const valuesOf = (detail: SchemaDetail): SchemaValues => ({ title: detail.schema.title, schema: jsonText(detail.schema.schema) });

/** A check's answer, and the draft it was made for. */
interface Checked {
  values: SchemaValues;
  schema: Record<string, unknown>;
  impact: SchemaImpact;
  /** The version the save is based on (an overwrite's too). */
  conditional: Conditional;
  /** The version saved after it, if saved. */
  saved: number | null;
}

function ImpactReport({
  checked,
  current,
  saving,
  onSave,
  onDismiss,
}: {
  checked: Checked;
  current: SchemaValues;
  saving: boolean;
  onSave: () => void;
  onDismiss: () => void;
}) {
  const { impact, saved } = checked;
  const changed = checked.values.schema !== current.schema || checked.values.title !== current.title;
  const notes = unnamedNotes(impact);
  // On a phone the report appears below the fold: brought into view once, when it comes.
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    // A block: newer browsers answer scrollIntoView with a promise, which an effect must not return.
    void ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);
  return (
    <Paper ref={ref} withBorder p="md" component="section" aria-labelledby="impact-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="impact-title">
          Impact check
        </Title>
        <Text fw={500} role="status">
          {impactSummary(impact)}
        </Text>
        {impact.objects.length ? (
          <ScrollArea.Autosize mah={320} type="auto">
            <List size="sm" spacing={4} aria-label="Objects that would become invalid">
              {impact.objects.map((o) => (
                <List.Item key={o.name}>
                  <Anchor component={PrefetchLink} to={paths.object(o.name)} inherit>
                    {o.title}
                  </Anchor>{' '}
                  <Text span c="dimmed" inherit>
                    ({o.name})
                  </Text>
                  : {o.problems.join('; ')}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        ) : null}
        {notes.map((note) => (
          <Text key={note} size="sm">
            {note}
          </Text>
        ))}
        {saved !== null ? (
          <Text c="green.9" fw={500} role="status">
            Saved as version {saved}.
          </Text>
        ) : impact.invalid > 0 ? (
          changed ? (
            <Text size="sm">The schema has changed since this check: check it again before saving.</Text>
          ) : (
            <>
              <Text size="sm">Saving anyway makes these objects invalid: they keep their metadata, but cannot be saved again until it fits.</Text>
              <Group>
                <Button color="danger" onClick={onSave} loading={saving}>
                  Save anyway
                </Button>
                <Button variant="default" onClick={onDismiss}>
                  Keep editing
                </Button>
              </Group>
            </>
          )
        ) : null}
      </Stack>
    </Paper>
  );
}

function SchemaEditor({ detail }: { detail: SchemaDetail }) {
  const slug = detail.schema.slug;
  const check = useCheckSchema(slug);
  const save = useSaveSchema(slug);
  const initial = valuesOf(detail);
  const form = useForm<SchemaValues>({ initialValues: initial, validate: { title: (v) => (v.trim() ? null : 'Give a title') } });
  // The schema's version is the one a save is based on (If-Match).
  const stored = { version: detail.schema.version, values: valuesOf(detail) };
  const edit = useVersionedEdit(form, stored);
  useUnsavedChanges(form.isDirty(), 'this schema');
  const [checked, setChecked] = useState<Checked | null>(null);

  // The preview follows the text once typing rests, from the last draft that reads as an object.
  const [draft] = useDebouncedValue(form.values.schema, 250);
  const [read, setRead] = useState({ text: initial.schema, result: parseJsonObject(initial.schema, 'A schema'), good: detail.schema.schema });
  if (read.text !== draft) {
    const result = parseJsonObject(draft, 'A schema');
    setRead({ text: draft, result, good: result.ok ? result.value : read.good });
  }
  const parseError = read.result.ok ? null : read.result.message;

  const doSave = ({ values, schema, impact, conditional }: Omit<Checked, 'saved'>) =>
    save.mutate(
      { title: values.title.trim(), schema, conditional },
      {
        onSuccess: (saved) => {
          setChecked({ values, schema, impact, conditional, saved: saved.version });
          notifications.show({ color: 'green', message: `${saved.title} saved as version ${saved.version}` });
          form.setInitialValues(values);
          form.resetDirty(values);
          edit.saved({ version: saved.version, values });
        },
        onError: (e) => {
          // Changed meanwhile: the dialog says so; the report's "Save anyway" would be based on the old version.
          if (edit.refused(e, values)) setChecked(null);
          else showFieldErrors(form, fieldErrors(e));
        },
      },
    );

  /** Checks the draft against the objects, then saves it when none would become invalid. */
  const submit = (values: SchemaValues, conditional = edit.conditional) => {
    const now = parseJsonObject(values.schema, 'A schema');
    if (!now.ok) {
      showFieldErrors(form, { schema: now.message });
      return;
    }
    setChecked(null);
    save.reset();
    check.mutate(now.value, {
      onSuccess: (impact) => {
        const made = { values, schema: now.value, impact, conditional };
        setChecked({ ...made, saved: null });
        if (impact.invalid === 0) doSave(made);
      },
      onError: (e) => showFieldErrors(form, fieldErrors(e)),
    });
  };

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Stack gap="md">
        <form noValidate aria-label="Metadata schema" onSubmit={form.onSubmit((v) => submit(v))}>
          <Stack gap="sm">
            <FormError error={unplacedError(check.error ?? (conflictOf(save.error) ? null : save.error), ['title', 'schema'])} />
            <TextInput label="Title" required {...form.getInputProps('title')} />
            <JsonEditor
              label="JSON Schema"
              description="JSON Schema 2020-12. Each property is a field; title, description, enum, minimum, maximum, maxLength, format: date and x-unit shape its control."
              minRows={14}
              {...form.getInputProps('schema')}
              error={form.errors.schema ?? parseError}
            />
            <Group>
              <Button type="submit" loading={check.isPending || (save.isPending && checked?.impact.invalid === 0)} disabled={!form.isDirty()}>
                Check and save
              </Button>
              {form.isDirty() ? (
                <Button
                  variant="default"
                  onClick={() => {
                    form.reset();
                    setChecked(null);
                  }}
                >
                  Undo changes
                </Button>
              ) : null}
            </Group>
          </Stack>
          <ConflictDialog
            edit={edit}
            server={stored}
            fields={SCHEMA_FIELDS}
            what={`the schema ${detail.schema.title}`}
            overwriting={check.isPending || save.isPending}
            onOverwrite={({ values, conditional }) => submit(values, conditional)}
          />
        </form>
        {checked ? (
          <ImpactReport checked={checked} current={form.values} saving={save.isPending} onSave={() => doSave(checked)} onDismiss={() => setChecked(null)} />
        ) : null}
      </Stack>
      <SchemaPreview schema={read.good} stale={!read.result.ok} />
    </SimpleGrid>
  );
}

function UsedBy({ detail }: { detail: SchemaDetail }) {
  const navigate = useNavigate();
  const remove = useDeleteSchema(detail.schema.slug);
  const confirm = () =>
    confirmDelete({
      title: `Delete the schema ${detail.schema.title}?`,
      message: 'All its versions are deleted with it. Only a schema no type uses can be deleted. This cannot be undone.',
      onConfirm: () =>
        remove.mutate(detail.schema.version, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: `Schema ${detail.schema.title} deleted` });
            void navigate(paths.adminSchemas);
          },
        }),
    });
  return (
    <Stack gap="sm" component="section" aria-labelledby="schema-used-by">
      <Title order={2} size="h4" id="schema-used-by">
        Used by
      </Title>
      {detail.usedBy.length ? (
        <List size="sm" spacing={4}>
          {detail.usedBy.map((u) => (
            <List.Item key={`${u.kind}-${u.slug}`}>
              <Anchor component={PrefetchLink} to={u.kind === 'node type' ? paths.adminNodeType(u.slug) : paths.adminObjectType(u.slug)} inherit>
                {u.name}
              </Anchor>{' '}
              <Text span c="dimmed" inherit>
                ({u.kind})
              </Text>
            </List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" c="dimmed">
          No object type or node type uses this schema yet: add it to an object type on the type’s page.
        </Text>
      )}
      <FormError error={remove.error} />
      <Group>
        <Button variant="subtle" color="danger" onClick={confirm} loading={remove.isPending}>
          Delete schema
        </Button>
      </Group>
    </Stack>
  );
}

/** A metadata schema: its JSON beside the form it makes, checked against the objects before each new version is saved. */
export default function SchemaAdminPage() {
  const { slug = '' } = useParams();
  const schema = useSchema(slug);
  useTitle(`${schema.data?.schema.title ?? slug} · Metadata schemas · Site Admin`);
  if (!schema.data) return <PageState isPending={schema.isPending} error={schema.error} />;
  const { schema: current } = schema.data;
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Anchor component={PrefetchLink} to={paths.adminSchemas} size="sm">
          ← Metadata schemas
        </Anchor>
        <Group gap="sm">
          <Title order={1}>{current.title}</Title>
          <Badge variant="light" size="lg">
            Version {current.version}
          </Badge>
        </Group>
        <Text c="dimmed" size="sm">
          Metadata schema · {current.slug}
        </Text>
      </Stack>
      <SchemaEditor key={current.slug} detail={schema.data} />
      <UsedBy detail={schema.data} />
    </Stack>
  );
}
