import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { fieldErrors, FormError, showFieldErrors } from '../../../../components/FormError';
import { PageState } from '../../../../components/PageState';
import { useUnsavedChanges } from '../../../../components/unsaved-changes';
import { PrefetchLink } from '../../../../components/PrefetchLink';
import { paths } from '../../../../config/paths';
import { useTitle } from '../../../../lib/use-title';
import { useCreateRole, useRoles } from './api';
import { AdminTable } from '../../../../components/admin/AdminTable';

/** Every role with its permissions; a new one starts with none and is filled on its page. */
export default function RolesAdminPage() {
  useTitle('Roles · Site Admin');
  const navigate = useNavigate();
  const roles = useRoles();
  const create = useCreateRole();
  const form = useForm({ initialValues: { name: '' }, validate: { name: (v) => (v.trim() ? null : 'Give a name') } });
  const unsaved = useUnsavedChanges(form.isDirty(), 'the new role');
  if (!roles.data) return <PageState isPending={roles.isPending} error={roles.error} />;
  return (
    <Stack gap="lg">
      <Title order={1}>Roles</Title>
      <Text size="sm" c="dimmed">
        A role held everywhere (globally) grants its site permissions; a role held on a team or project grants its actions there.
      </Text>
      <AdminTable
        label="Roles"
        minWidth={480}
        rows={roles.data}
        rowKey={(r) => r.id}
        columns={[
          {
            header: 'Role',
            cell: (r) => (
              <Anchor component={PrefetchLink} to={paths.adminRole(r.slug)}>
                {r.name}
              </Anchor>
            ),
          },
          { header: 'Permissions', cell: (r) => <Text size="sm">{r.permissions.length ? r.permissions.join(', ') : 'none'}</Text> },
        ]}
      />
      <form
        noValidate
        aria-label="New role"
        onSubmit={form.onSubmit((v) =>
          create.mutate(
            { name: v.name.trim() },
            { onSuccess: (role) => (unsaved.saved(), void navigate(paths.adminRole(role.slug))), onError: (e) => showFieldErrors(form, fieldErrors(e)) },
          ),
        )}
      >
        <Stack gap="xs" maw={480}>
          <FormError error={create.error} />
          <Group align="flex-end">
            <TextInput label="New role" placeholder="Field technician" {...form.getInputProps('name')} />
            <Button type="submit" loading={create.isPending}>
              Create role
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
