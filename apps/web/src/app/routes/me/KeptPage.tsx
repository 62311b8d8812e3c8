import { Anchor, Button, Container, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { askRemoveKept } from '../../../components/KeepOffline';
import { PageState } from '../../../components/PageState';
import { PrefetchLink } from '../../../components/PrefetchLink';
import { WideTable } from '../../../components/WideTable';
import { formatBytes } from '../../../lib/bytes';
import { useKeeps, useRemoveKeep } from '../../../lib/kept/use-kept';
import { keptKeys } from '../../../lib/query-keys';
import { useTitle } from '../../../lib/use-title';

const KINDS = { object: 'Site or object', project: 'Project with its sites', area: 'Map area with its sites' } as const;

/** What the browser says of this site's storage: used, allowed, and whether it is kept through pressure. */
function useStorageState() {
  return useQuery({
    queryKey: keptKeys.storage,
    queryFn: async () => ({
      estimate: (await navigator.storage?.estimate?.()) ?? null,
      persisted: (await navigator.storage?.persisted?.()) ?? false,
    }),
    networkMode: 'always',
    staleTime: 0,
  });
}

/** /me/kept: what the signed-in user kept on this device for work with no network, its size, removed here. */
export default function KeptPage() {
  useTitle('Kept on this device');
  const keeps = useKeeps();
  const storage = useStorageState();
  const remove = useRemoveKeep();
  const list = keeps.data?.keeps ?? [];
  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Title order={1}>Kept on this device</Title>
        <Text c="dimmed" maw={720}>
          What you keep here opens with no network, in this browser, while you are signed in. It is deleted when you sign out. Keep a site from its page, a
          project from its Data tab, or a map area from the map’s layers (Keep offline).
        </Text>
        {!keeps.data ? (
          <PageState isPending={keeps.isPending} error={keeps.error} />
        ) : list.length === 0 ? (
          <Text role="status">
            Nothing is kept on this device. Open a site, a project’s Data tab or the map’s layers and choose “Keep offline” to take it into the field.
          </Text>
        ) : (
          <WideTable label="Kept on this device" minWidth={560}>
            <Table aria-label="Kept on this device">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>What</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Size</Table.Th>
                  <Table.Th>Kept at</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((k) => (
                  <Table.Tr key={k.id}>
                    <Table.Td>
                      <Anchor component={PrefetchLink} to={k.href}>
                        {k.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{KINDS[k.kind]}</Table.Td>
                    <Table.Td>{formatBytes(k.bytes)}</Table.Td>
                    <Table.Td>{new Date(k.keptAt).toLocaleString()}</Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="danger"
                        onClick={() => askRemoveKept(k.title, () => remove.mutateAsync(k.id))}
                        aria-label={`Remove ${k.title}`}
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
        )}
        {keeps.data ? (
          <Stack gap={4} role="group" aria-label="Storage">
            {list.length ? (
              <Text size="sm">
                Kept in all: <b>{formatBytes(keeps.data.bytes)}</b>
              </Text>
            ) : null}
            {storage.data?.estimate?.usage !== undefined ? (
              <Text size="sm">
                This site uses {formatBytes(storage.data.estimate.usage)} of this browser’s storage (the app’s code included)
                {storage.data.estimate.quota ? `, of the ${formatBytes(storage.data.estimate.quota)} it allows` : ''}.
              </Text>
            ) : null}
            {storage.data ? (
              <Text size="sm">
                {storage.data.persisted
                  ? 'The browser keeps it when space runs low.'
                  : 'The browser may clear it when space runs low (it did not grant persistent storage).'}
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Container>
  );
}
