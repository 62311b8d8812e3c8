import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SlugSchema, type MetadataSchema, type NodeType, type ObjectType } from '@observatory/shared';
import { useNavigate } from 'react-router';
import { fieldErrors, FormError, showFieldErrors, unplacedError } from '../../../../../components/FormError';
import { useUnsavedChanges } from '../../../../../components/unsaved-changes';
import { PageState } from '../../../../../components/PageState';
import { PrefetchLink } from '../../../../../components/PrefetchLink';
import { AdminTable, Dimmed } from '../../../../../components/admin/AdminTable';
import { paths } from '../../../../../config/paths';
import { schemaRule } from '../../../../../lib/form-rules';
import { useTitle } from '../../../../../lib/use-title';
import { JsonEditor, MONO } from '../JsonEditor';
import { jsonText, parseJsonObject } from '../json-text';
import { useCreateSchema, useNodeTypes, useObjectTypes, useSchemas } from '../types-api';

const STARTER = jsonText({ type: 'object', properties: {} });

/** The object types and node types that use a schema, each linked to its page. */
function UsedBy({ types, nodeTypes }: { types: ObjectType[]; nodeTypes: NodeType[] }) {
  if (!types.length && !nodeTypes.length) return <Dimmed>nothing</Dimmed>;
  return (
    <Text span size="sm">
      {types.map((t, i) => (
        <span key={t.slug}>
          {i > 0 ? ', ' : ''}
          <Anchor component={PrefetchLink} to={paths.adminObjectType(t.slug)} inherit>
            {t.name}
          </Anchor>
        </span>
      ))}
      {nodeTypes.map((t, i) => (
        <span key={t.slug}>
          {types.length || i > 0 ? ', ' : ''}
          <Anchor component={PrefetchLink} to={paths.adminNodeType(t.slug)} inherit>
            {t.name}
          </Anchor>{' '}
          (node type)
        </span>
      ))}
    </Text>
  );
}

function SchemasTable({ schemas, types, nodeTypes }: { schemas: MetadataSchema[]; types: ObjectType[] | undefined; nodeTypes: NodeType[] | undefined }) {
  const users = (slug: string) => (types ?? []).filter((t) => slug in t.metadata_schemas);
  const nodeUsers = (slug: string) => (nodeTypes ?? []).filter((t) => t.schema === slug);
  return (
    <AdminTable
      label="Metadata schemas"
      minWidth={560}
      highlightOnHover
      rows={schemas}
      rowKey={(s) => s.slug}
      columns={[
        {
          header: 'Title',
          cell: (s) => (
            <Anchor component={PrefetchLink} to={paths.adminSchema(s.slug)} fw={500}>
              {s.title}
            </Anchor>
          ),
        },
        {
          header: 'Address',
          cell: (s) => (
            <Text size="sm" ff="monospace">
              {s.slug}
            </Text>
          ),
        },
        { header: 'Version', cell: (s) => s.version },
        { header: 'Used by', cell: (s) => (types === undefined ? <Dimmed>…</Dimmed> : <UsedBy types={users(s.slug)} nodeTypes={nodeUsers(s.slug)} />) },
      ]}
    />
  );
}

function NewSchemaForm() {
  const navigate = useNavigate();
  const create = useCreateSchema();
  const form = useForm({
    initialValues: { title: '', slug: '', schema: STARTER },
    validate: {
      title: (v) => (v.trim() ? null : 'Give a title'),
      slug: schemaRule(SlugSchema),
      schema: (v) => {
        const read = parseJsonObject(v, 'A schema');
        return read.ok ? null : read.message;
      },
    },
  });
  const unsaved = useUnsavedChanges(form.isDirty(), 'the new schema');
  return (
    <form
      noValidate
      aria-label="New schema"
      onSubmit={form.onSubmit((v) => {
        const read = parseJsonObject(v.schema, 'A schema');
        if (!read.ok) return;
        create.mutate(
          { title: v.title.trim(), ...(v.slug ? { slug: v.slug } : {}), schema: read.value },
          { onSuccess: (schema) => (unsaved.saved(), void navigate(paths.adminSchema(schema.slug))), onError: (e) => showFieldErrors(form, fieldErrors(e)) },
        );
      })}
    >
      <Stack gap="sm" maw={720}>
        <Title order={2} size="h3">
          New schema
        </Title>
        <FormError error={unplacedError(create.error, ['title', 'slug', 'schema'])} />
        <Group align="flex-start" gap="sm">
          <TextInput label="Title" placeholder="Weather station basics" required w={280} {...form.getInputProps('title')} />
          <TextInput
            label="Address"
            description="Optional: made from the title"
            placeholder="weather-station-basics"
            w={280}
            styles={MONO}
            {...form.getInputProps('slug')}
          />
        </Group>
        <JsonEditor
          label="JSON Schema"
          description="JSON Schema 2020-12 for an object's metadata; add its fields under properties, then see the form on its page."
          minRows={4}
          {...form.getInputProps('schema')}
        />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create schema
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Every metadata schema (current versions) with the types that use it, and a form for a new one. */
export default function SchemasAdminPage() {
  useTitle('Metadata schemas · Site Admin');
  const schemas = useSchemas();
  const types = useObjectTypes();
  const nodeTypes = useNodeTypes();
  if (!schemas.data) return <PageState isPending={schemas.isPending} error={schemas.error} />;
  return (
    <Stack gap="lg">
      <Title order={1}>Metadata schemas</Title>
      <Text size="sm" c="dimmed">
        JSON Schemas for the metadata of objects: each object type follows some of them, and the object forms are made from their fields. Every change is a new
        version.
      </Text>
      {schemas.data.length === 0 ? (
        <Text>There are no metadata schemas yet: create the first below.</Text>
      ) : (
        <SchemasTable schemas={schemas.data} types={types.data} nodeTypes={nodeTypes.data} />
      )}
      <NewSchemaForm />
    </Stack>
  );
}
