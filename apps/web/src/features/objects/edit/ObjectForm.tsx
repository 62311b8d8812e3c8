import { ObjectPicker } from '../../../components/pickers/ObjectPicker';
import { pickerProps } from '../../../components/pickers/form';
import { Anchor, Group, MultiSelect, Select, Stack, Text, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQueries } from '@tanstack/react-query';
import { ObjectNameSchema, VISIBILITIES, type ProseMirrorDoc, lengthLimit, GeoObjectCreateSchema } from '@observatory/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConflictDialog, type ComparedField } from '../../../components/ConflictDialog';
import { fieldErrors, FormError, showFieldErrors } from '../../../components/FormError';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { SaveButton, useDocumentLock } from '../../../components/document-lock';
import { LazyRichTextEditor } from '../../../components/LazyRichTextEditor';
import { LimitedTextInput } from '../../../components/LimitedInput';
import { paths } from '../../../config/paths';
import { useHasPermission } from '../../../lib/auth';
import { documentProblem, lengthProblem } from '../../../lib/form-rules';
import { projectObjectTypesQuery } from '../../../lib/project-object-types';
import { conflictOf, useVersionedEdit } from '../../../lib/versions';
import { useObjectTypes, type ObjectDetail } from '../api';
import { useEditableProjects, useSaveObject, type ObjectInput } from './api';
import type { GeoJson } from './drawing';
import { GeometryField } from './GeometryField';
import { narrowedTypes } from './narrowed-types';
import { MetadataFields } from '../../../components/metadata/MetadataFields';
import {
  metadataFields,
  metadataFormValues,
  toMetadata,
  validateMetadata,
  withSchemas,
  type MetadataField,
  type MetadataValues,
} from '../../../components/metadata/metadata-form';
import { check } from '../../../lib/validate';

type Visibility = (typeof VISIBILITIES)[number];

export interface ObjectFormValues {
  name: string;
  title: string;
  types: string[];
  /** The parent's id. */
  parent: string | null;
  /** Project ids. */
  projects: string[];
  visibility: Visibility;
  metadata: MetadataValues;
  geo: GeoJson | null;
  doc: ProseMirrorDoc | null;
}

const VISIBILITY_LABELS: Record<Visibility, string> = { public: 'Everyone', 'signed-in': 'Signed-in users', members: 'Members only' };

const formValues = (detail?: ObjectDetail): ObjectFormValues => ({
  name: detail?.obj.name ?? '',
  title: detail?.obj.title ?? '',
  types: detail?.obj.types.map((t) => t.slug) ?? [],
  parent: detail?.obj.parent?.id ?? null,
  projects: detail?.obj.projects.map((p) => p.id) ?? [],
  visibility: detail?.obj.visibility ?? 'public',
  metadata: {},
  geo: (detail?.obj.geo as GeoJson | null | undefined) ?? null,
  doc: detail?.doc ?? null,
});

const NAME_MAX = lengthLimit(GeoObjectCreateSchema.shape.name);
const TITLE_MAX = lengthLimit(GeoObjectCreateSchema.shape.title);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const nameRule = (v: string) => {
  const parsed = check(ObjectNameSchema, v);
  return parsed.success ? null : v ? parsed.error.issues[0]!.message : 'Give a name: it is the object’s address';
};

/** A new object: everything. A saved one: only what changed (the doc too), projects apart. */
function toRequest(
  values: ObjectFormValues,
  fields: MetadataField[],
  detail?: ObjectDetail,
): { input: ObjectInput; projects?: { add: string[]; remove: string[] } } {
  const metadata = toMetadata(fields, values.metadata);
  const full: ObjectInput = {
    name: values.name,
    title: values.title.trim(),
    types: values.types,
    parent: values.parent,
    visibility: values.visibility,
    metadata,
    geo: values.geo,
    doc: values.doc,
  };
  if (!detail) return { input: { ...full, projects: values.projects } };
  const was = formValues(detail);
  const input = Object.fromEntries(
    Object.entries(full).filter(([key, value]) => {
      if (key === 'metadata') return !same(value, detail.obj.metadata) || !same(values.types, was.types);
      return !same(value, was[key as keyof ObjectFormValues]);
    }),
  ) as ObjectInput;
  return {
    input,
    projects: { add: values.projects.filter((p) => !was.projects.includes(p)), remove: was.projects.filter((p) => !values.projects.includes(p)) },
  };
}

