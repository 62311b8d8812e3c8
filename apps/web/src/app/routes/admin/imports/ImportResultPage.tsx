import { Anchor, Button, Chip, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { IMPORT_PREVIEW_PAGE, PREVIEW_SHOWS, type ImportPreview, type ImportSession, type PreviewShow } from '@observatory/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageState } from '../../../../components/PageState';
import { paths } from '../../../../config/paths';
import { useTitle } from '../../../../lib/use-title';
import { previewQuery, useCommitImport, useImportSession, type ImportBody } from './api';
import { BackToStart } from './ImportOptionsPage';
import { observationsKind, objectsKind, relationsKind, type KindDef } from './kinds';
import { importPage, readOptions } from './options-url';
import { CommitProgress, ImportError, RecordList, StatsView } from './ResultParts';
import { confirmAction } from '../../../../components/confirm';

const SHOW_LABELS: Record<PreviewShow, string> = { all: 'All', error: 'Errors', create: 'Create', update: 'Update', none: 'Unchanged' };
const SHOW_STAT: Record<PreviewShow, string | null> = { all: null, error: 'errors', create: 'created', update: 'updated', none: 'unchanged' };

const readShow = (value: string | null): PreviewShow => ((PREVIEW_SHOWS as readonly string[]).includes(value ?? '') ? (value as PreviewShow) : 'all');
const readPage = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/** Which records: a filter by what happens to them, each with its count. */
function ShowFilter({
  stats,
  total,
  show,
  onChange,
}: {
  stats: Record<string, number>;
  total: number;
  show: PreviewShow;
  onChange: (show: PreviewShow) => void;
}) {
  const labelId = useId();
  const count = (s: PreviewShow) => (SHOW_STAT[s] ? (stats[SHOW_STAT[s]!] ?? 0) : total);
  // A kind of record the file has none of is not offered (unless chosen: the address may say so).
  const offered = PREVIEW_SHOWS.filter((s) => s === 'all' || s === show || count(s) > 0);
  return (
    <Group gap="xs" role="radiogroup" aria-labelledby={labelId}>
      <Text size="sm" fw={500} id={labelId}>
        Show
      </Text>
      <Chip.Group multiple={false} value={show} onChange={(v) => onChange(readShow(v))}>
        {offered.map((s) => (
          <Chip key={s} value={s} size="sm">
            {SHOW_LABELS[s]} ({count(s).toLocaleString('en')})
          </Chip>
        ))}
      </Chip.Group>
    </Group>
  );
}

/** The records of one page, and the pages. */
function PreviewRecords({
  def,
  session,
  preview,
  onPage,
}: {
  def: KindDef<unknown, unknown>;
  session: ImportSession;
  preview: ImportPreview;
  onPage?: ((page: number) => void) | undefined;
}) {
  const first = (preview.page - 1) * IMPORT_PREVIEW_PAGE + 1;
  const last = first + preview.records.length - 1;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status">
        {preview.matching === 0
          ? 'No record of this kind.'
          : preview.records.length === preview.matching
            ? `${preview.matching.toLocaleString('en')} ${preview.matching === 1 ? 'record' : 'records'}`
            : `Records ${first.toLocaleString('en')}–${last.toLocaleString('en')} of ${preview.matching.toLocaleString('en')}`}
      </Text>
      <RecordList
        key={`${preview.page}:${preview.records.map((r) => r.row).join()}`}
        records={preview.records}
        columns={session.columns}
        describe={def.describe}
      />
      {onPage && preview.pages > 1 ? (
        <Pagination
          total={preview.pages}
          value={preview.page}
          onChange={onPage}
          getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
          getControlProps={(control) => ({ 'aria-label': { first: 'First page', last: 'Last page', next: 'Next page', previous: 'Previous page' }[control] })}
          siblings={1}
        />
      ) : null}
    </Stack>
  );
}

/** Why the commit cannot go, or null. */
function commitBlocker(stats: Record<string, number>): string | null {
  const errors = stats.errors ?? 0;
  if (errors > 0)
    return `${errors.toLocaleString('en')} ${errors === 1 ? 'record has an error' : 'records have errors'}: nothing can be imported until ${errors === 1 ? 'it is' : 'they are'} corrected, in the file or in the options.`;
  if ((stats.created ?? 0) + (stats.updated ?? 0) === 0) return 'Nothing to import: every record is already as the file says.';
  return null;
}

/**
 * An import's preview, then its commit and result: the stats, the records (filtered and a
 * page at a time), and Commit with a confirmation. The session and the options come from
 * the address, so a reload previews again.
 */
