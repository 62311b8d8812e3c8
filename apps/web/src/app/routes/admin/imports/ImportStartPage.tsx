import { Alert, Anchor, Badge, Button, Card, FileButton, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormError } from '../../../../components/FormError';
import { PageState } from '../../../../components/PageState';
import { AdminTable } from '../../../../components/admin/AdminTable';
import { useHasPermission } from '../../../../lib/auth';
import { toErrorView } from '../../../../lib/errors';
import { useTitle } from '../../../../lib/use-title';
import {
  useDiscardSession,
  useImportSession,
  useImportSessions,
  useProject,
  useProjectDataTables,
  useUploadSession,
  type SessionSummary as PastImport,
} from './api';
import { KINDS, kindNamed, type AnyKindDef } from './kinds';
import { IMPORT_KINDS, importPage } from './options-url';
import { statsInWords } from './preview-view';
import { SessionSummary } from './SessionFile';
import { confirmDelete } from '../../../../components/confirm';

/** What the server reads: CSV, TSV (or text with tabs) and Excel workbooks. */
const ACCEPT = '.csv,.tsv,.tab,.txt,.xlsx,text/csv,text/tab-separated-values,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const when = (iso: string) => new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
const kindTitle = (kind: string | null) => (kindNamed(kind) ? KINDS[kindNamed(kind)!].title : kind);

/** The observation import a project's Data tab started: its project and table, named. */
function ObservationTarget({ project, table }: { project: string; table: string | null }) {
  const detail = useProject(project);
  const tables = useProjectDataTables(project);
  const title = tables.data?.find((t) => t.id === table)?.title;
  return (
    <Alert color="blue" variant="light">
      Observations go into {title ? `the data table “${title}” of ` : ''}
      {detail.data?.project.title ?? project}. Upload the file of observations; its columns are chosen next.
    </Alert>
  );
}

/** Upload a file: its progress while it goes, and the server's refusal if it refuses it. */
function ChooseFile({ onUploaded, chosen }: { onUploaded: (id: string) => void; chosen: boolean }) {
  const upload = useUploadSession();
  const percent = Math.round(upload.progress * 100);
  return (
    <Stack gap="xs" component="section" aria-labelledby="import-file">
      <Title order={2} size="h3" id="import-file">
        1. Choose a file
      </Title>
      <Text size="sm" c="dimmed">
        A CSV or TSV file, or an Excel workbook (.xlsx): the first row names the columns, each row after it is a record.
      </Text>
      <Group gap="sm">
        <FileButton
          accept={ACCEPT}
          onChange={(file) => file && upload.mutate(file, { onSuccess: (session) => onUploaded(session.id) })}
          disabled={upload.isPending}
        >
          {(props) => (
            <Button {...props} variant={chosen ? 'default' : 'filled'} leftSection={<IconUpload size={16} aria-hidden />} loading={upload.isPending}>
              {chosen ? 'Choose another file' : 'Choose a file'}
            </Button>
          )}
        </FileButton>
      </Group>
      {upload.isPending ? (
        <Stack gap={4} maw={480}>
          <Progress value={upload.progress * 100} animated aria-label="Uploading the file" />
          <Text size="sm" c="dimmed" role="status">
            {percent < 100 ? `Uploading ${upload.variables?.name ?? 'the file'}: ${percent}%` : `Reading ${upload.variables?.name ?? 'the file'}…`}
          </Text>
        </Stack>
      ) : null}
      <FormError error={upload.error} />
    </Stack>
  );
}

