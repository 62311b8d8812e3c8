import { Anchor, MultiSelect, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { SlugSchema, type ObjectType } from '@observatory/shared';
import { useNavigate, useParams } from 'react-router';
import { ConflictDialog, type ComparedField } from '../../../../../components/ConflictDialog';
import { fieldErrors, FormError, showFieldErrors, unplacedError } from '../../../../../components/FormError';
import { useUnsavedChanges } from '../../../../../components/unsaved-changes';
import { MetricName } from '../../../../../components/MetricName';
import { PageState } from '../../../../../components/PageState';
import { PrefetchLink } from '../../../../../components/PrefetchLink';
import { paths } from '../../../../../config/paths';
import { schemaRule } from '../../../../../lib/form-rules';
import { useTitle } from '../../../../../lib/use-title';
import { conflictOf, useVersionedEdit } from '../../../../../lib/versions';
import { MONO } from '../JsonEditor';
import { OrderedChoice, type Choice } from '../OrderedChoice';
import { useDeleteObjectType, useMetrics, useObjectCounts, useObjectType, useObjectTypes, useSaveObjectType, useSchemas } from '../types-api';
import { MARKER_OPTIONS } from './markers';
import { SaveOrUndo } from '../SaveOrUndo';
import { confirmDelete } from '../../../../../components/confirm';
import { DeleteSection } from '../../../../../components/admin/DeleteSection';

interface TypeValues {
  name: string;
  slug: string;
  marker: ObjectType['marker'];
  parents: string[];
  metrics: string[];
  metadata_schemas: string[];
}

const valuesOf = (type: ObjectType): TypeValues => ({
  name: type.name,
  slug: type.slug,
  marker: type.marker,
  parents: type.parents,
  metrics: Object.keys(type.metrics),
  metadata_schemas: Object.keys(type.metadata_schemas),
});

const FIELDS = ['name', 'slug', 'marker', 'parents', 'metrics', 'metadata_schemas'];

const slugRule = schemaRule(SlugSchema, 'Give an address');

/** The type's metrics: picked from every metric, shown with their title and unit (or their error entry). */
function useMetricChoices(type: ObjectType): { options: Choice[]; loading: boolean } {
  const metrics = useMetrics();
  const options = new Map<string, string>();
  for (const m of Object.values(type.metrics)) options.set(m.name, m.title || m.name);
  for (const m of metrics.data ?? []) options.set(m.name, m.title || m.name);
  return { options: [...options].map(([value, label]) => ({ value, label: label === value ? value : `${label} (${value})` })), loading: metrics.isPending };
}

function useSchemaChoices(type: ObjectType): { options: Choice[]; loading: boolean } {
  const schemas = useSchemas();
  const options = new Map<string, string>();
  for (const s of Object.values(type.metadata_schemas)) options.set(s.slug, s.title);
  for (const s of schemas.data ?? []) options.set(s.slug, s.title);
  return { options: [...options].map(([value, label]) => ({ value, label: `${label} (${value})` })), loading: schemas.isPending };
}

/** What the conflict dialog compares of a type: the form's fields, each choice by its label. */
function comparedFields(parents: Choice[], metrics: Choice[], schemas: Choice[]): ComparedField<TypeValues>[] {
  const listed =
    (choices: Choice[], none = '(none)') =>
    (v: unknown) =>
      (v as string[]).map((value) => choices.find((c) => c.value === value)?.label ?? value).join(', ') || none;
  return [
    { key: 'name', label: 'Name' },
    { key: 'slug', label: 'Address' },
    { key: 'marker', label: 'Marker', show: listed(MARKER_OPTIONS) },
    { key: 'parents', label: 'Sits in', show: listed(parents, 'Anywhere') },
    { key: 'metrics', label: 'Metrics', show: listed(metrics) },
    { key: 'metadata_schemas', label: 'Metadata schemas', show: listed(schemas) },
  ];
}

function DeleteType({ type }: { type: ObjectType }) {
  const navigate = useNavigate();
  const remove = useDeleteObjectType(type.slug);
  const objects = useObjectCounts([type.slug]).get(type.slug);
  const confirm = () =>
    confirmDelete({
      title: `Delete the object type ${type.name}?`,
      message: 'Only a type no object has can be deleted. This cannot be undone.',
      onConfirm: () =>
        remove.mutate(type.version, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: `Object type ${type.name} deleted` });
            void navigate(paths.adminObjectTypes);
          },
        }),
    });
  return (
    <DeleteSection
      label="Delete object type"
      note={
        objects ? (
          <Text size="sm" c="dimmed">
            {objects} {objects === 1 ? 'object is' : 'objects are'} of this type: give {objects === 1 ? 'it' : 'them'} another type before deleting it.
          </Text>
        ) : null
      }
      error={remove.error}
      busy={remove.isPending}
      onDelete={confirm}
    />
  );
}

