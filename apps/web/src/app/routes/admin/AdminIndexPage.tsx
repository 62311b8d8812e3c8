import { Anchor, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { AuditEntry } from '@observatory/shared';
import { PrefetchLink } from '../../../components/PrefetchLink';
import { PageState } from '../../../components/PageState';
import { useHasPermission } from '../../../lib/auth';
import { useTitle } from '../../../lib/use-title';
import { useAdminStatus, useAdminSummary, useOutbox } from './api';
import { formatBytes } from '../../../lib/bytes';
import type { AdminStatus } from '@observatory/shared';
import { changeInWords } from './audit-words';
import { WideTable } from '../../../components/WideTable';
import { basemapProvider } from '@observatory/shared';
import { paths } from '../../../config/paths';
import { useAppConfig } from '../../../lib/app-config';
import { useBasemap } from './basemap/api';

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

/** "3 days 4 hours", "12 minutes": how long the server has run, in its two largest units. */
export function uptimeInWords(seconds: number): string {
  const units: [string, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
    ['second', 1],
  ];
  const parts: string[] = [];
  let rest = seconds;
  for (const [name, size] of units) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n && parts.length < 2) parts.push(`${n} ${name}${n === 1 ? '' : 's'}`);
    else if (parts.length) break;
  }
  return parts.join(' ') || '0 seconds';
}

/** What the server runs on: the database, its migration, the uploaded files and the uptime. */
function SystemStatus({ status }: { status: AdminStatus }) {
  const { database, migration, storage } = status;
  const rows: [string, string][] = [
    [
      'Database',
      `${database.kind === 'embedded' ? 'Embedded (PGlite)' : 'PostgreSQL server'} ${database.version}${database.postgis ? `, PostGIS ${database.postgis}` : ''}`,
    ],
    ['Database size', formatBytes(database.sizeBytes)],
    ['Migration', `${migration.latest ?? 'none'} (${migration.applied} applied)`],
    [
      'Stored files',
      `${storage.files.toLocaleString('en')} files, ${formatBytes(storage.bytes)} ${storage.kind === 's3' ? 'in S3 storage' : 'in the storage directory'}`,
    ],
    ['Running for', `${uptimeInWords(status.uptimeSeconds)} (since ${when(status.startedAt)})`],
    ['Node.js', status.node],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder aria-label="System status">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={{ base: 120, sm: 180 }}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** What the maps draw under the data, with one click to change it for holders of manageSettings. */
function BasemapStatus() {
  const manages = useHasPermission('manageSettings');
  const config = useAppConfig();
  const state = useBasemap(manages);
  const setting = state.data?.setting;
  const chosen = state.data?.environmentStyleUrl
    ? `the style MAP_STYLE_URL names (${state.data.environmentStyleUrl})`
    : setting && setting.provider !== 'none'
      ? setting.provider === 'custom'
        ? `a custom style (${setting.styleUrl})`
        : (basemapProvider(setting.provider)?.name ?? setting.provider)
      : !manages && config?.map.styleUrl
        ? `a style from ${config.map.origins.join(', ')}`
        : 'none: the maps draw the built-in background and load nothing from other hosts';
  if (manages && !state.data) return null;
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600} fz="inherit">
        Basemap:
      </Text>{' '}
      {chosen}.{' '}
      {manages ? (
        <Anchor component={PrefetchLink} to={paths.adminBasemap} fz="inherit" underline="always">
          {setting?.provider === 'none' ? 'Choose a basemap' : 'Change the basemap'}
        </Anchor>
      ) : (
        'Holders of manageSettings choose it.'
      )}
    </Text>
  );
}

/** Counts of what exists, the newest audit entries, and the mail outbox for holders of manageUsers. */
export default function AdminIndexPage() {
  useTitle('Site Admin');
  const summary = useAdminSummary();
  const seesMail = useHasPermission('manageUsers');
  const outbox = useOutbox(seesMail);
  const status = useAdminStatus();
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
      <Stack gap="xs" component="section" aria-labelledby="system-title">
        <Title order={2} size="h3" id="system-title">
          System
        </Title>
        {status.data ? <SystemStatus status={status.data} /> : <PageState isPending={status.isPending} error={status.error} />}
        <BasemapStatus />
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
