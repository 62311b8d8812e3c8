import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { GLOBAL_TARGET, type RoleAssignment } from '@observatory/shared';
import { fieldErrors, FormError, showFieldErrors } from '../../../../components/FormError';
import { useUnsavedChanges } from '../../../../components/unsaved-changes';
import { PrefetchLink } from '../../../../components/PrefetchLink';
import { paths } from '../../../../config/paths';
import { useAllTeams } from '../../../../features/teams/api';
import { useRoleChange, useRoles, type UserDetail } from './api';
import { holdsRole, rolesFor, sortAssignments } from './role-assignments';
import { AdminTable } from '../../../../components/admin/AdminTable';
import { confirmDelete } from '../../../../components/confirm';

function Scope({ assignment }: { assignment: RoleAssignment }) {
  const { target } = assignment;
  if (!target) return <Text size="sm">Everywhere (global)</Text>;
  return (
    <Text size="sm">
      {target.type === 'team' ? 'Team ' : 'Project '}
      <Anchor component={PrefetchLink} to={target.type === 'team' ? paths.team(target.slug) : paths.project(target.slug)}>
        {target.name}
      </Anchor>
    </Text>
  );
}

/** Global roles and roles on teams (projects join as they land): add, or take away after confirming. */
export function RolesTab({ detail }: { detail: UserDetail }) {
  const change = useRoleChange(detail.user.username, detail.person.id);
  const roles = useRoles();
  const teams = useAllTeams();
  const form = useForm({ initialValues: { target: GLOBAL_TARGET, role: '' }, validate: { role: (v) => (v ? null : 'Choose a role') } });
  useUnsavedChanges(form.isDirty(), 'the role to add');
  const held = sortAssignments(detail.roles);
  const scopes = [{ value: GLOBAL_TARGET, label: 'Everywhere (global)' }, ...(teams.data ?? []).map((t) => ({ value: t.id, label: `Team ${t.name}` }))];
  const offered = rolesFor(roles.data ?? [], form.values.target).map((r) => ({ value: r.slug, label: r.name }));

  const add = (v: { target: string; role: string }) => {
    if (holdsRole(detail.roles, v.role, v.target)) {
      notifications.show({ color: 'gray', message: 'They already hold this role there; nothing changed.' });
      return;
    }
    change.mutate({ action: 'add', ...v }, { onSuccess: () => form.setFieldValue('role', ''), onError: (e) => showFieldErrors(form, fieldErrors(e)) });
  };
  const confirmRemove = (a: RoleAssignment) =>
    confirmDelete({
      title: `Take away ${a.role.name}?`,
      message: `${detail.person.name} loses what the role allows${a.target ? ` on ${a.target.name}` : ''} at once.`,
      confirmLabel: 'Take it away',
      onConfirm: () => change.mutate({ action: 'remove', role: a.role.slug, target: a.target?.id ?? GLOBAL_TARGET }),
    });

  return (
    <Stack gap="lg">
      <FormError error={change.error ?? roles.error} />
      {held.length === 0 ? <Text>No roles: they can do what every signed-in user can.</Text> : null}
      {held.length > 0 ? (
        <AdminTable
          label="Roles held"
          minWidth={420}
          rows={held}
          rowKey={(a) => `${a.role.id}:${a.target?.id ?? GLOBAL_TARGET}`}
          columns={[
            {
              header: 'Role',
              cell: (a) => (
                <Anchor component={PrefetchLink} to={paths.adminRole(a.role.slug)}>
                  {a.role.name}
                </Anchor>
              ),
            },
            { header: 'Where', cell: (a) => <Scope assignment={a} /> },
          ]}
          actions={(a) => (
            <Button
              size="xs"
              variant="subtle"
              color="danger"
              onClick={() => confirmRemove(a)}
              aria-label={`Take away ${a.role.name}${a.target ? ` on ${a.target.name}` : ''}`}
            >
              Take away
            </Button>
          )}
        />
      ) : null}
      <form noValidate aria-label="Give a role" onSubmit={form.onSubmit(add)}>
        <Group align="flex-end" gap="sm">
          <Select
            label="Where"
            data={scopes}
            allowDeselect={false}
            searchable
            w={260}
            {...form.getInputProps('target')}
            onChange={(v) => {
              form.setFieldValue('target', v ?? GLOBAL_TARGET);
              form.setFieldValue('role', '');
            }}
          />
          <Select label="Role" data={offered} w={220} {...form.getInputProps('role')} />
          <Button type="submit" loading={change.isPending}>
            Give role
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
