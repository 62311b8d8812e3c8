import { Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { UserSession } from '@observatory/shared';
import { FormError } from '../../components/FormError';
import { WideTable } from '../../components/WideTable';
import { confirmAction } from '../../components/confirm';
import { useLogout } from '../../lib/sign-in-out';
import { useDelayedFlag } from '../../lib/use-delayed';
import { useEndSession, useSessions } from './api';

const when = (iso: string) => new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });

/** The user's sign-ins still going, each with "Sign out"; and "Sign out everywhere". */
export function Sessions() {
  const sessions = useSessions();
  const end = useEndSession();
  const logout = useLogout();
  const spinner = useDelayedFlag(sessions.isPending);
  const signOut = (session: UserSession) => (session.current ? logout.mutate({}) : end.mutate(session.id));
  const everywhere = () =>
    confirmAction({
      title: 'Sign out everywhere?',
      message: 'Every browser and device signed in as you, this one included, will have to sign in again.',
      confirmLabel: 'Sign out everywhere',
      danger: true,
      onConfirm: () => logout.mutate({ everywhere: true }),
    });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Where you are signed in. Signing a session out ends it at once, on that device too.
      </Text>
      <FormError error={sessions.error ?? end.error} />
      {spinner ? <Text aria-busy="true">Loading…</Text> : null}
      {sessions.data ? (
        <WideTable label="Sessions" minWidth={560}>
          <Table aria-label="Sessions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Device</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Signed in</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.data.map((session) => (
                <Table.Tr key={session.id}>
                  <Table.Td>
                    <Group gap="xs">
                      {session.device}
                      {session.current ? <Badge variant="light">This browser</Badge> : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>{session.ip ?? '—'}</Table.Td>
                  <Table.Td>{when(session.startedAt)}</Table.Td>
                  <Table.Td>{when(session.lastUsedAt)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => signOut(session)}
                      loading={end.isPending && end.variables === session.id}
                      aria-label={`Sign out ${session.current ? 'this browser' : `${session.device}, last used ${when(session.lastUsedAt)}`}`}
                    >
                      Sign out
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      ) : null}
      <Group>
        <Button variant="outline" color="danger" onClick={everywhere} loading={logout.isPending} w="fit-content">
          Sign out everywhere
        </Button>
      </Group>
    </Stack>
  );
}
