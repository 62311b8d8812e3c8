import { Anchor, Button, Container, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { lengthLimit, NodeInputSchema, NodeSegmentSchema, type NodeResponse } from '@observatory/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ConflictDialog, type ComparedField } from '../../components/ConflictDialog';
import { fieldErrors, FormError, showFieldErrors, unplacedError } from '../../components/FormError';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import {
  metadataFields,
  metadataFormValues,
  toMetadata,
  validateMetadata,
  type MetadataField,
  type MetadataValues,
} from '../../components/metadata/metadata-form';
import { MetadataFields } from '../../components/metadata/MetadataFields';
import { LimitedTextarea, LimitedTextInput } from '../../components/LimitedInput';
import { PageState } from '../../components/PageState';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { lengthProblem, schemaRule } from '../../lib/form-rules';
import { metadataSchemaQuery } from '../../lib/metadata-schemas';
import { slugFromTitle } from '../../lib/slug';
import { useTitle } from '../../lib/use-title';
import { conflictOf, useVersionedEdit } from '../../lib/versions';
import { useCreateNode, useNode, useNodeTypes, useOutline, useUpdateNode } from './api';
import { nodeMetadata, placesFor } from './node-paths';

/** A path segment as the server takes it: a slug, and not one of the pages' own words. */
const segmentRule = schemaRule(NodeSegmentSchema, 'Give a path segment');
/** The server's most characters of a node's fields (NodeInputSchema). */
const MAX = {
  title: lengthLimit(NodeInputSchema.shape.title),
  slug: lengthLimit(NodeInputSchema.shape.slug),
  description: lengthLimit(NodeInputSchema.shape.description),
} as const;

interface NodeFormValues {
  parent: string | null;
  title: string;
  slug: string;
  description: string;
  type: string | null;
  metadata: MetadataValues;
}

/**
 * A node as the form holds it: its details as the fields of its type's schema show them
 * (the schema the node's answer carries), every field present.
 */
function nodeFormValues(current: NodeResponse): NodeFormValues {
  const fields = metadataFields([{ name: current.node.type.name, schemas: current.schema ? [current.schema.schema] : [] }]);
  return {
    parent: current.ancestors.at(-1)?.path ?? null,
    title: current.node.title,
    slug: current.node.slug,
    description: current.node.description,
    type: current.node.type.slug,
    metadata: metadataFormValues(fields, current.metadata),
  };
}

/** What the conflict dialog compares of a node: the form's fields, the type by its name and each detail by its label. */
function comparedFields(types: { slug: string; name: string }[], fields: MetadataField[]): ComparedField<NodeFormValues>[] {
  const label = (key: string) => fields.find((f) => f.key === key)?.label ?? key;
  return [
    { key: 'title', label: 'Title' },
    { key: 'parent', label: 'Inside', show: (v) => (v ? String(v) : 'At the root of the catalogue') },
    { key: 'slug', label: 'Path segment' },
    { key: 'type', label: 'Type', show: (v) => types.find((t) => t.slug === v)?.name ?? String(v) },
    { key: 'description', label: 'Description' },
    {
      key: 'metadata',
      label: 'Details',
      show: (v) =>
        Object.entries(v as MetadataValues)
          .filter(([, value]) => value !== '' && value !== false)
          .map(([key, value]) => `${label(key)}: ${String(value)}`)
          .join('; ') || '(none)',
    },
  ];
}

/** The schema of the chosen node type, for its fields. */
const useTypeSchema = (slug: string | null) => useQuery({ ...metadataSchemaQuery(slug ?? ''), enabled: slug !== null, select: (r) => r.schema.schema });

/** Create a node inside `parent` (no `current`), or change, rename or move `current`. */
function NodeForm({ parent, current }: { parent: string | null; current?: NodeResponse }) {
  const navigate = useNavigate();
  const types = useNodeTypes();
  const outline = useOutline();
  const create = useCreateNode();
  const update = useUpdateNode(current?.node.path ?? '');
  const save = current ? update : create;
  const slugEdited = useRef(!!current);
  const fieldsRef = useRef<MetadataField[]>([]);
  const form = useForm<NodeFormValues>({
    initialValues: {
      parent,
      title: current?.node.title ?? '',
      slug: current?.node.slug ?? '',
      description: current?.node.description ?? '',
      type: current?.node.type.slug ?? null,
      metadata: {},
    },
    validate: (values) => {
      const errors: Record<string, string | null> = {
        title: lengthProblem(values.title, MAX.title) ?? (values.title.trim() ? null : 'Give a title'),
        slug: lengthProblem(values.slug, MAX.slug) ?? segmentRule(values.slug),
        description: lengthProblem(values.description, MAX.description),
        type: values.type ? null : 'Choose a type',
      };
      for (const [key, message] of Object.entries(validateMetadata(fieldsRef.current, values.metadata))) errors[`metadata.${key}`] = message;
      return errors;
    },
  });
  const stored = current ? { version: current.node.version, values: nodeFormValues(current) } : undefined;
  const edit = useVersionedEdit(form, stored);
  const unsaved = useUnsavedChanges(form.isDirty(), current ? 'this node' : 'the new node');
  const type = types.data?.find((t) => t.slug === form.values.type) ?? null;
  const schema = useTypeSchema(type?.schema ?? null);
  const fields = useMemo(() => (type ? metadataFields([{ name: type.name, schemas: schema.data ? [schema.data] : [] }]) : []), [type, schema.data]);
  fieldsRef.current = fields;
  // A type's fields arrive with its schema: fill them from the node's metadata, or empty
  // (a cheap look on each render; it sets values only when a field is new).
  const saved = current?.metadata;
  useEffect(() => {
    const missing = fields.filter((f) => !(f.key in form.values.metadata));
    if (!missing.length) return;
    const filled = metadataFormValues(missing, saved ?? {});
    // Filled in, not typed: the form's start holds them too, so they are no unsaved change.
    form.setInitialValues({ ...form.getInitialValues(), metadata: { ...filled, ...form.getInitialValues().metadata } });
    form.setFieldValue('metadata', { ...filled, ...form.values.metadata });
  }, [fields, form, saved]);

  const places = placesFor(outline.data ?? [], current?.node.path ?? null).map((n) => ({ value: n.path, label: `${n.title} (${n.path})` }));
  const newPath = form.values.parent ? `${form.values.parent}/${form.values.slug}` : form.values.slug;

  const submit = (values: NodeFormValues, conditional = edit.conditional) =>
    save.mutate(
      {
        ...(current ? { conditional } : {}),
        parent: values.parent,
        slug: values.slug,
        title: values.title.trim(),
        description: values.description.trim(),
        type: values.type!,
        metadata: nodeMetadata(
          current?.metadata ?? {},
          fields.map((f) => f.key),
          toMetadata(fields, values.metadata),
          schema.data?.additionalProperties === false,
        ),
      },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: current ? `${values.title.trim()} saved` : `${values.title.trim()} created` });
          edit.saved({ version: (saved as NodeResponse).node.version, values });
          unsaved.saved();
          void navigate(paths.node((saved as NodeResponse).node.path));
        },
        onError: (e) => {
          if (!edit.refused(e, values)) showFieldErrors(form, fieldErrors(e));
        },
      },
    );

  return (
    <form noValidate aria-label="Node" onSubmit={form.onSubmit((v) => submit(v))}>
      <Stack gap="md" maw={720}>
        <FormError error={unplacedError(conflictOf(save.error) ? null : save.error, ['parent', 'title', 'slug', 'type', 'description', 'metadata.'])} />
        <FormError error={schema.error} />
        <LimitedTextInput
          label="Title"
          required
          limit={MAX.title}
          {...form.getInputProps('title')}
          onChange={(e) => {
            form.setFieldValue('title', e.currentTarget.value);
            if (!slugEdited.current) form.setFieldValue('slug', slugFromTitle(e.currentTarget.value));
          }}
        />
        <Select
          label="Inside"
          description={current ? 'Choose another node to move it there, with everything inside it' : undefined}
          placeholder="At the root of the catalogue"
          searchable
          clearable
          nothingFoundMessage="No such node"
          data={places}
          {...form.getInputProps('parent')}
        />
        <LimitedTextInput
          label="Path segment"
          description={`Its address: /nodes/${newPath || '…'}`}
          required
          limit={MAX.slug}
          {...form.getInputProps('slug')}
          onChange={(e) => {
            slugEdited.current = true;
            form.setFieldValue('slug', e.currentTarget.value);
          }}
        />
        <Select
          label="Type"
          required
          placeholder={types.isPending ? 'Loading the types…' : 'Choose one'}
          data={(types.data ?? []).map((t) => ({ value: t.slug, label: t.name }))}
          allowDeselect={false}
          {...form.getInputProps('type')}
        />
        <LimitedTextarea label="Description" autosize minRows={2} limit={MAX.description} {...form.getInputProps('description')} />
        {type ? (
          <Stack gap="sm" component="section" aria-labelledby="node-metadata">
            <Title order={2} size="h3" id="node-metadata">
              Details of a {type.name.toLowerCase()}
            </Title>
            {schema.isPending && type.schema ? <Text c="dimmed">Loading its fields…</Text> : <MetadataFields fields={fields} form={form} typeCount={1} />}
          </Stack>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!!type?.schema && !schema.data}>
            {current ? 'Save' : 'Create node'}
          </Button>
          <Anchor component={PrefetchLink} to={current ? paths.node(current.node.path) : parent ? paths.node(parent) : paths.nodes}>
            Cancel
          </Anchor>
        </Group>
      </Stack>
      <ConflictDialog
        edit={edit}
        server={stored}
        fields={comparedFields(types.data ?? [], fields)}
        what={`the node ${current?.node.title ?? ''}`}
        overwriting={save.isPending}
        onOverwrite={({ values, conditional }) => submit(values, conditional)}
      />
    </form>
  );
}

/** /nodes/{parent}/new: a node inside parent (or at the root). */
export function NodeNewPage({ parent }: { parent: string | null }) {
  useTitle('New node · Data catalogue');
  const above = useNode(parent ?? '');
  if (parent && !above.data) return <PageState isPending={above.isPending} error={above.error} />;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{above.data ? `New node in ${above.data.node.title}` : 'New node'}</Title>
        <NodeForm parent={parent} />
      </Stack>
    </Container>
  );
}

/** /nodes/{path}/edit: change, rename or move a node. */
export function NodeEditPage({ path }: { path: string }) {
  const node = useNode(path);
  useTitle(node.data ? `Edit ${node.data.node.title} · Data catalogue` : 'Data catalogue');
  if (!node.data) return <PageState isPending={node.isPending} error={node.error} />;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>Edit {node.data.node.title}</Title>
        <NodeForm key={path} parent={node.data.ancestors.at(-1)?.path ?? null} current={node.data} />
      </Stack>
    </Container>
  );
}