function TypeForm({ type }: { type: ObjectType }) {
  const navigate = useNavigate();
  const save = useSaveObjectType(type.slug);
  const types = useObjectTypes();
  const metrics = useMetricChoices(type);
  const schemas = useSchemaChoices(type);
  const form = useForm<TypeValues>({
    initialValues: valuesOf(type),
    validate: { name: (v) => (v.trim() ? null : 'Give a name'), slug: slugRule },
  });
  const stored = { version: type.version, values: valuesOf(type) };
  const edit = useVersionedEdit(form, stored);
  const unsaved = useUnsavedChanges(form.isDirty(), 'this object type');
  const parentOptions = (types.data ?? []).filter((t) => t.id !== type.id).map((t) => ({ value: t.slug, label: t.name }));
  for (const slug of form.values.parents) if (!parentOptions.some((o) => o.value === slug)) parentOptions.push({ value: slug, label: slug });

  const compared = comparedFields(parentOptions, metrics.options, schemas.options);

  const submit = (v: TypeValues, conditional = edit.conditional) =>
    save.mutate(
      { name: v.name.trim(), slug: v.slug, marker: v.marker, parents: v.parents, metrics: v.metrics, metadata_schemas: v.metadata_schemas, conditional },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: `Object type ${saved.name} saved` });
          unsaved.saved();
          edit.saved({ version: saved.version, values: valuesOf(saved) });
          if (saved.slug !== type.slug) void navigate(paths.adminObjectType(saved.slug), { replace: true });
          else {
            form.setInitialValues(valuesOf(saved));
            form.resetDirty(valuesOf(saved));
          }
        },
        onError: (e) => {
          if (!edit.refused(e, v)) showFieldErrors(form, fieldErrors(e));
        },
      },
    );

  return (
    <form noValidate aria-label="Object type" onSubmit={form.onSubmit((v) => submit(v))}>
      <Stack gap="lg" maw={720}>
        <FormError error={unplacedError(conflictOf(save.error) ? null : save.error, FIELDS)} />
        <TextInput label="Name" required maw={400} {...form.getInputProps('name')} />
        <TextInput
          label="Address"
          description="Lower-case letters, digits and dashes; the type's key in the API and in links"
          required
          maw={400}
          styles={MONO}
          {...form.getInputProps('slug')}
        />
        <Select
          label="Marker"
          description="How its objects are drawn on the map"
          data={MARKER_OPTIONS}
          allowDeselect={false}
          maw={400}
          {...form.getInputProps('marker')}
        />
        <MultiSelect
          label="Sits in"
          description="The types an object of this type may be part of (its parent's type); none: anywhere"
          placeholder={types.isPending ? 'Loading the types…' : form.values.parents.length ? undefined : 'Anywhere'}
          data={parentOptions}
          searchable
          maw={560}
          {...form.getInputProps('parents')}
        />
        <OrderedChoice
          title="Metrics"
          noun="metric"
          description="What is measured on objects of this type, in the order they are shown."
          value={form.values.metrics}
          options={metrics.options}
          loading={metrics.loading}
          onChange={(v) => form.setFieldValue('metrics', v)}
          render={(name) => <MetricName name={name} />}
          error={form.errors.metrics}
          path="metrics"
        />
        <OrderedChoice
          title="Metadata schemas"
          noun="schema"
          description="An object's metadata must satisfy every schema of every one of its types; the form shows their fields in this order."
          value={form.values.metadata_schemas}
          options={schemas.options}
          loading={schemas.loading}
          onChange={(v) => form.setFieldValue('metadata_schemas', v)}
          render={(slug) => (
            <Anchor component={PrefetchLink} to={paths.adminSchema(slug)} inherit>
              {schemas.options.find((o) => o.value === slug)?.label ?? slug}
            </Anchor>
          )}
          error={form.errors.metadata_schemas}
          path="metadata_schemas"
        />
        <SaveOrUndo form={form} saving={save.isPending} />
      </Stack>
      <ConflictDialog
        edit={edit}
        server={stored}
        fields={compared}
        what={`the object type ${type.name}`}
        overwriting={save.isPending}
        onOverwrite={({ values, conditional }) => submit(values, conditional)}
      />
    </form>
  );
}

/** An object type: its name, address, marker, parents, metrics and schemas in order; deleted when no object has it. */
export default function ObjectTypeAdminPage() {
  const { slug = '' } = useParams();
  const type = useObjectType(slug);
  useTitle(`${type.data?.name ?? slug} · Object types · Site Admin`);
  if (!type.data) return <PageState isPending={type.isPending} error={type.error} />;
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Anchor component={PrefetchLink} to={paths.adminObjectTypes} size="sm">
          ← Object types
        </Anchor>
        <Title order={1}>{type.data.name}</Title>
        <Text c="dimmed" size="sm">
          Object type · {type.data.slug}
        </Text>
      </Stack>
      <TypeForm key={`${type.data.id}-${type.data.slug}`} type={type.data} />
      <DeleteType type={type.data} />
    </Stack>
  );
}
