import { Anchor, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { AuditEntry } from '@observatory/shared';
import { PrefetchLink } from '../../../components/PrefetchLink';
import { PageState } from '../../../components/PageState';
import { useHasPermission } from '../../../lib/auth';
import { useTitle } from '../../../lib/use-title';
import { useAdminSummary, useOutbox } from './api';
import { changeInWords } from './audit-words';
import { WideTable } from '../../../components/WideTable';

/** "ada added a photo to Abisko birch–tundra ecotone", the target a link when it may be named. */
function ChangeSentence({ entry }: { entry: AuditEntry }) {
  const { lead, target } = changeInWords(entry);
  return (
    <>
      {lead}{' '}
      {target.to ? (
        <Anchor component={PrefetchLink} to={target.to} fz="inherit">
          {target.text}
        </Anchor>
      ) : (
        target.text
      )}
    </>
  );
}

const when = (iso: string) => new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });

/** Counts of what exists, the newest audit entries, and the mail outbox for holders of manageUsers. */
export default function AdminIndexPage() {
  useTitle('Site Admin');
  const summary = useAdminSummary();
  const seesMail = useHasPermission('manageUsers');
  const outbox = useOutbox(seesMail);
  if (!summary.data) return <PageState isPending={summary.isPending} error={summary.error} />;
  return (
    <Stack gap="xl">
      <Title order={1}>Site Admin</Title>
      <SimpleGrid cols={{ base: 2, md: 4 }} component="section" aria-label="Counts">
        {Object.entries(summary.data.counts).map(([name, count]) => (
          <Card key={name} withBorder>
            <Text size="xl" fw={700}>
              {count}
            </Text>
            <Text size="sm" c="dimmed" tt="capitalize">
              {name}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Stack gap="xs" component="section" aria-labelledby="audit-title">
        <Title order={2} size="h3" id="audit-title">
          Recent changes
        </Title>
        {summary.data.audit.length === 0 ? (
          <Text c="dimmed">Nothing has changed yet.</Text>
        ) : (
          <WideTable label="Recent changes" minWidth={520}>
            <Table aria-label="Recent changes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>What happened</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.data.audit.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(a.createdAt)}</Table.Td>
                    <Table.Td>
                      <ChangeSentence entry={a} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
        )}
      </Stack>
      {seesMail ? (
        <Stack gap="xs" component="section" aria-labelledby="outbox-title">
          <Title order={2} size="h3" id="outbox-title">
            Mail outbox
          </Title>
          {outbox.data?.messages.length === 0 ? <Text c="dimmed">No mail has been sent.</Text> : null}
          {outbox.data && outbox.data.messages.length > 0 ? (
            <WideTable label="Mail outbox" minWidth={520}>
              <Table aria-label="Mail outbox">
                <Table.Tbody>
                  {outbox.data.messages.map((m) => (
                    <Table.Tr key={m.id}>
                      <Table.Td>{when(m.createdAt)}</Table.Td>
                      <Table.Td>{m.to}</Table.Td>
                      <Table.Td>{m.subject}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </WideTable>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
