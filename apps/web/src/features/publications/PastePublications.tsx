import { Anchor, Badge, Button, Card, Checkbox, Group, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PUBLICATION_LIMITS, type ParsedEntry, type PublicationsParsed } from '@observatory/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../components/FormError';
import { LimitedTextarea } from '../../components/LimitedInput';
import { PrefetchLink } from '../../components/PrefetchLink';
import { WRAP } from '../../components/PublicationLine';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { lengthProblem } from '../../lib/form-rules';
import { EXPORT_FORMAT_LABELS, PUBLICATION_TYPE_LABELS } from '../../lib/publications';
import { useImportPublications, useParsePublications, type PasteFormat } from './api';

const FORMAT_CHOICES: { value: PasteFormat; label: string }[] = [
  { value: 'auto', label: 'Tell from the text' },
  { value: 'bibtex', label: EXPORT_FORMAT_LABELS.bibtex },
  { value: 'ris', label: EXPORT_FORMAT_LABELS.ris },
  { value: 'csl', label: EXPORT_FORMAT_LABELS.csl },
];

/**
 * An entry is offered for saving unless it is most likely a stored publication or repeats
 * an earlier entry of the paste (skipped until the user saves it anyway); one in error must
 * be dropped by hand.
 */
const includedAtFirst = (entry: ParsedEntry) => !entry.duplicate && entry.repeats === null;

const MATCH_WORDS: Record<NonNullable<ParsedEntry['duplicate']>['match'], string> = {
  doi: 'the same DOI',
  citationKey: 'the same citation key',
  work: 'the same title, year and first author',
};

/** The problems a refused import names, by the index of the entry in the paste (from the index of what was sent). */
export function importProblems(error: unknown, sent: number[]): { byEntry: Map<number, { message: string; href: string | null }>; unplaced: boolean } {
  const byEntry = new Map<number, { message: string; href: string | null }>();
  if (!(error instanceof ApiError)) return { byEntry, unplaced: !!error };
  let unplaced = error.details.length === 0;
  for (const detail of error.details) {
    const at = /^body\.publications\.(\d+)(?:\.|$)/.exec(detail.field);
    const entry = at ? sent[Number(at[1])] : undefined;
    if (entry === undefined) {
      unplaced = true;
      continue;
    }
    const href = (detail as { href?: unknown }).href;
    if (!byEntry.has(entry)) byEntry.set(entry, { message: detail.message, href: typeof href === 'string' && href.startsWith('/pubs/') ? href : null });
  }
  return { byEntry, unplaced };
}

