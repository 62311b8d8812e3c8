import { Alert, Anchor, Button, Group, List, Loader, Select, SimpleGrid, Stack, Text, TextInput, Textarea, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import type { Metric, ObservationInput } from '@observatory/shared';
import { useState } from 'react';
import { LatestValues } from '../../components/LatestValues';
import { unitBeside } from '../../components/metadata/MetadataFields';
import { PageSection } from '../../components/PageSection';
import { PrefetchLink } from '../../components/PrefetchLink';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth';
import { errorText, retryServerFaults } from '../../lib/errors';
import { useObjectLatest } from '../../lib/latest-values';
import { metricQuery } from '../../lib/metrics';
import { useOneAtATime } from '../../lib/one-at-a-time';
import { useOutgoingFor } from '../../lib/outbox/use-outbox';
import { latestValueKeys, outboxKeys, projectKeys } from '../../lib/query-keys';
import { fetchProject, recordReadings } from './api';
import { useObjectPageValue } from './object-context';
import { checkReading, localNow, readingRows, readingTables, readingTime, type ReadingTable } from './readings';

const tableKey = (t: ReadingTable) => `${t.project.slug}/${t.table.id}`;

/** One metric's field, by its type: its unit beside a number, its allowed values to choose from. */
function ReadingField({ metric, text, onChange }: { metric: Metric; text: string; onChange: (text: string) => void }) {
  const check = checkReading(metric, text);
  const title = metric.title || metric.name;
  // The unit shows beside a number; screen readers hear it with the label.
  const label = metric.unit ? (
    <>
      {title}
      <VisuallyHidden> in {metric.unit}</VisuallyHidden>
    </>
  ) : (
    title
  );
  const common = { label, description: metric.description || undefined, error: check.error ?? undefined };
  const warning = check.warning ? (
    <Text size="xs" c="orange.8" role="status" mt={4}>
      {check.warning}
    </Text>
  ) : null;
  switch (metric.type) {
    case 'boolean':
    case 'category':
      return (
        <Select
          {...common}
          clearable
          placeholder="Not measured"
          data={
            metric.type === 'boolean'
              ? [
                  { value: 'yes', label: 'Yes' },
                  { value: 'no', label: 'No' },
                ]
              : metric.allowed
          }
          value={text || null}
          onChange={(v) => onChange(v ?? '')}
        />
      );
    case 'date':
      return <TextInput {...common} type="date" value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'number':
    case 'integer':
      return (
        <div>
          <TextInput
            {...common}
            inputMode={metric.type === 'integer' ? 'numeric' : 'decimal'}
            autoComplete="off"
            value={text}
            onChange={(e) => onChange(e.currentTarget.value)}
            {...unitBeside(metric.unit)}
          />
          {warning}
        </div>
      );
    default:
      return <TextInput {...common} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

/** The server's refusal, with the fields it names. */
function Refusal({ error }: { error: unknown }) {
  const details = error instanceof ApiError ? error.details : [];
  return (
    <Alert color="danger" role="alert" title="The readings were not saved">
      <Text size="sm">{errorText(error)}</Text>
      {details.length ? (
        <List size="sm" mt={4}>
          {details.map((d) => (
            <List.Item key={`${d.field}:${d.message}`}>{d.message}</List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
}

/**
 * A form per data table: a field per metric, one time and one note for all. Checked as it
 * is typed; saved as one write, or queued on this device with no network.
 */
function ReadingsForm({ tables, object }: { tables: ReadingTable[]; object: { name: string; title: string } }) {
  const client = useQueryClient();
  const [chosen, choose] = useState(tableKey(tables[0]!));
  const current = tables.find((t) => tableKey(t) === chosen) ?? tables[0]!;
  const [time, setTime] = useState(localNow);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const metrics = useQueries({ queries: current.table.metrics.map((name) => metricQuery(name)) });
  const entries = metrics.map((m, i) => ({ name: current.table.metrics[i]!, entry: m.data }));
  const checks = entries.flatMap(({ name, entry }) => (entry?.metric ? [{ name, check: checkReading(entry.metric, texts[name] ?? '') }] : []));
  const filled = checks.filter((c) => c.check.value !== null);
  const dirty = Object.values(texts).some((t) => t.trim() !== '') || note.trim() !== '';
  useUnsavedChanges(dirty, 'your readings');
  const when = readingTime(time);
  const save = useOneAtATime(
    useMutation({
      // With no network too: the readings are queued on this device.
      networkMode: 'always',
      mutationFn: (rows: ObservationInput[]) => recordReadings(current.project.slug, current.table.id, object, rows),
      onSuccess: async (recorded, rows) => {
        const count = rows.length === 1 ? 'One reading' : `${rows.length} readings`;
        setSaved('queued' in recorded ? `${count} saved on this device: sent when the network returns.` : `${count} saved.`);
        setTexts({});
        setNote('');
        setTime(localNow());
        await client.invalidateQueries({ queryKey: 'queued' in recorded ? outboxKeys.all : latestValueKeys.ofObject(object.name) });
      },
    }),
  );
  const blocked = !when || filled.length === 0 || checks.some((c) => c.check.error);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSaved(null);
    if (blocked) return;
    save.mutate(
      readingRows(
        object.name,
        when,
        note,
        filled.map((c) => ({ metric: c.name, value: c.check.value })),
      ),
    );
  };
  return (
    <form onSubmit={submit} aria-label="Record readings" noValidate>
      <Stack gap="sm" maw={560}>
        {tables.length > 1 ? (
          <Select
            label="Data table"
            allowDeselect={false}
            data={tables.map((t) => ({ value: tableKey(t), label: `${t.table.title} (${t.project.title})` }))}
            value={chosen}
            onChange={(v) => {
              if (v) choose(v);
              setTexts({});
            }}
          />
        ) : (
          <Text size="sm">
            Into <strong>{current.table.title}</strong> of {current.project.title}
          </Text>
        )}
        <TextInput
          label="Measured at"
          description="Your device’s time zone"
          type="datetime-local"
          value={time}
          onChange={(e) => setTime(e.currentTarget.value)}
          error={when ? undefined : 'Enter the date and time of the readings'}
          required
        />
        {entries.map(({ name, entry }) =>
          !entry ? (
            <Loader key={name} size="xs" role="status" aria-label={`Loading ${name}`} />
          ) : entry.error !== undefined ? (
            <Alert key={name} color="danger" role="alert">{`${name} could not be loaded: ${entry.error}`}</Alert>
          ) : (
            <ReadingField key={name} metric={entry.metric} text={texts[name] ?? ''} onChange={(text) => setTexts((all) => ({ ...all, [name]: text }))} />
          ),
        )}
        <Textarea
          label="Note"
          description="Kept with each reading"
          autosize
          minRows={2}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {save.error ? <Refusal error={save.error} /> : null}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending} disabled={blocked}>
            Save readings
          </Button>
          <Text size="sm" role="status">
            {saved ?? (filled.length ? `${filled.length} of ${checks.length} measured` : 'Fill in what you measured; leave the rest empty.')}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}

/** Readings recorded here with no network, not yet on the server. */
function WaitingReadings({ name }: { name: string }) {
  const waiting = useOutgoingFor(name).filter((item) => item.kind === 'observations');
  if (waiting.length === 0) return null;
  const rows = waiting.reduce((n, item) => n + ((item.body.observations as unknown[] | undefined)?.length ?? 0), 0);
  return (
    <Alert color={waiting.some((i) => i.state !== 'waiting') ? 'orange' : 'blue'} title="Readings waiting to be sent" role="status">
      {`${rows} ${rows === 1 ? 'reading is' : 'readings are'} saved on this device and sent when the network returns. `}
      <Anchor component={PrefetchLink} to={paths.myOutbox} inherit>
        See what is waiting
      </Anchor>
    </Alert>
  );
}

/** The readings a user may record: those of the object's projects they may edit, each project asked once (kept with a site for offline use). */
function useReadingTables(projects: readonly { slug: string }[]) {
  const answers = useQueries({
    queries: projects.map((p) => ({
      queryKey: projectKeys.detail(p.slug),
      queryFn: () => fetchProject(p.slug),
      retry: retryServerFaults,
    })),
  });
  return { tables: readingTables(answers.map((a) => a.data)), pending: answers.some((a) => a.isPending), failed: answers.find((a) => a.error)?.error };
}

/** The Readings tab: record what was measured at the object, and its latest values. */
export default function ObjectReadings() {
  const { detail } = useObjectPageValue();
  const { obj } = detail;
  const user = useCurrentUser().user;
  const { tables, pending, failed } = useReadingTables(user ? obj.projects : []);
  const latest = useObjectLatest(obj.name);
  let form;
  if (!user)
    form = (
      <Text>
        <Anchor component={PrefetchLink} to={paths.login} inherit>
          Sign in to record readings
        </Anchor>
      </Text>
    );
  else if (pending) form = <Loader size="sm" role="status" aria-label="Loading the data tables" />;
  else if (tables.length > 0) form = <ReadingsForm tables={tables} object={obj} />;
  else if (failed) form = <Alert color="danger" role="alert">{`The data tables could not be loaded: ${errorText(failed)}`}</Alert>;
  else
    form = (
      <Text c="dimmed">
        {obj.projects.length === 0
          ? 'This object is part of no project: readings are written to a project’s data tables.'
          : 'None of its projects has a data table you may write to. A project’s editors add data tables on its Site Admin page.'}
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
      <Stack gap="lg" style={{ gridColumn: 'span 2' }}>
        <PageSection id="object-record" title="Record readings">
          <WaitingReadings name={obj.name} />
          {form}
        </PageSection>
      </Stack>
      <PageSection id="object-latest" title="Latest values">
        {latest.data?.values.length === 0 ? <Text c="dimmed">No readings yet.</Text> : <LatestValues object={obj.name} />}
      </PageSection>
    </SimpleGrid>
  );
}
