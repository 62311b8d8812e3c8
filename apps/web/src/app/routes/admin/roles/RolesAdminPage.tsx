import { Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { fieldErrors, FormError, showFieldErrors } from '../../../../components/FormError';
import { PageState } from '../../../../components/PageState';
import { PrefetchLink } from '../../../../components/PrefetchLink';
import { paths } from '../../../../config/paths';
import { useTitle } from '../../../../lib/use-title';
import { useCreateRole, useRoles } from './api';
import { WideTable } from '../../../../components/WideTable';

/** Every role with its permissions; a new one starts with none and is filled on its page. */
export default function RolesAdminPage() {
  useTitle('Roles · Site Admin');
  const navigate = useNavigate();
  const roles = useRoles();
  const create = useCreateRole();
  const form = useForm({ initialValues: { name: '' }, validate: { name: (v) => (v.trim() ? null : 'Give a name') } });
  if (!roles.data) return <PageState isPending={roles.isPending} error={roles.error} />;
  return (
    <Stack gap="lg">
      <Title order={1}>Roles</Title>
      <Text size="sm" c="dimmed">
        A role held everywhere (globally) grants its site permissions; a role held on a team or project grants its actions there.
      </Text>
      <WideTable label="Roles" minWidth={480}>
        <Table aria-label="Roles">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Role</Table.Th>
              <Table.Th>Permissions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {roles.data.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Anchor component={PrefetchLink} to={paths.adminRole(r.slug)}>
                    {r.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{r.permissions.length ? r.permissions.join(', ') : 'none'}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </WideTable>
      <form
        noValidate
        aria-label="New role"
        onSubmit={form.onSubmit((v) =>
          create.mutate(
            { name: v.name.trim() },
            { onSuccess: (role) => void navigate(paths.adminRole(role.slug)), onError: (e) => showFieldErrors(form, fieldErrors(e)) },
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