function ImportResultPage<D, O>({ def }: { def: KindDef<D, O> }) {
  const [search, setSearch] = useSearchParams();
  const blockerId = useId();
  const sessionId = search.get('session');
  const session = useImportSession(sessionId);
  const raw = search.get('options');
  const show = readShow(search.get('show'));
  const page = readPage(search.get('page'));
  const columns = session.data?.columns;
  const draft = useMemo(() => (columns ? def.draft(columns, readOptions(new URLSearchParams(raw ? { options: raw } : {}))) : null), [def, columns, raw]);
  const ready = draft ? def.ready(draft) : null;
  const body: ImportBody | null = sessionId && ready?.options ? { session: sessionId, options: ready.options, show, page } : null;
  const commit = useCommitImport(def.kind);
  // Not asked again while the commit runs, nor once it is done (its result is shown instead).
  const preview = useQuery(previewQuery(def.kind, commit.isPending || commit.data ? null : body));
  useTitle(`${commit.data ? 'Imported' : 'Preview'}: ${def.title.toLowerCase()} · Site Admin`);

  const setView = (next: { show?: PreviewShow; page?: number }) =>
    setSearch(
      (now) => {
        const params = new URLSearchParams(now);
        const s = next.show ?? show;
        const p = next.page ?? (next.show ? 1 : page);
        if (s === 'all') params.delete('show');
        else params.set('show', s);
        if (p === 1) params.delete('page');
        else params.set('page', String(p));
        return params;
      },
      { replace: true },
    );

  if (!sessionId) return <BackToStart session={null} />;
  if (!session.data || !draft) return <PageState isPending={session.isPending} error={session.error} />;
  const optionsLink = importPage(def.kind, session.data.id, draft);
  const backToOptions = (
    <Anchor component={Link} to={optionsLink} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        Back to options
      </Group>
    </Anchor>
  );

  // ---------------------------------------------------------------- committed
  if (commit.data) {
    const result = commit.data;
    return (
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Imported</Title>
          <Text>
            {session.data.fileName}: {result.total.toLocaleString('en')} {result.total === 1 ? 'record' : 'records'} imported as {def.title.toLowerCase()}.
          </Text>
        </Stack>
        <StatsView stats={result.stats} label="What the import did" />
        <Stack gap="xs" component="section" aria-labelledby="import-records">
          <Title order={2} size="h3" id="import-records">
            Records
          </Title>
          <PreviewRecords def={def as KindDef<unknown, unknown>} session={session.data} preview={result} />
          {result.matching > result.records.length ? (
            <Text size="sm" c="dimmed">
              The first {result.records.length.toLocaleString('en')} are listed; the stats count them all.
            </Text>
          ) : null}
        </Stack>
        <Anchor component={Link} to={paths.adminImport}>
          Past imports, and another file to import
        </Anchor>
      </Stack>
    );
  }

  // ---------------------------------------------------------------- preview
  const data = preview.data;
  const blocker = data ? commitBlocker(data.stats) : null;
  const confirm = () => {
    if (!data || !body) return;
    confirmAction({
      title: `Import ${def.title.toLowerCase()}?`,
      message: [def.commitSentence(data.stats), 'Everything is written in one go; if anything fails, nothing is.'],
      confirmLabel: 'Import',
      cancelLabel: 'Not yet',
      onConfirm: () => commit.mutate(body),
    });
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="lg">
          {backToOptions}
          <BackToStart session={session.data.id} />
        </Group>
        <Title order={1}>Preview: import {def.title.toLowerCase()}</Title>
        <Text size="sm" c="dimmed">
          {session.data.fileName}: what importing it would do. Nothing is written until you commit.
        </Text>
      </Stack>
      {ready?.problem ? (
        <Text>
          {ready.problem}{' '}
          <Anchor component={Link} to={optionsLink}>
            Choose the options
          </Anchor>
        </Text>
      ) : null}
      <ImportError error={preview.error} title="The preview failed" />
      {!data && body ? <PageState isPending={preview.isPending} error={null} /> : null}
      {data ? (
        <>
          <StatsView stats={data.stats} label="What the import would do" />
          <Stack gap="xs" component="section" aria-label="Commit">
            {commit.isPending ? (
              <CommitProgress progress={commit.progress} />
            ) : (
              <Group gap="sm" align="center">
                <Button
                  onClick={confirm}
                  disabled={!!blocker || preview.isPlaceholderData || preview.isFetching}
                  aria-describedby={blocker ? blockerId : undefined}
                >
                  Commit
                </Button>
                {blocker ? (
                  <Text size="sm" id={blockerId}>
                    {blocker}
                  </Text>
                ) : null}
              </Group>
            )}
            <ImportError error={commit.error} title="Nothing was imported" />
          </Stack>
          <Stack gap="xs" component="section" aria-labelledby="import-records">
            <Title order={2} size="h3" id="import-records">
              Records
            </Title>
            <ShowFilter stats={data.stats} total={data.total} show={show} onChange={(s) => setView({ show: s })} />
            <div style={{ opacity: preview.isPlaceholderData ? 0.6 : 1 }} aria-busy={preview.isPlaceholderData}>
              <PreviewRecords def={def as KindDef<unknown, unknown>} session={session.data} preview={data} onPage={(p) => setView({ page: p })} />
            </div>
          </Stack>
        </>
      ) : null}
    </Stack>
  );
}

export const ObjectsResultPage = () => <ImportResultPage def={objectsKind} />;
export const RelationsResultPage = () => <ImportResultPage def={relationsKind} />;
export const ObservationsResultPage = () => <ImportResultPage def={observationsKind} />;
