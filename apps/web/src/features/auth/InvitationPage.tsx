import { Button, Container, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { InvitationResponse } from '@observatory/shared';
import { fieldErrors, FormError, showFieldErrors } from '../../components/FormError';
import { paths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { useLogin } from '../../lib/sign-in-out';
import { useDelayedFlag } from '../../lib/use-delayed';
import { passwordRules, usernameRule } from '../../lib/form-rules';
import { useTitle } from '../../lib/use-title';
import { authLinkKeys } from './keys';

/** Without a code in the address: a field to paste the one from the e-mail. */
function EnterCode() {
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (v) => (v.trim().length >= 10 ? null : 'Paste the code from the invitation e-mail') },
  });
  return (
    <form onSubmit={form.onSubmit((v) => navigate(paths.invitation(v.code.trim().split('/').pop()!)))} noValidate>
      <Stack>
        <Text>Paste the code (or the whole link) from your invitation e-mail.</Text>
        <TextInput label="Invitation code" required {...form.getInputProps('code')} />
        <Button type="submit" w="fit-content">
          Continue
        </Button>
      </Stack>
    </form>
  );
}

function Accept({ code }: { code: string }) {
  // Once accepted the invitation is used up: signing in (which asks every query again) must not ask for it.
  const [accepted, setAccepted] = useState(false);
  const check = useQuery({
    queryKey: authLinkKeys.invitation(code),
    queryFn: () => api.get<InvitationResponse>(`/invitations/${encodeURIComponent(code)}`),
    retry: false,
    enabled: !accepted,
  });
  const login = useLogin();
  const form = useForm({
    initialValues: { username: '', password: '', confirm: '' },
    validate: { username: usernameRule, ...passwordRules },
  });
  const accept = useMutation({
    mutationFn: (v: { username: string; password: string }) => api.post(`/invitations/${encodeURIComponent(code)}/accept`, v),
    onSuccess: (_data, v) => {
      setAccepted(true);
      login.mutate({ username: v.username, password: v.password });
    },
    onError: (error) => showFieldErrors(form, fieldErrors(error)),
  });
  const spinner = useDelayedFlag(check.isPending);
  if (check.isPending) return spinner ? <Loader role="status" aria-label="Loading" /> : null;
  if (check.isError) return <FormError error={check.error} />;
  const { invitation } = check.data;
  return (
    <form onSubmit={form.onSubmit((v) => accept.mutate({ username: v.username, password: v.password }))} noValidate>
      <Stack>
        <Text>
          Welcome{invitation.name ? `, ${invitation.name}` : ''}. Choose the username and password you will sign in with ({invitation.email}).
        </Text>
        <FormError error={accept.error ?? login.error} />
        <TextInput label="Username" autoComplete="username" required autoFocus {...form.getInputProps('username')} />
        <PasswordInput label="Password" autoComplete="new-password" required {...form.getInputProps('password')} />
        <PasswordInput label="Repeat the password" autoComplete="new-password" required {...form.getInputProps('confirm')} />
        <Button type="submit" loading={accept.isPending || login.isPending} w="fit-content">
          Create my account
        </Button>
      </Stack>
    </form>
  );
}

export default function InvitationPage() {
  useTitle('Accept an invitation');
  const { code } = useParams();
  return (
    <Container size={480} py="xl">
      <Paper withBorder p="xl" radius="md">
        <Stack>
          <Title order={1} size="h2">
            Accept your invitation
          </Title>
          {code ? <Accept code={code} /> : <EnterCode />}
        </Stack>
      </Paper>
    </Container>
  );
}
