import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import type { ResetRequested } from '@observatory/shared';
import { Link } from 'react-router';
import { fieldErrors, FormError, showFieldErrors } from '../../components/FormError';
import { paths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { useTitle } from '../../lib/use-title';

export default function ForgotPage() {
  useTitle('Forgot your password');
  const request = useMutation({ mutationFn: (login: string) => api.post<ResetRequested>('/auth/reset', { login }) });
  const form = useForm({ initialValues: { login: '' }, validate: { login: (v) => (v.trim() ? null : 'Enter your username or e-mail') } });
  if (request.isSuccess) {
    return (
      <Stack>
        <Title order={1} size="h2">
          Check your e-mail
        </Title>
        <Text role="status">{request.data.message} The link works for one hour.</Text>
        <Anchor component={Link} to={paths.login}>
          Back to sign in
        </Anchor>
      </Stack>
    );
  }
  return (
    <form onSubmit={form.onSubmit((v) => request.mutate(v.login, { onError: (e) => showFieldErrors(form, fieldErrors(e)) }))} noValidate>
      <Stack>
        <Title order={1} size="h2">
          Forgot your password?
        </Title>
        <Text size="sm" c="dimmed">
          Give your username or e-mail address; we will send you a link to choose a new password.
        </Text>
        <FormError error={request.error} />
        <TextInput label="Username or e-mail" required autoFocus {...form.getInputProps('login')} />
        <Button type="submit" loading={request.isPending}>
          Send the link
        </Button>
        <Anchor component={Link} to={paths.login} size="sm">
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}
