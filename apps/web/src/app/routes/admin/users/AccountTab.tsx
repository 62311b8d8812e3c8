import { Alert, Button, Code, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { CopyButton } from '../../../../components/CopyButton';
import { fieldErrors, FormError, showFieldErrors } from '../../../../components/FormError';
import { useUnsavedChanges } from '../../../../components/unsaved-changes';
import { paths } from '../../../../config/paths';
import { emailRule, usernameRule } from '../../../../lib/form-rules';
import { useCurrentUser } from '../../../../lib/auth';
import { useResetLink, useUpdateAccount, type UserDetail } from './api';
import { confirmAction } from '../../../../components/confirm';

function AccountForm({ detail }: { detail: UserDetail }) {
  const navigate = useNavigate();
  const update = useUpdateAccount(detail.user.username);
  const email = detail.user.email ?? '';
  const form = useForm({
    initialValues: { username: detail.user.username, email, currentPassword: '' },
    validate: {
      username: usernameRule,
      email: emailRule,
      currentPassword: (v, values) => (values.email.trim() === email || v ? null : 'Enter your password to change an e-mail address'),
    },
  });
  const unsaved = useUnsavedChanges(form.isDirty(), 'this account');
  const emailChanged = form.values.email.trim() !== email;
  return (
    <form
      noValidate
      aria-label="Account"
      onSubmit={form.onSubmit((v) =>
        update.mutate(
          { username: v.username, email: v.email.trim() || null, ...(emailChanged ? { currentPassword: v.currentPassword } : {}) },
          {
            onSuccess: (saved) => {
              const waiting = saved.emailChange ? `; the new address takes effect when the link mailed to ${saved.emailChange.email} is opened` : '';
              notifications.show({ color: 'green', message: `Account saved${waiting}` });
              form.setValues({ email: saved.user.email ?? '', currentPassword: '' });
              form.resetDirty();
              unsaved.saved();
              if (saved.user.username !== detail.user.username) void navigate(paths.adminUser(saved.user.username, 'account'), { replace: true });
            },
            onError: (e) => showFieldErrors(form, fieldErrors(e)),
          },
        ),
      )}
    >
      <Stack gap="sm" maw={480}>
        <FormError error={update.error} />
        <TextInput label="Username" required autoComplete="off" {...form.getInputProps('username')} />
        <TextInput label="E-mail" type="email" description="Reset links and notices go here" {...form.getInputProps('email')} />
        {emailChanged ? (
          <PasswordInput
            label="Your password"
            description="Changing an e-mail address needs your own password; the old address is told"
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
        ) : null}
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ResetLink({ detail }: { detail: UserDetail }) {
  const reset = useResetLink(detail.user.username);
  return (
    <Stack gap="xs" component="section" aria-labelledby="reset-title">
      <Title order={2} size="h4" id="reset-title">
        Password
      </Title>
      <Text size="sm">A reset link lets them choose a new password within one hour. It is mailed when the account has an e-mail address.</Text>
      <FormError error={reset.error} />
      {reset.data ? (
        <Alert color="blue" title={reset.data.mailedTo ? `Mailed to ${reset.data.mailedTo}` : 'No e-mail address: hand this link over'}>
          <Group gap="xs" wrap="nowrap">
            <Code style={{ wordBreak: 'break-all' }} aria-label="Reset link">
              {reset.data.link}
            </Code>
            <CopyButton value={reset.data.link}>
              {({ copied, copy }) => (
                <Button size="xs" variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Alert>
      ) : null}
      <Group>
        <Button variant="default" onClick={() => reset.mutate(undefined)} loading={reset.isPending} disabled={detail.user.disabled}>
          Make a reset link
        </Button>
      </Group>
    </Stack>
  );
}

function Access({ detail }: { detail: UserDetail }) {
  const me = useCurrentUser();
  const update = useUpdateAccount(detail.user.username);
  const { disabled, username } = detail.user;
  const self = me.user?.username === username;
  const confirm = () =>
    confirmAction({
      title: disabled ? `Enable ${username}?` : `Disable ${username}?`,
      message: disabled
        ? 'They can sign in again with their password and API keys.'
        : 'They are signed out everywhere, cannot sign in, and their API keys stop working, until the account is enabled again. Nothing they made is deleted.',
      confirmLabel: disabled ? 'Enable' : 'Disable',
      danger: !disabled,
      onConfirm: () =>
        update.mutate(
          { disabled: !disabled },
          { onSuccess: () => notifications.show({ color: 'green', message: disabled ? 'Account enabled' : 'Account disabled' }) },
        ),
    });
  return (
    <Stack gap="xs" component="section" aria-labelledby="access-title">
      <Title order={2} size="h4" id="access-title">
        Access
      </Title>
      <Text size="sm">{disabled ? 'This account is disabled.' : 'This account can sign in.'}</Text>
      <FormError error={update.error} />
      <Group>
        <Button variant={disabled ? 'filled' : 'outline'} color={disabled ? 'blue' : 'danger'} onClick={confirm} disabled={self} loading={update.isPending}>
          {disabled ? 'Enable account' : 'Disable account'}
        </Button>
        {self ? (
          <Text size="sm" c="dimmed">
            You cannot disable your own account.
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}

/** E-mail and username, a reset link, and whether the account may sign in. */
export function AccountTab({ detail }: { detail: UserDetail }) {
  return (
    <Stack gap="xl">
      <AccountForm key={detail.user.id} detail={detail} />
      <ResetLink detail={detail} />
      <Access detail={detail} />
    </Stack>
  );
}
