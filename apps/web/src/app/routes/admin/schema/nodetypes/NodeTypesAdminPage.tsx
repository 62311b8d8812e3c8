import { Anchor, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { fieldErrors, FormError, showFieldErrors, unplacedError } from '../../../../../components/FormError';
import { useUnsavedChanges } from '../../../../../components/unsaved-changes';
import { PageState } from '../../../../../components/PageState';
import { PrefetchLink } from '../../../../../components/PrefetchLink';
import { AdminTable } from '../../../../../components/admin/AdminTable';
import { paths } from '../../../../../config/paths';
import { useTitle } from '../../../../../lib/use-title';
import { useCreateNodeType, useNodeTypeList, useSchemaChoices } from './api';

/** The kinds of node in the data catalogue, each with the schema of its nodes' details; a new one is made here. */
export default function NodeTypesAdminPage() {
  useTitle('Node types · Site Admin');
  const navigate = useNavigate();
  const types = useNodeTypeList();
  const schemas = useSchemaChoices();
  const create = useCreateNodeType();
  const form = useForm<{ name: string; schema: string | null }>({
    initialValues: { name: '', schema: null },
    validate: { name: (v) => (v.trim() ? null : 'Give a name') },
  });
  const unsaved = useUnsavedChanges(form.isDirty(), 'the new node type');
  if (!types.data) return <PageState isPending={types.isPending} error={types.error} />;
  const schemaTitle = (slug: string | null) => (slug ? (schemas.data?.find((s) => s.slug === slug)?.title ?? slug) : null);
  return (
    <Stack gap="lg">
      <Title order={1}>Node types</Title>
      <Text size="sm" c="dimmed">
        Every node of the{' '}
        <Anchor component={PrefetchLink} to={paths.nodes}>
          data catalogue
        </Anchor>{' '}
        has a type; its details follow the type’s metadata schema.
      </Text>
      {types.data.length === 0 ? (
        <Text c="dimmed">No node types yet: create the first below.</Text>
      ) : (
        <AdminTable
          label="Node types"
          minWidth={420}
          rows={types.data}
          rowKey={(t) => t.slug}
          columns={[
            {
              header: 'Type',
              cell: (t) => (
                <Anchor component={PrefetchLink} to={paths.adminNodeType(t.slug)}>
                  {t.name}
                </Anchor>
              ),
            },
            {
              header: 'Metadata schema',
              cell: (t) =>
                t.schema ? (
                  <Anchor component={PrefetchLink} to={paths.adminSchema(t.schema)}>
                    {schemaTitle(t.schema)}
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    none: any details
                  </Text>
                ),
            },
          ]}
        />
      )}
      <form
        noValidate
        aria-label="New node type"
        onSubmit={form.onSubmit((v) =>
          create.mutate(
            { name: v.name.trim(), schema: v.schema },
            {
              onSuccess: (made) => {
                notifications.show({ color: 'green', message: `Node type ${made.nodetype.name} created` });
                unsaved.saved();
                void navigate(paths.adminNodeType(made.nodetype.slug));
              },
              onError: (e) => showFieldErrors(form, fieldErrors(e)),
            },
          ),
        )}
      >
        <Stack gap="xs" maw={640}>
          <Title order={2} size="h3">
            New node type
          </Title>
          <FormError error={unplacedError(create.error, ['name', 'schema'])} />
          <Group align="flex-start" wrap="wrap">
            <TextInput label="Name" placeholder="Sensor" {...form.getInputProps('name')} />
            <Select
              label="Metadata schema"
              placeholder="None: any details"
              clearable
              searchable
              data={(schemas.data ?? []).map((s) => ({ value: s.slug, label: s.title }))}
              {...form.getInputProps('schema')}
            />
          </Group>
          <Group>
            <Button type="submit" loading={create.isPending}>
              Create node type
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
