import { Anchor, Button, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ResetCodeCheck } from '@observatory/shared';
import { Link, useNavigate, useParams } from 'react-router';
import { fieldErrors, FormError, showFieldErrors } from '../../components/FormError';
import { paths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { passwordRules } from '../../lib/form-rules';
import { useDelayedFlag } from '../../lib/use-delayed';
import { useTitle } from '../../lib/use-title';
import { authLinkKeys } from './keys';

export default function ResetPage() {
  useTitle('Choose a new password');
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const check = useQuery({
    queryKey: authLinkKeys.reset(code),
    queryFn: () => api.get<ResetCodeCheck>(`/auth/reset/${encodeURIComponent(code)}`),
    retry: false,
  });
  const reset = useMutation({
    mutationFn: (password: string) => api.post(`/auth/reset/${encodeURIComponent(code)}`, { password }),
    onSuccess: async () => {
      notifications.show({ color: 'green', title: 'Password changed', message: 'Sign in with your new password.' });
      await navigate(paths.login);
    },
  });
  const form = useForm({ initialValues: { password: '', confirm: '' }, validate: passwordRules });
  const spinner = useDelayedFlag(check.isPending);
  if (check.isPending) return spinner ? <Loader role="status" aria-label="Loading" /> : null;
  if (check.isError) {
    return (
      <Stack>
        <Title order={1} size="h2">
          This link does not work
        </Title>
        <FormError error={check.error} />
        <Anchor component={Link} to={paths.forgot}>
          Ask for a new link
        </Anchor>
      </Stack>
    );
  }
  return (
    <form onSubmit={form.onSubmit((v) => reset.mutate(v.password, { onError: (e) => showFieldErrors(form, fieldErrors(e)) }))} noValidate>
      <Stack>
        <Title order={1} size="h2">
          Choose a new password
        </Title>
        <Text size="sm">For the account {check.data.username}.</Text>
        <FormError error={reset.error} />
        <PasswordInput label="New password" autoComplete="new-password" required autoFocus {...form.getInputProps('password')} />
        <PasswordInput label="Repeat the new password" autoComplete="new-password" required {...form.getInputProps('confirm')} />
        <Button type="submit" loading={reset.isPending}>
          Set the password
        </Button>
      </Stack>
    </form>
  );
}
