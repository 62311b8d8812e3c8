import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { EmailChanged } from '@observatory/shared';
import { Link, useParams } from 'react-router';
import { FormError } from '../../components/FormError';
import { paths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { useTitle } from '../../lib/use-title';

/**
 * The link mailed to a new e-mail address. Confirming is a button, not the page's opening:
 * mail scanners open links, and must not change an account.
 */
export default function EmailChangePage() {
  useTitle('Confirm your new e-mail address');
  const { code = '' } = useParams();
  const confirm = useMutation({ mutationFn: () => api.post<EmailChanged>(`/email-changes/${encodeURIComponent(code)}`) });
  if (confirm.data) {
    return (
      <Stack>
        <Title order={1} size="h2">
          E-mail address changed
        </Title>
        <Text>
          The account {confirm.data.username} now has the e-mail address {confirm.data.email}.
        </Text>
        <Anchor component={Link} to={paths.home}>
          Go to the catalogue
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack>
      <Title order={1} size="h2">
        Confirm your new e-mail address
      </Title>
      <Text size="sm">Your account takes this address for password resets and notices once you confirm.</Text>
      <FormError error={confirm.error} />
      <Button onClick={() => confirm.mutate()} loading={confirm.isPending}>
        Confirm the new address
      </Button>
    </Stack>
  );
}
