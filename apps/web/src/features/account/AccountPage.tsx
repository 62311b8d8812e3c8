import { Alert, Button, Container, Divider, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { fieldErrors, FormError, showFieldErrors } from '../../components/FormError';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { useCurrentUser } from '../../lib/auth';
import { passwordRules } from '../../lib/form-rules';
import { useTitle } from '../../lib/use-title';
import { useAccount, useChangePassword, useUpdateEmail } from './api';
import { ApiKeys } from './ApiKeys';
import { NotificationSettings } from './NotificationSettings';
import { Sessions } from './Sessions';

function EmailForm({ username }: { username: string }) {
  const account = useAccount(username);
  if (!account.data) return <FormError error={account.error} />;
  const email = account.data.user.email ?? '';
  const waiting = account.data.emailChange;
  return (
    <>
      {waiting ? (
        <Alert color="blue" title="Waiting for your new address">
          We sent a link to {waiting.email}: your e-mail address changes when you open it (until{' '}
          {new Date(waiting.expiresAt).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' })}). Until then it stays {email || 'empty'}.
        </Alert>
      ) : null}
      <EmailFields key={`${email} ${waiting?.email ?? ''}`} username={username} email={email} />
    </>
  );
}

function EmailFields({ username, email }: { username: string; email: string }) {
  const update = useUpdateEmail(username);
  const form = useForm({
    initialValues: { email, currentPassword: '' },
    validate: {
      email: (v) => (!v || /^\S+@\S+\.\S+$/.test(v) ? null : 'Enter a valid e-mail address'),
      currentPassword: (v, values) => (values.email.trim() === email || v ? null : 'Enter your password to change your e-mail address'),
    },
  });
  useUnsavedChanges(form.isDirty(), 'your e-mail address');
  const changed = form.values.email.trim() !== email;
  return (
    <form
      onSubmit={form.onSubmit((v) =>
        update.mutate(
          { email: v.email.trim() || null, currentPassword: v.currentPassword },
          {
            onSuccess: (detail) =>
              notifications.show({
                color: 'green',
                message: detail.emailChange ? `We sent a link to ${detail.emailChange.email}: open it to make it your address` : 'E-mail address saved',
              }),
            onError: (e) => showFieldErrors(form, fieldErrors(e)),
          },
        ),
      )}
      noValidate
      aria-label="E-mail address"
    >
      <Stack gap="sm" maw={480}>
        <FormError error={update.error} />
        <TextInput label="Username" value={username} readOnly description="Ask an administrator to change it" />
        <TextInput label="E-mail" type="email" autoComplete="email" description="For password resets" {...form.getInputProps('email')} />
        {changed ? (
          <PasswordInput
            label="Your password"
            description="A new address takes effect when you open the link we mail to it; your old address is told"
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
        ) : null}
        <Button type="submit" loading={update.isPending} disabled={!form.isDirty()} w="fit-content">
          Save e-mail
        </Button>
      </Stack>
    </form>
  );
}

function PasswordForm() {
  const change = useChangePassword();
  const form = useForm({
    initialValues: { currentPassword: '', password: '', confirm: '' },
    validate: { currentPassword: (v) => (v ? null : 'Enter your current password'), ...passwordRules },
  });
  useUnsavedChanges(form.isDirty(), 'your password');
  return (
    <form
      onSubmit={form.onSubmit((v) =>
        change.mutate(
          { currentPassword: v.currentPassword, newPassword: v.password },
          {
            onSuccess: () => {
              form.reset();
              notifications.show({ color: 'green', message: 'Password changed; every other session has ended' });
            },
            onError: (e) => showFieldErrors(form, { ...fieldErrors(e), password: fieldErrors(e).newPassword }),
          },
        ),
      )}
      noValidate
      aria-label="Change password"
    >
      <Stack gap="sm" maw={480}>
        <FormError error={change.error} />
        <PasswordInput label="Current password" autoComplete="current-password" required {...form.getInputProps('currentPassword')} />
        <PasswordInput label="New password" autoComplete="new-password" required {...form.getInputProps('password')} />
        <PasswordInput label="Repeat the new password" autoComplete="new-password" required {...form.getInputProps('confirm')} />
        <Button type="submit" loading={change.isPending} w="fit-content">
          Change password
        </Button>
      </Stack>
    </form>
  );
}

/**
 * My Account: e-mail, password, e-mail notifications, sessions, API keys. `children` (what
 * other features add to /me, composed in app/routes/me) come first, below the title.
 */
export default function AccountPage({ children }: { children?: React.ReactNode }) {
  useTitle('My Account');
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Title order={1}>My Account</Title>
        {children}
        <Stack component="section" aria-labelledby="account-title">
          <Title order={2} size="h3" id="account-title">
            Account
          </Title>
          <EmailForm username={user.username} />
        </Stack>
        <Divider />
        <Stack component="section" aria-labelledby="password-title">
          <Title order={2} size="h3" id="password-title">
            Password
          </Title>
          <PasswordForm />
        </Stack>
        <Divider />
        <NotificationSettings />
        <Divider />
        <Stack component="section" aria-labelledby="sessions-title">
          <Title order={2} size="h3" id="sessions-title">
            Sessions
          </Title>
          <Sessions />
        </Stack>
        <Divider />
        <ApiKeys user={user} />
      </Stack>
    </Container>
  );
}