/** The kinds of import, each a way to the options of that kind for this file. */
function ChooseKind({ session, kinds }: { session: string; kinds: AnyKindDef[] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="import-kind">
      <Title order={2} size="h3" id="import-kind">
        2. What does the file hold?
      </Title>
      <SimpleGrid cols={{ base: 1, sm: kinds.length }} spacing="md">
        {kinds.map((k) => (
          <Card key={k.kind} withBorder padding="md">
            <Stack gap="sm" h="100%" justify="space-between">
              <Stack gap={4}>
                <Title order={3} size="h4">
                  {k.title}
                </Title>
                <Text size="sm" c="dimmed">
                  {k.description}
                </Text>
              </Stack>
              <Button component={Link} to={importPage(k.kind, session)} variant="light">
                Import {k.title.toLowerCase()}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The file a past import read: its name (linked), its records and its sheet. */
function SessionFileCell({ session: s, to }: { session: PastImport; to: string }) {
  return (
    <>
      <Anchor component={Link} to={to} style={{ overflowWrap: 'anywhere' }}>
        {s.fileName}
      </Anchor>
      <Text size="xs" c="dimmed">
        {s.records.toLocaleString('en')} {s.records === 1 ? 'record' : 'records'}
        {s.sheet ? `, sheet “${s.sheet}”` : ''}
      </Text>
    </>
  );
}

/** The latest imports: who, when, which file, what it was imported as and what that did; one not yet imported may be discarded. */
function PastImports({ onDiscarded, own }: { onDiscarded: (id: string) => void; own: boolean }) {
  const importer = useHasPermission('importData');
  const sessions = useImportSessions();
  const discard = useDiscardSession();
  // A session imported opens as it was imported (kinds needing a permission only for those who hold it); else its first page.
  const linkOf = (s: PastImport) => {
    const kind = kindNamed(s.kind);
    return s.committedAt && kind && (!KINDS[kind].permission || importer)
      ? importPage(kind, s.id, s.options ?? undefined)
      : `?session=${encodeURIComponent(s.id)}`;
  };
  const confirmDiscard = (id: string, fileName: string) =>
    confirmDelete({
      title: `Discard “${fileName}”?`,
      message: 'The uploaded file and its records are deleted. Nothing was imported from it, so nothing else changes.',
      confirmLabel: 'Discard',
      onConfirm: () =>
        discard.mutate(id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: `“${fileName}” discarded` });
            onDiscarded(id);
          },
        }),
    });
  return (
    <Stack gap="xs" component="section" aria-labelledby="import-history">
      <Title order={2} size="h3" id="import-history">
        {own ? 'Your past imports' : 'Past imports'}
      </Title>
      <FormError error={discard.error} />
      {!sessions.data ? <PageState isPending={sessions.isPending} error={sessions.error} /> : null}
      {sessions.data?.length === 0 ? <Text c="dimmed">No file has been uploaded yet.</Text> : null}
      {sessions.data?.length ? (
        <AdminTable
          label="Past imports"
          minWidth={720}
          verticalSpacing="xs"
          rows={sessions.data}
          rowKey={(s) => s.id}
          columns={[
            { header: 'File', cell: (s) => <SessionFileCell session={s} to={linkOf(s)} /> },
            {
              header: 'Uploaded',
              cell: (s) => (
                <>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {when(s.createdAt)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    by {s.createdBy?.username ?? 'a former user'}
                  </Text>
                </>
              ),
            },
            {
              header: 'Imported as',
              cell: (s) =>
                s.committedAt ? (
                  <>
                    <Text size="sm">{kindTitle(s.kind)}</Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {when(s.committedAt)}
                    </Text>
                  </>
                ) : (
                  <Badge variant="light" color="gray" c="gray.8" miw="max-content">
                    Not imported
                  </Badge>
                ),
            },
            { header: 'What it did', cell: (s) => <Text size="sm">{statsInWords(s.stats) || '—'}</Text> },
          ]}
          actions={(s) =>
            s.committedAt ? null : (
              <Button
                size="xs"
                variant="subtle"
                color="danger"
                aria-label={`Discard ${s.fileName}`}
                loading={discard.isPending && discard.variables === s.id}
                onClick={() => confirmDiscard(s.id, s.fileName)}
              >
                Discard
              </Button>
            )
          }
        />
      ) : null}
    </Stack>
  );
}

/**
 * Site Admin → Data → Import: upload a file, choose what it holds (objects, object
 * relations or observations), and the past imports. A project's editor comes here from
 * its Data tab (`?for=observations&project=&table=`): the file goes straight to the
 * observation import of that table.
 */
export default function ImportStartPage() {
  useTitle('Import · Site Admin');
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const importer = useHasPermission('importData');
  const forObservations = search.get('for') === 'observations';
  const project = search.get('project');
  const table = search.get('table');
  const sessionId = search.get('session');
  const session = useImportSession(sessionId);
  const kinds = IMPORT_KINDS.map((k) => KINDS[k]).filter((k) => (forObservations ? k.kind === 'observations' : !k.permission || importer));

  const uploaded = (id: string) => {
    if (forObservations) void navigate(importPage('observations', id, { project, table }));
    else setSearch({ session: id });
  };
  const discarded = (id: string) => {
    if (id === sessionId) setSearch({}, { replace: true });
  };

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>{forObservations ? 'Import observations' : 'Import'}</Title>
        <Text size="sm" c="dimmed">
          Bring data in from a spreadsheet: upload the file, choose what it holds and how its columns are read, preview what importing it would do, then commit.
          Nothing is written before the commit.
        </Text>
      </Stack>
      {forObservations && project ? <ObservationTarget project={project} table={table} /> : null}
      <ChooseFile onUploaded={uploaded} chosen={!!session.data} />
      {sessionId && session.error ? (
        <Alert color="danger" title="The file could not be loaded">
          {toErrorView(session.error).message}
        </Alert>
      ) : null}
      {session.data ? (
        <Stack gap="md">
          <SessionSummary session={session.data} />
          {forObservations ? (
            <Button component={Link} to={importPage('observations', session.data.id, { project, table })} w="fit-content">
              Choose the columns
            </Button>
          ) : (
            <ChooseKind session={session.data.id} kinds={kinds} />
          )}
        </Stack>
      ) : null}
      {/* Without importData the server lists the caller's own uploads. */}
      <PastImports onDiscarded={discarded} own={!importer} />
    </Stack>
  );
}
