import { Anchor, Group, MultiSelect, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { lengthLimit, GeoObjectCreateSchema } from '@observatory/shared';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { fieldErrors, FormError, showFieldErrors, unplacedError } from '../../../../../components/FormError';
import { useUnsavedChanges } from '../../../../../components/unsaved-changes';
import { ConflictDialog, type ComparedField } from '../../../../../components/ConflictDialog';
import { conflictOf, useVersionedEdit } from '../../../../../lib/versions';
import { LimitedTextInput } from '../../../../../components/LimitedInput';
import { PageState } from '../../../../../components/PageState';
import { PrefetchLink } from '../../../../../components/PrefetchLink';
import { paths } from '../../../../../config/paths';
import { useObject, type ObjectDetail } from '../../../../../features/objects/api';
import { useSaveObject } from '../../../../../features/objects/edit/api';
import { metadataFields, withSchemas, type MetadataField } from '../../../../../components/metadata/metadata-form';
import { lengthRule } from '../../../../../lib/form-rules';
import { useTitle } from '../../../../../lib/use-title';
import { JsonEditor } from '../JsonEditor';
import { jsonText, parseJsonObject } from '../json-text';
import { useObjectTypes } from '../types-api';
import { metadataProblems } from './object-body';
import { SaveOrUndo } from '../SaveOrUndo';

interface Values {
  title: string;
  types: string[];
  metadata: string;
}

const TITLE_MAX = lengthLimit(GeoObjectCreateSchema.shape.title);

const valuesOf = (detail: ObjectDetail): Values => ({
  title: detail.obj.title,
  types: detail.obj.types.map((t) => t.slug),
  metadata: jsonText(detail.obj.metadata),
});

/** "elevation (number in m, required)": what the types' schemas ask for, as a reminder beside the raw JSON. */
function fieldHint(f: MetadataField) {
  const kind = f.kind === 'select' ? `one of ${f.options.join(', ')}` : f.kind;
  return `${f.key} (${[kind + (f.unit ? ` in ${f.unit}` : ''), f.required ? 'required' : null].filter(Boolean).join(', ')})`;
}

/** Problems the server named in the metadata, beside the editor, each on its line (an input's error is a paragraph: no list inside). */
function Problems({ problems }: { problems: string[] }) {
  if (problems.length === 1) return <>{problems[0]}</>;
  return (
    <>
      The metadata does not fit its types:
      {problems.map((p) => (
        <span key={p} style={{ display: 'block', paddingLeft: '1em' }}>
          · {p}
        </span>
      ))}
    </>
  );
}

/** What the conflict dialog compares. */
const COMPARED: ComparedField<Values>[] = [
  { key: 'title', label: 'Title' },
  { key: 'types', label: 'Types', show: (v) => (v as string[]).join(', ') },
  { key: 'metadata', label: 'Metadata', document: true, show: String },
];

function ObjectRawForm({ detail }: { detail: ObjectDetail }) {
  const save = useSaveObject(detail.obj.name);
  const types = useObjectTypes();
  const form = useForm<Values>({
    initialValues: valuesOf(detail),
    validate: {
      title: lengthRule(TITLE_MAX, (v) => (v.trim() ? null : 'Give a title')),
      types: (v) => (v.length ? null : 'Give the object a type'),
      metadata: (v) => {
        const read = parseJsonObject(v, 'The metadata');
        return read.ok ? null : read.message;
      },
    },
  });
  useUnsavedChanges(form.isDirty(), 'this object');
  const stored = { version: detail.obj.version, values: valuesOf(detail) };
  const edit = useVersionedEdit(form, stored);
  const [text] = useDebouncedValue(form.values.metadata, 250);
  const read = useMemo(() => parseJsonObject(text, 'The metadata'), [text]);

  // The types to choose from; should they fail to load, the object's own stay choosable.
  const options = (types.data ?? []).map((t) => ({ value: t.slug, label: t.name }));
  for (const t of detail.obj.types) if (!options.some((o) => o.value === t.slug)) options.push({ value: t.slug, label: t.name });
  const chosen = form.values.types.map((slug) => types.data?.find((t) => t.slug === slug)).filter((t) => !!t);
  const fields = metadataFields(chosen.map(withSchemas));

  const submit = (v: Values, conditional = edit.conditional) => {
    const metadata = parseJsonObject(v.metadata, 'The metadata');
    if (!metadata.ok) return;
    save.mutate(
      // Only what this page changes: an edit made elsewhere to the rest (its place, documentation, visibility) stays.
      { input: { title: v.title.trim(), types: v.types, metadata: metadata.value }, conditional },
      {
        onSuccess: (recorded) => {
          // Sent at once: the administration's edits carry no base (they are never queued).
          if (!('sent' in recorded)) return;
          const saved = recorded.sent;
          notifications.show({ color: 'green', message: `${saved.obj.title} saved` });
          const next = valuesOf(saved);
          form.setValues(next);
          form.setInitialValues(next);
          form.resetDirty(next);
          edit.saved({ version: saved.obj.version, values: next });
        },
        onError: (e) => {
          if (edit.refused(e, v)) return;
          const errors = fieldErrors(e);
          const named = metadataProblems(errors);
          showFieldErrors(form, {
            ...Object.fromEntries(Object.entries(errors).filter(([k]) => !k.startsWith('metadata'))),
            ...(named.length ? { metadata: named.join('\n') } : {}),
          });
        },
      },
    );
  };

  // The server's problems come one a line; a text that does not read shows its mistake as typed.
  const metadataError = form.errors.metadata ? <Problems problems={String(form.errors.metadata).split('\n')} /> : read.ok ? null : read.message;

  return (
    <form noValidate aria-label="Object" onSubmit={form.onSubmit((v) => submit(v))}>
      <Stack gap="md" maw={860}>
        <FormError error={conflictOf(save.error) ? null : unplacedError(save.error, ['title', 'types', 'metadata', 'metadata.'])} />
        <LimitedTextInput label="Title" required limit={TITLE_MAX} {...form.getInputProps('title')} />
        <MultiSelect
          label="Types"
          required
          placeholder={types.isPending ? 'Loading the types…' : form.values.types.length ? undefined : 'Choose one or more'}
          data={options}
          searchable
          {...form.getInputProps('types')}
        />
        <JsonEditor
          label="Metadata"
          description={
            fields.length
              ? `The fields of its types’ schemas: ${fields.map(fieldHint).join('; ')}.`
              : chosen.length
                ? 'Its types’ schemas have no fields: the metadata is {}.'
                : 'Choose its types to see their fields.'
          }
          minRows={8}
          {...form.getInputProps('metadata')}
          error={metadataError}
        />
        <SaveOrUndo form={form} saving={save.isPending} />
      </Stack>
      <ConflictDialog
        edit={edit}
        server={stored}
        fields={COMPARED}
        what="the object"
        overwriting={save.isPending}
        onOverwrite={({ values, conditional }) => submit(values, conditional)}
      />
    </form>
  );
}

/** An object's raw fields for an administrator: title, types and its metadata as JSON, checked by the server against its types' schemas. */
export default function ObjectAdminPage() {
  const { name = '' } = useParams();
  const object = useObject(name);
  useTitle(`${object.data?.obj.title ?? name} · Objects · Site Admin`);
  if (!object.data) return <PageState isPending={object.isPending} error={object.error} />;
  const { obj } = object.data;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={PrefetchLink} to={paths.adminObjects} size="sm">
          ← Objects
        </Anchor>
        <Title order={1}>{obj.title}</Title>
        <Text c="dimmed" size="sm" ff="monospace">
          {obj.name}
        </Text>
        <Group gap="md">
          <Anchor component={PrefetchLink} to={paths.object(obj.name)} size="sm">
            Open its page
          </Anchor>
          <Anchor component={PrefetchLink} to={paths.objectEdit(obj.name)} size="sm">
            Edit with the full form
          </Anchor>
        </Group>
      </Stack>
      <ObjectRawForm key={obj.id} detail={object.data} />
    </Stack>
  );
}