function EntryCard({
  entry,
  included,
  onInclude,
  problem,
}: {
  entry: ParsedEntry;
  included: boolean;
  onInclude: (on: boolean) => void;
  problem: { message: string; href: string | null } | undefined;
}) {
  const n = entry.index + 1;
  const p = entry.publication;
  const titleId = `paste-entry-${entry.index}`;
  const what = `entry ${n}${entry.key ? ` (${entry.key})` : ''}`;
  return (
    <Card
      component="li"
      withBorder
      padding="sm"
      aria-labelledby={titleId}
      style={{ borderColor: included && entry.error ? 'var(--mantine-color-error)' : undefined }}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed" style={WRAP}>
            Entry {n}
            {entry.key ? ` · ${entry.key}` : ''} · line {entry.line}
          </Text>
          <Checkbox
            label="Include"
            aria-label={`Include ${what}`}
            checked={included}
            // An entry in error can be dropped, never taken back in: it cannot be saved.
            disabled={!included && !!entry.error}
            onChange={(event) => onInclude(event.currentTarget.checked)}
          />
        </Group>
        <Title order={3} size="h5" id={titleId} style={WRAP} c={included ? undefined : 'dimmed'}>
          {p?.title || (entry.key ? `Entry ${n}: ${entry.key}` : `Entry ${n}`)}
        </Title>
        {p ? (
          <>
            {p.authors?.length ? (
              <Text size="sm" style={WRAP}>
                {p.authors.map((a) => a.name).join('; ')}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                No authors
              </Text>
            )}
            <Group gap="xs" wrap="wrap">
              {p.type ? (
                <Badge size="xs" variant="light">
                  {PUBLICATION_TYPE_LABELS[p.type]}
                </Badge>
              ) : null}
              <Text size="sm" style={WRAP}>
                {[p.year ?? 'No year', p.venue].filter(Boolean).join(' · ')}
              </Text>
            </Group>
            {p.doi ? (
              <Text size="sm" style={WRAP}>
                DOI {p.doi}
              </Text>
            ) : null}
          </>
        ) : null}
        {entry.error ? (
          <Text size="sm" c="danger" style={WRAP}>
            {entry.error}
          </Text>
        ) : null}
        {entry.duplicate ? (
          <Text size="sm" style={WRAP}>
            {entry.duplicate.match === 'doi' ? 'Already in the catalogue' : 'Most likely already in the catalogue'} ({MATCH_WORDS[entry.duplicate.match]}
            ):{' '}
            <Anchor component={PrefetchLink} to={paths.pub(entry.duplicate.slug)} inherit>
              {entry.duplicate.title}
            </Anchor>
            {entry.duplicate.match === 'doi' ? '' : included ? '. It will be saved as another publication.' : '. Skipped: include it to save it anyway.'}
          </Text>
        ) : entry.repeats !== null ? (
          <Text size="sm" style={WRAP}>
            The same work as entry {entry.repeats + 1} of this paste
            {included ? ': it will be saved twice.' : '. Skipped: include it to save it anyway.'}
          </Text>
        ) : null}
        {problem ? (
          <Text size="sm" c="danger" role="alert" style={WRAP}>
            Not saved: {problem.message}
            {problem.href ? (
              <>
                {' '}
                <Anchor component={Link} to={problem.href} inherit>
                  Open it
                </Anchor>
              </>
            ) : null}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * Publications from a paste of BibTeX, RIS or CSL-JSON: the server reads it (nothing saved),
 * every entry is shown with what would be saved or its error, and the entries kept are
 * saved at once (all or none). Saving waits until no entry kept has an error.
 */
export function PastePublications() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [format, setFormat] = useState<PasteFormat>('auto');
  const [parsed, setParsed] = useState<PublicationsParsed | null>(null);
  const [included, setIncluded] = useState<Record<number, boolean>>({});
  const parse = useParsePublications();
  const save = useImportPublications();
  const unsaved = useUnsavedChanges(text.trim() !== '', 'the pasted publications');

  const entries = parsed?.entries ?? [];
  const kept = entries.filter((e) => included[e.index]);
  const keptInError = kept.filter((e) => e.error || !e.publication);
  const sent = kept.map((e) => e.index);
  const problems = importProblems(save.error, sent);
  // A paste too long stays whole, its error under it: nothing is read until it is shortened.
  const mayPreview = text.trim().length > 0 && !lengthProblem(text, PUBLICATION_LIMITS.paste);

  // A changed paste makes the preview stale: it goes.
  const forget = () => {
    setParsed(null);
    parse.reset();
    save.reset();
  };

  const preview = () =>
    parse.mutate(
      { text, format },
      {
        onSuccess: (answer) => {
          save.reset();
          setParsed(answer);
          setIncluded(Object.fromEntries(answer.entries.map((e) => [e.index, includedAtFirst(e)])));
        },
      },
    );

  const saveKept = () =>
    save.mutate(
      kept.flatMap((e) => (e.publication ? [e.publication] : [])),
      {
        onSuccess: ({ publications }) => {
          unsaved.saved();
          if (publications.length === 1) {
            notifications.show({ color: 'green', message: 'Publication added' });
            void navigate(paths.pub(publications[0]!.slug));
          } else {
            notifications.show({ color: 'green', message: `${publications.length} publications added` });
            void navigate(paths.pubs);
          }
        },
      },
    );

  const dropInError = () => setIncluded((old) => ({ ...old, ...Object.fromEntries(keptInError.map((e) => [e.index, false])) }));

  return (
    <Stack gap="md" maw={760}>
      <LimitedTextarea
        label="BibTeX, RIS or CSL-JSON"
        description="Paste one entry or many, as exported from a reference manager or a journal’s page"
        autosize
        minRows={8}
        maxRows={20}
        limit={PUBLICATION_LIMITS.paste}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          if (parsed) forget();
        }}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Format"
          data={FORMAT_CHOICES}
          value={format}
          allowDeselect={false}
          onChange={(v) => {
            setFormat((v ?? 'auto') as PasteFormat);
            if (parsed) forget();
          }}
          w={{ base: '100%', xs: 220 }}
        />
        <Button variant="default" onClick={preview} loading={parse.isPending} disabled={!mayPreview}>
          Preview
        </Button>
      </Group>
      <FormError error={parse.error} />
      {parsed ? (
        <Stack gap="sm" component="section" aria-labelledby="paste-preview">
          <Title order={2} size="h4" id="paste-preview">
            Preview
          </Title>
          <Text size="sm" aria-live="polite">
            {entries.length === 0
              ? `Nothing was found in the paste (read as ${EXPORT_FORMAT_LABELS[parsed.format]}).`
              : `Read as ${EXPORT_FORMAT_LABELS[parsed.format]}: ${entries.length === 1 ? '1 entry' : `${entries.length} entries`}. Nothing is saved until you save.`}
          </Text>
          {entries.length ? (
            <Stack component="ol" gap="xs" aria-label="Entries of the paste" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {entries.map((entry) => (
                <EntryCard
                  key={entry.index}
                  entry={entry}
                  included={!!included[entry.index]}
                  onInclude={(on) => setIncluded((old) => ({ ...old, [entry.index]: on }))}
                  problem={problems.byEntry.get(entry.index)}
                />
              ))}
            </Stack>
          ) : null}
          {problems.unplaced ? <FormError error={save.error} /> : null}
          {keptInError.length ? (
            <Group gap="sm" wrap="wrap">
              <Text size="sm" c="danger" role="status">
                {keptInError.length === 1 ? '1 entry kept has an error' : `${keptInError.length} entries kept have errors`}: correct the paste and preview
                again, or drop {keptInError.length === 1 ? 'it' : 'them'}.
              </Text>
              <Button size="xs" variant="default" onClick={dropInError}>
                Drop the entries in error
              </Button>
            </Group>
          ) : null}
          {entries.length ? (
            <Group>
              <Button onClick={saveKept} loading={save.isPending} disabled={kept.length === 0 || keptInError.length > 0}>
                {kept.length === 1 ? 'Save 1 publication' : `Save ${kept.length} publications`}
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
