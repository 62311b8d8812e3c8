import { Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SlugSchema, type MetadataSchema, type NodeType, type ObjectType } from '@observatory/shared';
import { useNavigate } from 'react-router';
import { fieldErrors, FormError, showFieldErrors, unplacedError } from '../../../../../components/FormError';
import { PageState } from '../../../../../components/PageState';
import { PrefetchLink } from '../../../../../components/PrefetchLink';
import { WideTable } from '../../../../../components/WideTable';
import { paths } from '../../../../../config/paths';
import { schemaRule } from '../../../../../lib/form-rules';
import { useTitle } from '../../../../../lib/use-title';
import { JsonEditor, MONO } from '../JsonEditor';
import { jsonText, parseJsonObject } from '../json-text';
import { useCreateSchema, useNodeTypes, useObjectTypes, useSchemas } from '../types-api';

const STARTER = jsonText({ type: 'object', properties: {} });

function SchemasTable({ schemas, types, nodeTypes }: { schemas: MetadataSchema[]; types: ObjectType[] | undefined; nodeTypes: NodeType[] | undefined }) {
  const users = (slug: string) => (types ?? []).filter((t) => slug in t.metadata_schemas);
  const nodeUsers = (slug: string) => (nodeTypes ?? []).filter((t) => t.schema === slug);
  return (
    <WideTable label="Metadata schemas" minWidth={560}>
      <Table aria-label="Metadata schemas" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Title</Table.Th>
            <Table.Th scope="col">Address</Table.Th>
            <Table.Th scope="col">Version</Table.Th>
            <Table.Th scope="col">Used by</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schemas.map((s) => {
            const by = users(s.slug);
            const byNodes = nodeUsers(s.slug);
            return (
              <Table.Tr key={s.slug}>
                <Table.Td>
                  <Anchor component={PrefetchLink} to={paths.adminSchema(s.slug)} fw={500}>
                    {s.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {s.slug}
                  </Text>
                </Table.Td>
                <Table.Td>{s.version}</Table.Td>
                <Table.Td>
                  {types === undefined ? (
                    <Text span c="dimmed" size="sm">
                      …
                    </Text>
                  ) : by.length || byNodes.length ? (
                    <Text span size="sm">
                      {by.map((t, i) => (
                        <span key={t.slug}>
                          {i > 0 ? ', ' : ''}
                          <Anchor component={PrefetchLink} to={paths.adminObjectType(t.slug)} inherit>
                            {t.name}
                          </Anchor>
                        </span>
                      ))}
                      {byNodes.map((t, i) => (
                        <span key={t.slug}>
                          {by.length || i > 0 ? ', ' : ''}
                          <Anchor component={PrefetchLink} to={paths.adminNodeType(t.slug)} inherit>
                            {t.name}
                          </Anchor>{' '}
                          (node type)
                        </span>
                      ))}
                    </Text>
                  ) : (
                    <Text span c="dimmed" size="sm">
                      nothing
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </WideTable>
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
  return (
    <form
      noValidate
      aria-label="New schema"
      onSubmit={form.onSubmit((v) => {
        const read = parseJsonObject(v.schema, 'A schema');
        if (!read.ok) return;
        create.mutate(
          { title: v.title.trim(), ...(v.slug ? { slug: v.slug } : {}), schema: read.value },
          { onSuccess: (schema) => void navigate(paths.adminSchema(schema.slug)), onError: (e) => showFieldErrors(form, fieldErrors(e)) },
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