/** A geometry in words, for the conflict dialog. */
function geometryText(value: unknown): string {
  const geo = value as GeoJson | null;
  if (!geo) return '(none)';
  if (geo.type === 'Point') return `Point at ${geo.coordinates.slice(0, 2).join(', ')}`;
  if (geo.type === 'FeatureCollection') return `${geo.features.length} geometries`;
  const points = JSON.stringify(geo.coordinates).match(/\[-?[\d.e+-]+,-?[\d.e+-]+/g)?.length ?? 0;
  return `${geo.type} of ${points} points`;
}

/** What the conflict dialog compares of an object: the form's fields, named as the object and the types list name them. */
function objectFields(detail: ObjectDetail | undefined, typeNames: Map<string, string>): ComparedField<ObjectFormValues>[] {
  const titles = new Map<string, string>([...(detail?.obj.projects ?? []).map((p) => [p.id, p.title] as const)]);
  if (detail?.obj.parent) titles.set(detail.obj.parent.id, detail.obj.parent.title);
  const list = (names: Map<string, string>) => (value: unknown) => (value as string[]).map((v) => names.get(v) ?? v).join(', ') || '(none)';
  return [
    { key: 'name', label: 'Name' },
    { key: 'title', label: 'Title' },
    { key: 'types', label: 'Types', show: list(typeNames) },
    { key: 'parent', label: 'Parent', show: (v) => (v ? (titles.get(v as string) ?? 'another object') : '(none)') },
    { key: 'projects', label: 'Projects', show: list(titles) },
    { key: 'visibility', label: 'Who can see it', show: (v) => VISIBILITY_LABELS[v as Visibility] },
    {
      key: 'metadata',
      label: 'Metadata',
      show: (v) =>
        Object.entries(v as MetadataValues)
          .filter(([, value]) => value !== '' && value !== false)
          .map(([key, value]) => `${key}: ${String(value)}`)
          .join('; ') || '(none)',
    },
    { key: 'geo', label: 'Geometry', show: geometryText },
    { key: 'doc', label: 'Documentation', document: true },
  ];
}

function ParentSelect({ form, detail }: { form: UseFormReturnType<ObjectFormValues>; detail?: ObjectDetail }) {
  const parent = detail?.obj.parent;
  return (
    <ObjectPicker
      label="Parent"
      description="The object this one is part of, e.g. the property of a site"
      clearable
      except={detail?.obj.id}
      valueLabel={parent && form.values.parent === parent.id ? `${parent.title} (${parent.name})` : undefined}
      {...pickerProps(form, 'parent')}
    />
  );
}

function ProjectsSelect({ form, detail, required }: { form: UseFormReturnType<ObjectFormValues>; detail?: ObjectDetail; required: boolean }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const editable = useEditableProjects(debounced);
  // A project found by a search is gone from the options once the search is cleared (a
  // manager's list is one page of all projects); MultiSelect keeps the pill of a value it saw picked.
  const options = new Map<string, string>();
  for (const p of detail?.obj.projects ?? []) options.set(p.id, p.title);
  for (const p of editable.projects) options.set(p.id, p.title);
  return (
    <MultiSelect
      label="Projects"
      required={required}
      description="Projects you may edit; members of its projects see a members-only object"
      placeholder={editable.isPending ? 'Loading your projects…' : 'Choose projects'}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={[...options].map(([value, label]) => ({ value, label }))}
      nothingFoundMessage="No project of yours matches"
      {...form.getInputProps('projects')}
    />
  );
}

/** Server answers name fields such as "metadata.elevation" or "geo.coordinates.0": each goes next to its field. */
function splitServerErrors(error: unknown) {
  const errors = fieldErrors(error);
  const geo = Object.entries(errors).find(([key]) => key === 'geo' || key.startsWith('geo.'));
  const rest = Object.fromEntries(Object.entries(errors).filter(([key]) => !key.startsWith('geo')));
  return { geo: geo ? geo[1] : null, rest };
}

/** The object's fields, metadata, geometry and documentation: create (no detail) or save. */
export function ObjectForm({ detail }: { detail?: ObjectDetail }) {
  const navigate = useNavigate();
  const save = useSaveObject(detail?.obj.name ?? null);
  const types = useObjectTypes();
  const [unfinished, setUnfinished] = useState(false);
  const docLock = useDocumentLock();
  const [geoError, setGeoError] = useState<string | null>(null);
  const fieldsRef = useRef<MetadataField[]>([]);
  // Without manageProjects a new object must belong to a project its creator may edit.
  const manager = useHasPermission('manageProjects');
  const needsProject = !detail && !manager;
  const form = useForm<ObjectFormValues>({
    initialValues: formValues(detail),
    validate: (values) => {
      const errors: Record<string, string | null> = {
        name: lengthProblem(values.name, NAME_MAX) ?? nameRule(values.name),
        title: lengthProblem(values.title, TITLE_MAX) ?? (values.title.trim() ? null : 'Give a title'),
        types: values.types.length ? null : 'Give the object a type',
        projects: needsProject && values.projects.length === 0 ? 'Choose one of your projects' : null,
        doc: documentProblem(values.doc),
      };
      for (const [key, message] of Object.entries(validateMetadata(fieldsRef.current, values.metadata))) errors[`metadata.${key}`] = message;
      return errors;
    },
  });

  // The object as the server has it now, in the form's shape: its metadata as the fields of
  // its own types show it (known once the types have answered; until then the version the
  // form opened with is the base).
  const ownFields = useMemo(
    () =>
      metadataFields(
        (detail?.obj.types ?? [])
          .map((t) => types.data?.find((d) => d.slug === t.slug))
          .filter((t) => !!t)
          .map(withSchemas),
      ),
    [detail?.obj.types, types.data],
  );
  const stored =
    detail && types.data
      ? { version: detail.obj.version, values: { ...formValues(detail), metadata: metadataFormValues(ownFields, detail.obj.metadata) } }
      : undefined;
  const edit = useVersionedEdit(form, stored);
  const [opened] = useState(detail?.obj.version);
  const compared = useMemo(() => objectFields(detail, new Map((types.data ?? []).map((t) => [t.slug, t.name]))), [detail, types.data]);

  const unsaved = useUnsavedChanges(form.isDirty(), detail ? 'this object' : 'the new object');
  const selectedTypes = useMemo(
    () => form.values.types.map((slug) => types.data?.find((t) => t.slug === slug)).filter((t) => !!t),
    [form.values.types, types.data],
  );
  const fields = useMemo(() => metadataFields(selectedTypes.map(withSchemas)), [selectedTypes]);
  fieldsRef.current = fields;
  // The types its projects catalogue (none: any type) narrow the types offered.
  const catalogued = useQueries({
    queries: form.values.projects.map((id) => projectObjectTypesQuery(id)),
    combine: (results) => results.flatMap((r) => r.data?.map((t) => t.slug) ?? []),
  });
  const typeChoices = narrowedTypes(types.data ?? [], catalogued, form.values.types);

  // A newly chosen type brings its fields: fill them from the saved metadata, or empty.
  // Runs when the set of fields changes only: the values it reads are the form's at that
  // moment, and re-running on each keystroke would be wasted work.
  useEffect(() => {
    const missing = fields.filter((f) => !(f.key in form.values.metadata));
    if (!missing.length) return;
    const filled = metadataFormValues(missing, detail?.obj.metadata ?? {});
    // Filled in, not typed: the form's start holds them too, so they are no unsaved change.
    form.setInitialValues({ ...form.getInitialValues(), metadata: { ...filled, ...form.getInitialValues().metadata } });
    form.setFieldValue('metadata', { ...filled, ...form.values.metadata });
  }, [fields]); // eslint-disable-line react-hooks/exhaustive-deps

  const onUnfinished = useCallback((v: boolean) => setUnfinished(v), []);

  const submit = (values: ObjectFormValues, conditional = edit.base ? edit.conditional : { version: opened }) => {
    if (unfinished) {
      setGeoError('Finish the drawing, or clear it, before saving.');
      return;
    }
    setGeoError(null);
    // Only the fields that differ from the object as it is now are sent; the version named is the one the edits are based on.
    save.mutate(
      { ...toRequest(values, fields, detail), ...(detail ? { conditional, base: detail } : {}) },
      {
        onSuccess: (recorded) => {
          unsaved.saved();
          if ('queued' in recorded) {
            notifications.show({
              color: 'blue',
              message: detail
                ? 'Saved on this device: your changes are sent when the network returns.'
                : 'Saved on this device: the new object is sent when the network returns.',
            });
            void navigate(detail ? paths.object(detail.obj.name) : paths.myOutbox);
            return;
          }
          const saved = recorded.sent;
          edit.saved({ version: saved.obj.version, values });
          notifications.show({ color: 'green', message: detail ? 'Object saved' : 'Object created' });
          void navigate(paths.object(saved.obj.name));
        },
        onError: (e) => {
          if (edit.refused(e, values)) return;
          const { geo, rest } = splitServerErrors(e);
          setGeoError(geo);
          showFieldErrors(form, rest);
        },
      },
    );
  };

  return (
    <form noValidate aria-label="Object" onSubmit={form.onSubmit((v) => submit(v))}>
      <Stack gap="md" maw={900}>
        <FormError error={conflictOf(save.error) ? null : save.error} />
        <LimitedTextInput
          label="Name"
          description="The object’s unique address: /data/name. Renaming it changes the address."
          required
          limit={NAME_MAX}
          {...form.getInputProps('name')}
        />
        <LimitedTextInput label="Title" required limit={TITLE_MAX} {...form.getInputProps('title')} />
        <MultiSelect
          label="Types"
          required
          description={catalogued.length > 0 ? 'Narrowed to the types its projects catalogue' : undefined}
          placeholder={types.isPending ? 'Loading the types…' : 'Choose one or more'}
          data={typeChoices.map((t) => ({ value: t.slug, label: t.name }))}
          {...form.getInputProps('types')}
        />
        <ParentSelect form={form} detail={detail} />
        <ProjectsSelect form={form} detail={detail} required={needsProject} />
        <Select
          label="Who can see it"
          description="Members are the members of its projects"
          data={VISIBILITIES.map((v) => ({ value: v, label: VISIBILITY_LABELS[v] }))}
          allowDeselect={false}
          {...form.getInputProps('visibility')}
        />

        <Stack gap="sm" component="section" aria-labelledby="object-metadata">
          <Title order={2} size="h3" id="object-metadata">
            Metadata
          </Title>
          {form.errors.metadata ? <Text c="danger">{form.errors.metadata}</Text> : null}
          <MetadataFields fields={fields} form={form} typeCount={selectedTypes.length} />
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="object-geometry">
          <Title order={2} size="h3" id="object-geometry">
            Geometry
          </Title>
          <GeometryField
            value={form.values.geo}
            onChange={(geo) => {
              setGeoError(null);
              form.setFieldValue('geo', geo);
            }}
            error={geoError}
            onUnfinished={onUnfinished}
          />
        </Stack>

        <LazyRichTextEditor
          // It reads its document once: again when new text is put into the form (a newer version, Keep editing).
          key={`${edit.base?.version} ${edit.merged}`}
          label="Documentation"
          value={form.values.doc}
          onChange={(doc) => form.setFieldValue('doc', doc)}
          onUnreadable={docLock.lock}
        />
        <Group>
          <SaveButton locked={docLock.locked} loading={save.isPending}>
            {detail ? 'Save' : 'Create object'}
          </SaveButton>
          <Anchor component={Link} to={detail ? paths.object(detail.obj.name) : paths.data}>
            Cancel
          </Anchor>
        </Group>
      </Stack>
      <ConflictDialog
        edit={edit}
        server={stored}
        fields={compared}
        what="the object"
        overwriting={save.isPending}
        onOverwrite={({ values, conditional }) => submit(values, conditional)}
      />
    </form>
  );
}
