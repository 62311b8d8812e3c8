import { Alert, Anchor, Badge, Button, Card, Container, Group, List, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { confirmDelete } from '../../../components/confirm';
import { PageState } from '../../../components/PageState';
import { PrefetchLink } from '../../../components/PrefetchLink';
import { paths } from '../../../config/paths';
import { useOnline } from '../../../lib/online';
import type { Outgoing } from '../../../lib/outbox/store';
import { metered } from '../../../lib/outbox/sync';
import { useChangeOutgoing, useOutbox, useSyncOutbox } from '../../../lib/outbox/use-outbox';
import { OutgoingPhoto } from '../../../components/OutgoingPhoto';
import { useTitle } from '../../../lib/use-title';
import { DecisionDialog } from './DecisionDialog';
import { fieldLabel, shownValue } from './outbox-values';

/** The list names metadata fields by their key (the titles are the decision's, which reads the types). */
const NO_TITLES = new Map<string, string>();

const KINDS: Record<Outgoing['kind'], string> = {
  note: 'New note',
  'object-edit': 'Changes',
  'object-new': 'New object',
  photo: 'Photo',
  observations: 'Readings',
};
/** Where an item shows on its object's page. */
const TAB_OF: Partial<Record<Outgoing['kind'], 'notebook' | 'readings'>> = { note: 'notebook', observations: 'readings' };

/** Readings as queued: one row per metric, all at one time with one note. */
type QueuedReading = { metric: string; value: unknown; time: string; note?: string };
const readingsOf = (item: Outgoing) => (item.body.observations ?? []) as QueuedReading[];
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What the item holds: a note's text, an edit's fields. */
function Content({ item }: { item: Outgoing }) {
  if (item.kind === 'photo') return <OutgoingPhoto item={item} />;
  if (item.kind === 'note') return <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{String(item.body.content)}</Text>;
  if (item.kind === 'observations') {
    const rows = readingsOf(item);
    return (
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          Measured {rows[0] ? when(rows[0].time) : ''}
          {rows[0]?.note ? `: ${rows[0].note}` : ''}
        </Text>
        <List size="sm" spacing={2}>
          {rows.map((r) => (
            <List.Item key={r.metric}>
              {r.metric}: {shownValue(r.value)}
            </List.Item>
          ))}
        </List>
      </Stack>
    );
  }
  const { metadata, ...fields } = item.body;
  const empty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  const rows = [
    ...Object.entries(fields).map(([key, value]): [string, unknown] =>
      key === 'projects' && Array.isArray(value)
        ? ['Projects', `${value.length} ${value.length === 1 ? 'project' : 'projects'}`]
        : [fieldLabel(key, NO_TITLES), value],
    ),
    ...Object.entries((metadata ?? {}) as Record<string, unknown>),
  ].filter(([, value]) => !empty(value));
  return (
    <List size="sm" spacing={2}>
      {rows.map(([key, value]) => (
        <List.Item key={key} style={{ overflowWrap: 'anywhere' }}>
          {key}: {shownValue(value)}
        </List.Item>
      ))}
    </List>
  );
}

/** A refused item made right here: a note's text, or an edit's plain fields (numbers stay numbers). */
function EditAndRetry({ item, onDone }: { item: Outgoing; onDone: () => void }) {
  const change = useChangeOutgoing();
  const [body, setBody] = useState(item.body);
  const metadata = (body.metadata ?? {}) as Record<string, unknown>;
  const plain = (value: unknown) => typeof value === 'string' || typeof value === 'number';
  const typed = (was: unknown, text: string) => (typeof was === 'number' && text.trim() !== '' && !Number.isNaN(Number(text)) ? Number(text) : text);
  const retry = () => change.mutate({ item, change: { body, state: 'waiting', problem: undefined } }, { onSuccess: onDone });
  const readings = (body.observations ?? []) as QueuedReading[];
  const fields =
    item.kind === 'observations'
      ? readings.map((r, i) =>
          !plain(r.value) ? null : (
            <TextInput
              key={r.metric}
              label={r.metric}
              value={String(r.value)}
              onChange={(e) =>
                setBody({ ...body, observations: readings.map((row, j) => (j === i ? { ...row, value: typed(r.value, e.currentTarget.value) } : row)) })
              }
            />
          ),
        )
      : item.kind === 'note'
        ? [
            <Textarea
              key="content"
              label="Note"
              autosize
              minRows={3}
              value={String(body.content ?? '')}
              onChange={(e) => setBody({ ...body, content: e.currentTarget.value })}
            />,
          ]
        : [
            ...Object.entries(body)
              .filter(([key, value]) => key !== 'metadata' && plain(value))
              .map(([key, value]) => (
                <TextInput key={key} label={key} value={String(value)} onChange={(e) => setBody({ ...body, [key]: typed(value, e.currentTarget.value) })} />
              )),
            ...Object.entries(metadata)
              .filter(([, value]) => plain(value))
              .map(([key, value]) => (
                <TextInput
                  key={`metadata.${key}`}
                  label={key}
                  value={String(value)}
                  onChange={(e) => setBody({ ...body, metadata: { ...metadata, [key]: typed(value, e.currentTarget.value) } })}
                />
              )),
          ];
  return (
    <Stack gap="xs" component="form" onSubmit={(e) => (e.preventDefault(), retry())} aria-label={`Edit ${item.title}`}>
      {fields}
      <Group gap="xs">
        <Button type="submit" size="compact-sm" loading={change.isPending}>
          Save and send again
        </Button>
        <Button size="compact-sm" variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

function Problem({ item }: { item: Outgoing }) {
  if (!item.problem) return null;
  const decision = item.state === 'decision';
  return (
    <Alert color={decision ? 'orange' : 'danger'} title={decision ? 'Changed on the server meanwhile' : `Not accepted by the server (${item.problem.status})`}>
      <Text size="sm">
        {decision
          ? 'Someone saved a newer version after the one your changes are based on. Nothing was overwritten: decide what to keep.'
          : item.problem.message}
      </Text>
      {!decision && item.problem.details.length ? (
        <List size="sm" mt={4}>
          {item.problem.details.map((d) => (
            <List.Item key={`${d.field}:${d.message}`}>
              {d.field}: {d.message}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
}

function OutgoingCard({ item, onDecide }: { item: Outgoing; onDecide: () => void }) {
  const change = useChangeOutgoing();
  const [editing, setEditing] = useState(false);
  const discard = () =>
    confirmDelete({
      title: 'Discard this?',
      message: `“${item.title}”, recorded ${when(item.recordedAt)}, is deleted from this device and never sent. This cannot be undone.`,
      confirmLabel: 'Discard',
      onConfirm: () => change.mutate({ item, change: 'remove' }),
    });
  const state = { waiting: ['Waiting to be sent', 'gray'], decision: ['Needs your decision', 'orange'], refused: ['Not accepted', 'danger'] } as const;
  return (
    <Card withBorder component="article" aria-label={`${item.title}, recorded ${when(item.recordedAt)}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Anchor component={PrefetchLink} to={paths.object(item.object, TAB_OF[item.kind])} fw={600}>
              {item.title}
            </Anchor>
            <Badge variant="light" color={state[item.state][1]}>
              {state[item.state][0]}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {KINDS[item.kind]}, recorded {when(item.recordedAt)}
          </Text>
        </Group>
        <Problem item={item} />
        {editing ? <EditAndRetry item={item} onDone={() => setEditing(false)} /> : <Content item={item} />}
        {editing ? null : (
          <Group gap="xs">
            {item.state === 'decision' ? (
              <Button size="compact-sm" color="orange" onClick={onDecide}>
                Decide
              </Button>
            ) : null}
            {item.state === 'refused' ? (
              <Button size="compact-sm" variant="light" onClick={() => setEditing(true)}>
                Edit and retry
              </Button>
            ) : null}
            <Button size="compact-sm" variant="subtle" color="danger" onClick={discard} loading={change.isPending}>
              Discard
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /me/outbox: what the signed-in user recorded on this device with no network and has not
 * sent yet (lib/outbox), in the order it goes; sent when the network returns, or now.
 * Refused items say why and are edited and sent again, or discarded; edits the server
 * changed meanwhile wait for the user's decision.
 */
export default function OutboxPage() {
  useTitle('Recorded on this device');
  const outbox = useOutbox();
  const online = useOnline();
  const [sent, setSent] = useState<number | null>(null);
  const sync = useSyncOutbox();
  const [deciding, setDeciding] = useState<Outgoing | null>(null);
  const items = outbox.data ?? [];
  const waiting = items.filter((i) => i.state === 'waiting').length;
  const send = (photosOnMetered = false) => sync.mutate({ photosOnMetered }, { onSuccess: ({ sent }) => setSent(sent) });
  const photosHeld = online && metered() ? items.filter((i) => i.state === 'waiting' && i.kind === 'photo').length : 0;
  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Title order={1}>Recorded on this device</Title>
        <Text c="dimmed" maw={720}>
          What you record with no network (notes, photos, readings, changes, new objects) waits here, in the order you recorded it, and is sent when the network
          returns while you are signed in. It stays on this device when you sign out, and is sent when you sign in again: no one else sends it.
        </Text>
        <Group gap="sm">
          <Button onClick={() => send()} loading={sync.isPending} disabled={!online || waiting === 0}>
            Send now
          </Button>
          <Button component={PrefetchLink} to={paths.objectNew} variant="default">
            New object
          </Button>
          <Text size="sm" role="status">
            {!online ? 'Offline: sent when the network returns.' : sent !== null ? `${sent} sent.` : waiting ? `${waiting} waiting to be sent.` : ''}
          </Text>
        </Group>
        {photosHeld ? (
          <Alert color="blue" title="Photos wait for your go">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                This connection is metered (mobile data, or data saving is on): {photosHeld === 1 ? 'a photo waits' : `${photosHeld} photos wait`} until you
                send
                {photosHeld === 1 ? ' it' : ' them'}, or until you are on another network. Everything else goes now.
              </Text>
              <Button size="compact-sm" onClick={() => send(true)} loading={sync.isPending}>
                Send photos now
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {outbox.isPending && outbox.fetchStatus !== 'idle' ? (
          <PageState isPending error={null} />
        ) : outbox.error ? (
          <PageState isPending={false} error={outbox.error} />
        ) : items.length === 0 ? (
          <Text role="status">Nothing is waiting: everything you recorded on this device has been sent.</Text>
        ) : (
          <Stack gap="sm" aria-label="Waiting to be sent">
            {items.map((item) => (
              <OutgoingCard key={item.id} item={item} onDecide={() => setDeciding(item)} />
            ))}
          </Stack>
        )}
        {deciding ? <DecisionDialog item={deciding} onClose={() => setDeciding(null)} /> : null}
      </Stack>
    </Container>
  );
}
