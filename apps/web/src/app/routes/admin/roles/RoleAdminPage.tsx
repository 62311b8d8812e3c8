import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { GLOBAL_PERMISSIONS, RESOURCE_ACTIONS } from '@observatory/shared';
import { useNavigate, useParams } from 'react-router';
import { fieldErrors, FormError, showFieldErrors } from '../../../../components/FormError';
import { PageState } from '../../../../components/PageState';
import { useUnsavedChanges } from '../../../../components/unsaved-changes';
import { paths } from '../../../../config/paths';
import { useTitle } from '../../../../lib/use-title';
import { useDeleteRole, useRole, useUpdateRole, type RoleDetail } from './api';
import { confirmDelete } from '../../../../components/confirm';

function PermissionGroup({
  label,
  description,
  names,
  value,
  onChange,
}: {
  label: string;
  description: string;
  names: readonly string[];
  value: string[];
  onChange: (v: string[]) => void;
}) {
  return (
    <Checkbox.Group
      label={label}
      description={description}
      value={value.filter((p) => names.includes(p))}
      onChange={(picked) => onChange([...value.filter((p) => !names.includes(p)), ...picked])}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="xs" spacing="xs">
        {names.map((name) => (
          <Checkbox key={name} value={name} label={name} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

function RoleForm({ detail }: { detail: RoleDetail }) {
  const navigate = useNavigate();
  const update = useUpdateRole(detail.role.slug);
  const remove = useDeleteRole(detail.role.slug);
  const form = useForm({
    initialValues: { name: detail.role.name, permissions: detail.role.permissions },
    validate: { name: (v) => (v.trim() ? null : 'Give a name') },
  });
  useUnsavedChanges(form.isDirty(), 'this role');
  const deletable = !detail.builtin && detail.holders === 0;
  const askToDelete = () =>
    confirmDelete({
      title: `Delete the role ${detail.role.name}?`,
      message: 'Nobody holds it. This cannot be undone.',
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: `Role ${detail.role.name} deleted` });
            void navigate(paths.adminRoles);
          },
        }),
    });
  return (
    <form
      noValidate
      aria-label="Role"
      onSubmit={form.onSubmit((v) =>
        update.mutate(
          { name: v.name.trim(), permissions: v.permissions },
          {
            onSuccess: () => (notifications.show({ color: 'green', message: 'Role saved' }), form.resetDirty()),
            onError: (e) => showFieldErrors(form, fieldErrors(e)),
          },
        ),
      )}
    >
      <Stack gap="lg">
        <FormError error={update.error ?? remove.error} />
        <TextInput label="Name" required maw={400} {...form.getInputProps('name')} />
        <PermissionGroup
          label="Site permissions"
          description="Count when the role is held everywhere (globally)"
          names={GLOBAL_PERMISSIONS}
          value={form.values.permissions}
          onChange={(v) => form.setFieldValue('permissions', v)}
        />
        <PermissionGroup
          label="Actions on a team or project"
          description="Count where the role is held"
          names={RESOURCE_ACTIONS}
          value={form.values.permissions}
          onChange={(v) => form.setFieldValue('permissions', v)}
        />
        <Group justify="space-between">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Save
          </Button>
          <Button variant="subtle" color="danger" onClick={askToDelete} disabled={!deletable} loading={remove.isPending}>
            Delete role
          </Button>
        </Group>
        {!deletable ? (
          <Text size="sm" c="dimmed">
            {detail.builtin
              ? 'Built-in roles cannot be deleted.'
              : `Held ${detail.holders} ${detail.holders === 1 ? 'time' : 'times'}: take it away from everyone before deleting it.`}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

/** A role: rename it, choose its permissions from the catalogue, delete it when unused. */
export default function RoleAdminPage() {
  const { slug = '' } = useParams();
  const role = useRole(slug);
  useTitle(`${role.data?.role.name ?? slug} · Roles · Site Admin`);
  if (!role.data) return <PageState isPending={role.isPending} error={role.error} />;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{role.data.role.name}</Title>
        <Text c="dimmed">
          {role.data.role.slug} · held {role.data.holders} {role.data.holders === 1 ? 'time' : 'times'}
          {role.data.builtin ? ' · built in' : ''}
        </Text>
      </Stack>
      {role.data.role.slug === 'administrator' ? (
        <Alert color="yellow">Taking permissions away from this role can lock administrators out of parts of Site Admin.</Alert>
      ) : null}
      <RoleForm key={role.data.role.id} detail={role.data} />
    </Stack>
  );
}
