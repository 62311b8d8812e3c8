import { Anchor, Button, Group, Select, Stack, Text, Title, type SelectProps } from '@mantine/core';
import type { ImportColumn, ImportSession } from '@observatory/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageState } from '../../../../components/PageState';
import { paths } from '../../../../config/paths';
import { useTitle } from '../../../../lib/use-title';
import { useForgetPreviews, useImportSession } from './api';
import type { KindDef } from './kinds';
import { importPage, readOptions, withOptions } from './options-url';
import { columnLabel } from './preview-view';
import { ColumnsTable, SessionSummary, type ColumnExtra } from './SessionFile';

export interface OptionsFormProps<D> {
  session: ImportSession;
  draft: D;
  /** Changes options: the address keeps them, and a preview asked for before is forgotten. */
  change: (patch: Partial<D>) => void;
}

/** A column of the file to choose (or none, when clearable): its index as the value. */
export function ColumnSelect({
  columns,
  value,
  onChange,
  ...props
}: { columns: readonly ImportColumn[]; value: number | null; onChange: (index: number | null) => void } & Omit<SelectProps, 'data' | 'value' | 'onChange'>) {
  return (
    <Select
      data={columns.map((c) => ({ value: String(c.index), label: columnLabel(columns, c.index) }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null || v === '' ? null : Number(v))}
      searchable
      // Choosing the column chosen keeps it (a list that empties itself on a second click surprises); clearable ones clear with their ×.
      allowDeselect={false}
      nothingFoundMessage="No column has that name"
      maw={360}
      {...props}
    />
  );
}

/** The way back to the first page, with this file chosen. */
export function BackToStart({ session }: { session: string | null }) {
  return (
    <Anchor component={Link} to={session ? `${paths.adminImport}?session=${encodeURIComponent(session)}` : paths.adminImport} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        Import: choose a file or another kind
      </Group>
    </Anchor>
  );
}

interface PageProps<D, O> {
  def: KindDef<D, O>;
  children: (props: OptionsFormProps<D>) => ReactNode;
  columnExtra?: ((props: OptionsFormProps<D>) => ColumnExtra | undefined) | undefined;
}

/**
 * The page of one kind of import's options: the file (name, records, sheet), the options
 * (the kind's own form), the columns with their first values (with a control per column
 * when the kind maps columns), and Preview. The options live in the address.
 */
export function ImportOptionsPage<D, O>({ def, children, columnExtra }: PageProps<D, O>) {
  useTitle(`Import ${def.title.toLowerCase()} · Site Admin`);
  const [search] = useSearchParams();
  const sessionId = search.get('session');
  const session = useImportSession(sessionId);
  if (!sessionId) {
    return (
      <Stack gap="md">
        <Title order={1}>Import {def.title.toLowerCase()}</Title>
        <Text>No file is chosen for this import.</Text>
        <BackToStart session={null} />
      </Stack>
    );
  }
  if (!session.data) return <PageState isPending={session.isPending} error={session.error} />;
  // Another sheet has other columns: its options start afresh.
  return (
    <OptionsBody key={`${session.data.id}:${session.data.sheet ?? ''}`} session={session.data} def={def} columnExtra={columnExtra}>
      {children}
    </OptionsBody>
  );
}

/** The options as the page holds them (an input's every keystroke), copied to the address as they change. */
function OptionsBody<D, O>({ session, def, children, columnExtra }: PageProps<D, O> & { session: ImportSession }) {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const forget = useForgetPreviews();
  const problemId = useId();
  const [draft, setDraft] = useState(() => def.draft(session.columns, readOptions(search)));

  const props: OptionsFormProps<D> = {
    session,
    draft,
    change: (patch) => {
      const next = { ...draft, ...patch };
      setDraft(next);
      forget(session.id);
      setSearch((now) => withOptions(now, next), { replace: true });
    },
  };
  const ready = def.ready(draft);
  const preview = () => {
    if (ready.options) void navigate(importPage(def.kind, session.id, draft, 'result'));
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <BackToStart session={session.id} />
        <Title order={1}>Import {def.title.toLowerCase()}</Title>
        <Text size="sm" c="dimmed">
          {def.description}
        </Text>
      </Stack>
      <SessionSummary
        session={session}
        onSheetChange={() =>
          setSearch(
            (now) => {
              const next = new URLSearchParams(now);
              next.delete('options');
              return next;
            },
            { replace: true },
          )
        }
      />
      <form
        noValidate
        aria-label={`Options of the ${def.title.toLowerCase()} import`}
        onSubmit={(e) => {
          e.preventDefault();
          preview();
        }}
      >
        <Stack gap="lg">
          <Stack gap="sm" component="section" aria-labelledby="import-options">
            <Title order={2} size="h3" id="import-options">
              Options
            </Title>
            {children(props)}
          </Stack>
          <ColumnsTable session={session} extra={columnExtra?.(props)} />
          <Group gap="sm" align="center">
            <Button type="submit" disabled={!ready.options} aria-describedby={ready.problem ? problemId : undefined}>
              Preview
            </Button>
            <Text size="sm" c={ready.problem ? undefined : 'dimmed'} id={problemId}>
              {ready.problem ?? 'Nothing is written until you commit the preview.'}
            </Text>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
