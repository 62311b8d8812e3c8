import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Revision, RevisionDetail } from '@observatory/shared';
import { useQuery, type QueryKey, type UseMutationResult, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { confirmAction } from './confirm';
import { FormError } from './FormError';
import { RichText } from './RichText';
import { WideTable } from './WideTable';

const when = (iso: string) => new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Saved versions of a document, newest first: open one, or make it current again. Its
 * owner's feature gives the queries (a project's documentation, an update, an insight).
 */
export function RevisionHistory<K extends QueryKey>({
  revisions,
  versionQuery,
  restore,
}: {
  revisions: UseQueryResult<Revision[]>;
  /** The query of one version (disabled while `id` is null). */
  versionQuery: (id: string | null) => UseQueryOptions<RevisionDetail, Error, RevisionDetail, K>;
  restore: UseMutationResult<unknown, Error, string>;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const shown = useQuery(versionQuery(open));
  const confirmRestore = (id: string, createdAt: string) =>
    confirmAction({
      title: 'Restore this version?',
      message: `The text saved ${when(createdAt)} becomes the current one. The current text stays in the history; unsaved changes on this page are lost.`,
      confirmLabel: 'Restore',
      onConfirm: () =>
        restore.mutate(id, { onSuccess: () => (setOpen(null), notifications.show({ color: 'green', message: 'The earlier version is current again' })) }),
    });
  return (
    <Stack gap="xs">
      <FormError error={revisions.error ?? restore.error} />
      {revisions.data?.length === 0 ? <Text c="dimmed">No saved versions yet.</Text> : null}
      {revisions.data && revisions.data.length > 0 ? (
        <WideTable label="Saved versions" minWidth={420}>
          <Table aria-label="Saved versions">
            <Table.Tbody>
              {revisions.data.map((r, i) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{when(r.createdAt)}</Table.Td>
                  <Table.Td>{r.author?.name ?? 'someone'}</Table.Td>
                  <Table.Td>{i === 0 ? <Text size="sm">Current</Text> : null}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end">
                      <Button size="xs" variant="subtle" onClick={() => setOpen(r.id)} aria-label={`Open the version of ${when(r.createdAt)}`}>
                        Open
                      </Button>
                      {i > 0 ? (
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => confirmRestore(r.id, r.createdAt)}
                          aria-label={`Restore the version of ${when(r.createdAt)}`}
                        >
                          Restore
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      ) : null}
      <Modal opened={!!open} onClose={() => setOpen(null)} title={shown.data ? `Saved ${when(shown.data.revision.createdAt)}` : 'Saved version'} size="lg">
        {shown.data ? shown.data.doc ? <RichText doc={shown.data.doc} /> : <Text c="dimmed">Empty</Text> : <Text c="dimmed">Loading…</Text>}
      </Modal>
    </Stack>
  );
}
