import { Anchor, Badge, Button, Group, Modal, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { fieldErrors, FormError, showFieldErrors } from '../../../../components/FormError';
import { useUnsavedChanges } from '../../../../components/unsaved-changes';
import { Paging } from '../../../../components/Paging';
import { PrefetchLink } from '../../../../components/PrefetchLink';
import { paths } from '../../../../config/paths';
import { emailRule, passwordRules, usernameRule } from '../../../../lib/form-rules';
import { useDelayedFlag } from '../../../../lib/use-delayed';
import { useListParams } from '../../../../lib/use-list-params';
import { useTitle } from '../../../../lib/use-title';
import { useCreateUser, useInvite, useUsers } from './api';
import { AdminTable } from '../../../../components/admin/AdminTable';

/** An account made here, with a first password the administrator hands over. */
function CreateUserForm({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateUser();
  const form = useForm({
    initialValues: { name: '', username: '', email: '', password: '' },
    validate: { name: (v) => (v.trim() ? null : 'Give a name'), username: usernameRule, email: emailRule, password: passwordRules.password },
  });
  const unsaved = useUnsavedChanges(form.isDirty(), 'the new account');
  return (
    <form
      noValidate
      aria-label="New account"
      onSubmit={form.onSubmit((v) =>
        create.mutate(
          { name: v.name.trim(), username: v.username, email: v.email.trim() || null, password: v.password },
          {
            onSuccess: (created) => {
              notifications.show({ color: 'green', message: `Account ${created.user.username} created` });
              onDone();
              unsaved.saved();
              void navigate(paths.adminUser(created.user.username));
            },
            onError: (e) => showFieldErrors(form, fieldErrors(e)),
          },
        ),
      )}
    >
      <Stack gap="sm">
        <FormError error={create.error} />
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Username" required autoComplete="off" {...form.getInputProps('username')} />
        <TextInput label="E-mail" type="email" {...form.getInputProps('email')} />
        <PasswordInput
          label="First password"
          description="Hand it over; they can change it under My account"
          required
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** An invitation by e-mail: the person chooses their own username and password. */
function InviteForm({ onDone }: { onDone: () => void }) {
  const invite = useInvite();
  const form = useForm({
    initialValues: { name: '', email: '' },
    validate: { name: (v) => (v.trim() ? null : 'Give a name'), email: (v) => (v.trim() ? emailRule(v) : 'Enter an e-mail address') },
  });
  useUnsavedChanges(form.isDirty(), 'the invitation');
  return (
    <form
      noValidate
      aria-label="Invitation"
      onSubmit={form.onSubmit((v) =>
        invite.mutate(
          { name: v.name.trim(), email: v.email.trim() },
          {
            onSuccess: ({ invitation }) => {
              notifications.show({ color: 'green', message: `Invitation sent to ${invitation.email}; it is valid 14 days` });
              onDone();
            },
            onError: (e) => showFieldErrors(form, fieldErrors(e)),
          },
        ),
      )}
    >
      <Stack gap="sm">
        <Text size="sm">A person is added to the catalogue now; the link in the e-mail lets them choose a username and password.</Text>
        <FormError error={invite.error} />
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput label="E-mail" type="email" required {...form.getInputProps('email')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={invite.isPending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Accounts: search by username, e-mail or name; create one, or invite someone. */
export default function UsersAdminPage() {
  useTitle('Users · Site Admin');
  const { searchInput, q, page, setPage } = useListParams();
  const users = useUsers(q, page);
  const busy = useDelayedFlag(users.isFetching);
  const [creating, create] = useDisclosure(false);
  const [inviting, invite] = useDisclosure(false);
  const list = users.data?.data.users;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Users</Title>
        <Group gap="sm">
          <Button variant="default" onClick={invite.open}>
            Invite someone
          </Button>
          <Button onClick={create.open}>New account</Button>
        </Group>
      </Group>
      <TextInput label="Search users" placeholder="Username, e-mail or name" leftSection={<IconSearch size={16} aria-hidden />} {...searchInput} maw={420} />
      <FormError error={users.error} />
      {list?.length === 0 ? <Text>{q ? `No account matches “${q}”.` : 'There are no accounts yet.'}</Text> : null}
      {list && list.length > 0 ? (
        <AdminTable
          label="Users"
          minWidth={600}
          aria-busy={busy}
          highlightOnHover
          rows={list}
          rowKey={(u) => u.id}
          columns={[
            {
              header: 'Username',
              cell: (u) => (
                <Anchor component={PrefetchLink} to={paths.adminUser(u.username)}>
                  {u.username}
                </Anchor>
              ),
            },
            { header: 'Name', cell: (u) => u.person.name },
            { header: 'E-mail', cell: (u) => u.email ?? '—' },
            {
              header: 'Status',
              cell: (u) => (
                <>
                  {u.disabled ? <Badge color="gray">Disabled</Badge> : null}
                  {u.super ? <Badge color="blue">Super user</Badge> : null}
                </>
              ),
            },
          ]}
        />
      ) : null}
      <Paging pagination={users.data?.pagination} page={page} onChange={setPage} noun={['account', 'accounts']} />
      <Modal opened={creating} onClose={create.close} title="New account">
        <CreateUserForm onDone={create.close} />
      </Modal>
      <Modal opened={inviting} onClose={invite.close} title="Invite someone">
        <InviteForm onDone={invite.close} />
      </Modal>
    </Stack>
  );
}
