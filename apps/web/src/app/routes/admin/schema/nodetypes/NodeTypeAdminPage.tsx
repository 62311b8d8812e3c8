import { SlugSchema } from '@observatory/shared';
import { Anchor, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { ConflictDialog, type ComparedField } from '../../../../../components/ConflictDialog';
import { fieldErrors, FormError, showFieldErrors, unplacedError } from '../../../../../components/FormError';
import { useUnsavedChanges } from '../../../../../components/unsaved-changes';
import { PageState } from '../../../../../components/PageState';
import { PrefetchLink } from '../../../../../components/PrefetchLink';
import { paths } from '../../../../../config/paths';
import { schemaRule } from '../../../../../lib/form-rules';
import { useTitle } from '../../../../../lib/use-title';
import { conflictOf, useVersionedEdit } from '../../../../../lib/versions';
import { useDeleteNodeType, useNodeType, useSchemaChoices, useUpdateNodeType, type NodeTypeDetail } from './api';
import { confirmDelete } from '../../../../../components/confirm';
import { DeleteSection } from '../../../../../components/admin/DeleteSection';

interface NodeTypeValues {
  name: string;
  slug: string;
  schema: string | null;
}

const valuesOf = ({ name, slug, schema }: NodeTypeDetail['nodetype']): NodeTypeValues => ({ name, slug, schema });

function NodeTypeForm({ detail }: { detail: NodeTypeDetail }) {
  const navigate = useNavigate();
  const { nodetype, nodes } = detail;
  const schemas = useSchemaChoices();
  const update = useUpdateNodeType(nodetype.slug);
  const remove = useDeleteNodeType(nodetype.slug);
  const form = useForm<NodeTypeValues>({
    initialValues: valuesOf(nodetype),
    validate: {
      name: (v) => (v.trim() ? null : 'Give a name'),
      slug: schemaRule(SlugSchema, 'Give an address'),
    },
  });
  const stored = { version: nodetype.version, values: valuesOf(nodetype) };
  const edit = useVersionedEdit(form, stored);
  const schemaTitle = (slug: unknown) => (slug ? (schemas.data?.find((s) => s.slug === slug)?.title ?? String(slug)) : '(none)');
  const compared: ComparedField<NodeTypeValues>[] = [
    { key: 'name', label: 'Name' },
    { key: 'slug', label: 'Address' },
    { key: 'schema', label: 'Metadata schema', show: schemaTitle },
  ];
  const unsaved = useUnsavedChanges(form.isDirty(), 'this node type');
  const askToDelete = () =>
    confirmDelete({
      title: `Delete the node type ${nodetype.name}?`,
      message: 'No node has it. This cannot be undone.',
      onConfirm: () =>
        remove.mutate(nodetype.version, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: `Node type ${nodetype.name} deleted` });
            void navigate(paths.adminNodeTypes);
          },
        }),
    });
  const submit = (v: NodeTypeValues, conditional = edit.conditional) =>
    update.mutate(
      { name: v.name.trim(), slug: v.slug, schema: v.schema, conditional },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: `Node type ${saved.nodetype.name} saved` });
          form.resetDirty(v);
          edit.saved({ version: saved.nodetype.version, values: v });
          unsaved.saved();
          if (saved.nodetype.slug !== nodetype.slug) void navigate(paths.adminNodeType(saved.nodetype.slug), { replace: true });
        },
        onError: (e) => {
          if (!edit.refused(e, v)) showFieldErrors(form, fieldErrors(e));
        },
      },
    );
  return (
    <Stack gap="lg">
      <form noValidate aria-label="Node type" onSubmit={form.onSubmit((v) => submit(v))}>
        <Stack gap="sm" maw={520}>
          <FormError error={unplacedError(conflictOf(update.error) ? null : update.error, ['name', 'slug', 'schema'])} />
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <TextInput label="Address" description="Lower-case letters, digits and dashes" required {...form.getInputProps('slug')} />
          <Select
            label="Metadata schema"
            description={nodes ? 'Another schema is taken only if every node of this type fits it' : undefined}
            placeholder="None: any details"
            clearable
            searchable
            data={(schemas.data ?? []).map((s) => ({ value: s.slug, label: s.title }))}
            {...form.getInputProps('schema')}
          />
          {form.values.schema ? (
            <Anchor component={PrefetchLink} to={paths.adminSchema(form.values.schema)} size="sm">
              Open the schema
            </Anchor>
          ) : null}
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
        <ConflictDialog
          edit={edit}
          server={stored}
          fields={compared}
          what={`the node type ${nodetype.name}`}
          overwriting={update.isPending}
          onOverwrite={({ values, conditional }) => submit(values, conditional)}
        />
      </form>
      <DeleteSection
        label="Delete node type"
        note={
          <Text size="sm">
            {nodes ? `${nodes} node${nodes === 1 ? ' has' : 's have'} this type: it can be deleted when none has.` : 'No node has this type.'}
          </Text>
        }
        error={remove.error}
        busy={remove.isPending}
        disabled={nodes > 0}
        onDelete={askToDelete}
      />
    </Stack>
  );
}

/** One node type: its name, address and schema; deleted when no node has it. */
export default function NodeTypeAdminPage() {
  const { slug = '' } = useParams();
  const detail = useNodeType(slug);
  useTitle(`${detail.data?.nodetype.name ?? 'Node type'} · Site Admin`);
  if (!detail.data) return <PageState isPending={detail.isPending} error={detail.error} />;
  return (
    <Stack gap="lg">
      <Anchor component={PrefetchLink} to={paths.adminNodeTypes} size="sm">
        ← Node types
      </Anchor>
      <Title order={1}>{detail.data.nodetype.name}</Title>
      <NodeTypeForm key={detail.data.nodetype.slug} detail={detail.data} />
    </Stack>
  );
}
