import { Alert, Badge, Button, Checkbox, Code, Group, Loader, Modal, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { CHANGE_KINDS, WEBHOOK_EVENTS, WEBHOOKS_MAX, WebhookInputSchema, type Change, type WebhookCreated, type WebhookInput } from '@observatory/shared';
import { ConflictDialog, type ComparedField } from '../../../../components/ConflictDialog';
import { CopyButton } from '../../../../components/CopyButton';
import { fieldErrors, FormError, showFieldErrors, unplacedError } from '../../../../components/FormError';
import { useUnsavedChanges } from '../../../../components/unsaved-changes';
import { PageState } from '../../../../components/PageState';
import { AdminTable, Dimmed } from '../../../../components/admin/AdminTable';
import { confirmDelete } from '../../../../components/confirm';
import { lengthRule, schemaRule } from '../../../../lib/form-rules';
import { useTitle } from '../../../../lib/use-title';
import { conflictOf, useVersionedEdit } from '../../../../lib/versions';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useTestWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
  type Webhook,
  type WebhookDelivery,
} from './api';

type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
type Kind = Change['kind'];
type Values = { url: string; description: string; events: WebhookEvent[]; kinds: Kind[]; owner: string; active: boolean };
const FIELDS = ['url', 'description', 'events', 'kinds', 'owner', 'active'] as const;

/** The events as the form and the list say them. */
const EVENT_WORDS: Record<WebhookEvent, string> = { create: 'Created', update: 'Changed', delete: 'Deleted' };
/** The kinds of resource as the form and the list say them. */
const KIND_WORDS: Record<Kind, string> = {
  project: 'Projects',
  datatable: 'Data tables',
  object: 'Objects',
  person: 'People',
  institution: 'Partners',
  team: 'Teams',
  publication: 'Publications',
  insight: 'Insights',
  page: 'Pages',
};
const STATUS_COLOURS: Record<WebhookDelivery['status'], string> = { pending: 'gray', delivered: 'green', retrying: 'yellow', failed: 'danger' };

const NEW: Values = { url: '', description: '', events: [...WEBHOOK_EVENTS], kinds: [...CHANGE_KINDS], owner: '', active: true };

const when = (iso: string) => new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'medium' });

/** The choices in their own order, whatever order they were ticked in. */
const inOrder = <T extends string>(all: readonly T[], chosen: readonly T[]) => all.filter((x) => chosen.includes(x));

/** "All events", or the chosen ones in words. */
function listed<T extends string>(all: readonly T[], chosen: readonly T[], words: Record<T, string>, every: string) {
  const picked = inOrder(all, chosen);
  return picked.length === all.length ? every : picked.map((x) => words[x]).join(', ');
}

const valuesOf = (w: Webhook): Values => ({
  url: w.url,
  description: w.description,
  events: inOrder(WEBHOOK_EVENTS, w.events),
  kinds: inOrder(CHANGE_KINDS, w.kinds),
  owner: w.owner?.username ?? '',
  active: w.active,
});

const inputOf = (v: Values): WebhookInput => ({
  url: v.url.trim(),
  description: v.description.trim(),
  events: inOrder(WEBHOOK_EVENTS, v.events),
  kinds: inOrder(CHANGE_KINDS, v.kinds),
  owner: v.owner.trim() || null,
  active: v.active,
});

/** The same rules the server checks, so most mistakes are shown before sending. */
function useWebhookForm(initialValues: Values) {
  const url = schemaRule(WebhookInputSchema.shape.url, 'Give the receiver’s http or https address');
  return useForm<Values>({
    initialValues,
    validate: {
      url: (v) => url(v.trim()),
      description: lengthRule(200),
      events: (v) => (v.length ? null : 'Choose at least one event'),
      kinds: (v) => (v.length ? null : 'Choose at least one kind'),
      owner: lengthRule(100),
    },
  });
}

/** The fields of a webhook; the server's refusal of any (a private address, an unknown user) is shown at its field. */
function WebhookFields({ form }: { form: UseFormReturnType<Values> }) {
  const activeHelp = useId();
  return (
    <>
      <TextInput
        label="URL"
        placeholder="https://example.org/hooks/catalogue"
        description="Where each delivery is POSTed. Redirects are not followed; private and local addresses are refused."
        required
        inputMode="url"
        autoComplete="off"
        {...form.getInputProps('url')}
      />
      <TextInput label="Description" description="What it is for, to tell it apart in the list" {...form.getInputProps('description')} />
      <Checkbox.Group label="Events" description="Which changes it is told of" required {...form.getInputProps('events')}>
        <Group mt="xs" gap="md">
          {WEBHOOK_EVENTS.map((e) => (
            <Checkbox key={e} value={e} label={EVENT_WORDS[e]} />
          ))}
        </Group>
      </Checkbox.Group>
      <Checkbox.Group label="Kinds" description="Of which kinds of resource" required {...form.getInputProps('kinds')}>
        <SimpleGrid cols={{ base: 2, sm: 3 }} mt="xs" spacing="xs">
          {CHANGE_KINDS.map((k) => (
            <Checkbox key={k} value={k} label={KIND_WORDS[k]} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <TextInput
        label="Sees as"
        placeholder="a visitor"
        description="A username: each delivery carries what that user may see when it is sent. Empty: only what a visitor may see."
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        {...form.getInputProps('owner')}
      />
      <Stack gap={4}>
        <Switch label="Active" aria-describedby={activeHelp} {...form.getInputProps('active', { type: 'checkbox' })} />
        <Text size="xs" c="dimmed" id={activeHelp}>
          Off: nothing is sent to it, and changes made meanwhile are not sent later either.
        </Text>
      </Stack>
    </>
  );
}

function NewWebhook({ onCreated }: { onCreated: (made: WebhookCreated) => void }) {
  const create = useCreateWebhook();
  const form = useWebhookForm(NEW);
  useUnsavedChanges(form.isDirty(), 'the new webhook');
  return (
    <form
      noValidate
      aria-labelledby="new-webhook-title"
      onSubmit={form.onSubmit((v) =>
        create.mutate(inputOf(v), {
          onSuccess: (made) => {
            form.reset();
            onCreated(made);
          },
          onError: (e) => showFieldErrors(form, fieldErrors(e)),
        }),
      )}
    >
      <Stack gap="sm" maw={640}>
        <Title order={2} size="h3" id="new-webhook-title">
          Add webhook
        </Title>
        <FormError error={unplacedError(create.error, FIELDS)} />
        <WebhookFields form={form} />
        <Button type="submit" loading={create.isPending} w="fit-content">
          Add webhook
        </Button>
      </Stack>
    </form>
  );
}

/** The new webhook's signing secret, shown this once, to copy. */
function SecretDialog({ created, onClose }: { created: WebhookCreated | null; onClose: () => void }) {
  return (
    <Modal
      opened={!!created}
      onClose={onClose}
      title="The new webhook’s signing secret"
      size="lg"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {created ? (
        <Stack>
          <Alert color="blue" title="Copy it now: you will not see it again">
            Give it to the receiver at {created.webhook.url}: with it the receiver checks that each delivery comes from this catalogue (its webhook-signature
            header, as Standard Webhooks describe). It cannot be shown again; if it is lost, delete the webhook and add it anew.
          </Alert>
          <Code block tabIndex={0} aria-label="The signing secret" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {created.secret}
          </Code>
          <Group>
            <CopyButton value={created.secret}>
              {({ copied, copy }) => (
                <Button onClick={copy} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}>
                  {copied ? 'Copied' : 'Copy the secret'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

const joined = (words: Record<string, string>) => (value: unknown) =>
  (value as string[]).length ? (value as string[]).map((x) => words[x] ?? x).join(', ') : '(none)';

/** What the conflict dialog compares of a webhook: its fields. */
const WEBHOOK_FIELDS: ComparedField<Values>[] = [
  { key: 'url', label: 'URL' },
  { key: 'description', label: 'Description' },
  { key: 'events', label: 'Events', show: joined(EVENT_WORDS) },
  { key: 'kinds', label: 'Kinds', show: joined(KIND_WORDS) },
  { key: 'owner', label: 'Sees as', show: (v) => (v ? String(v) : 'a visitor') },
  { key: 'active', label: 'Active', show: (v) => (v ? 'yes' : 'no') },
];

/** `webhook`: as the list has it now (asked again after a save refused as changed meanwhile). */
function EditWebhook({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const update = useUpdateWebhook();
  const form = useWebhookForm(valuesOf(webhook));
  // The webhook as the server has it: the base of the edit (which follows it while nothing is typed).
  const stored = { version: webhook.version, values: valuesOf(webhook) };
  const edit = useVersionedEdit(form, stored);
  useUnsavedChanges(form.isDirty(), 'this webhook');
  const submit = (v: Values, conditional = edit.conditional) =>
    update.mutate(
      { id: webhook.id, ...inputOf(v), conditional },
      {
        onSuccess: (saved) => {
          edit.saved({ version: saved.version, values: valuesOf(saved) });
          onClose();
        },
        onError: (e) => {
          if (!edit.refused(e, v)) showFieldErrors(form, fieldErrors(e));
        },
      },
    );
  return (
    <form noValidate aria-label={`Edit ${webhook.url}`} onSubmit={form.onSubmit((v) => submit(v))}>
      <Stack gap="sm">
        <FormError error={unplacedError(conflictOf(update.error) ? null : update.error, FIELDS)} />
        <WebhookFields form={form} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
      <ConflictDialog
        edit={edit}
        server={stored}
        fields={WEBHOOK_FIELDS}
        what="the webhook"
        overwriting={update.isPending}
        onOverwrite={({ values, conditional }) => submit(values, conditional)}
      />
    </form>
  );
}

/** A delivery's status as a coloured dot and its word (the word carries it; the dot only helps). */
function StatusBadge({ status }: { status: WebhookDelivery['status'] }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="dot" tt="none" miw="max-content">
      {status}
    </Badge>
  );
}

/** What a test's delivery came to, in words. */
function TestResult({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.status === 'delivered')
    return (
      <Alert color="blue" role="status" title="The test was delivered">
        The receiver answered HTTP {delivery.responseStatus ?? '2xx'}.
      </Alert>
    );
  if (delivery.status === 'pending')
    return (
      <Alert color="gray" role="status" title="The test is waiting to be sent">
        The log below shows when it has gone.
      </Alert>
    );
  // The server's reason names the receiver's answer when there was one.
  const why = delivery.error ?? (delivery.responseStatus !== null ? `The receiver answered HTTP ${delivery.responseStatus}` : 'The receiver did not accept it');
  return (
    <Alert color="danger" role="status" title="The test was not delivered">
      {why.replace(/\.$/, '')}.{delivery.nextAttemptAt ? ` It will be tried again at ${when(delivery.nextAttemptAt)}.` : ''}
    </Alert>
  );
}

/** The log's last column: why it failed, when it went, when it will be tried again. */
function DeliveryDetails({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <Stack gap={2}>
      {delivery.error ? <Text size="sm">{delivery.error}</Text> : null}
      {delivery.deliveredAt ? <Text size="sm">Delivered {when(delivery.deliveredAt)}</Text> : null}
      {delivery.nextAttemptAt ? <Text size="sm">Next attempt {when(delivery.nextAttemptAt)}</Text> : null}
      {!delivery.error && !delivery.deliveredAt && !delivery.nextAttemptAt ? <Dimmed>none</Dimmed> : null}
    </Stack>
  );
}

function DeliveryTable({ deliveries }: { deliveries: WebhookDelivery[] }) {
  return (
    <AdminTable
      label="Deliveries"
      minWidth={820}
      verticalSpacing="xs"
      rows={deliveries}
      rowKey={(d) => d.id}
      rowProps={() => ({ 'data-testid': 'delivery-row' })}
      columns={[
        { header: 'Made', cell: (d) => when(d.createdAt), style: { whiteSpace: 'nowrap' } },
        { header: 'Event', cell: (d) => d.type, style: { whiteSpace: 'nowrap' } },
        { header: 'Status', cell: (d) => <StatusBadge status={d.status} /> },
        { header: 'Attempts', cell: (d) => d.attempts },
        { header: 'HTTP status', cell: (d) => d.responseStatus ?? <Dimmed>none</Dimmed> },
        { header: 'Details', cell: (d) => <DeliveryDetails delivery={d} />, style: { overflowWrap: 'anywhere' } },
      ]}
    />
  );
}

type TestState = ReturnType<typeof useTestWebhook>;

/** A webhook's latest deliveries, newest first, and its test: sent, being sent, or its result. */
function DeliveryLog({ webhook, test, onTest }: { webhook: Webhook; test: TestState; onTest: () => void }) {
  const deliveries = useWebhookDeliveries(webhook.id, true);
  const mine = test.variables === webhook.id;
  return (
    <Stack gap="md">
      {webhook.description ? (
        <Text size="sm" c="dimmed">
          {webhook.description}
        </Text>
      ) : null}
      {mine && test.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">Sending a test…</Text>
        </Group>
      ) : null}
      {mine && test.error ? <FormError error={test.error} /> : null}
      {mine && test.data && !test.isPending ? <TestResult delivery={test.data} /> : null}
      <Group>
        <Button variant="default" onClick={onTest} loading={mine && test.isPending}>
          Send a test
        </Button>
      </Group>
      <FormError error={deliveries.error} />
      {deliveries.isPending ? <Loader size="sm" role="status" aria-label="Loading" /> : null}
      {deliveries.data?.length === 0 ? <Text>Nothing has been sent to it yet.</Text> : null}
      {deliveries.data?.length ? <DeliveryTable deliveries={deliveries.data} /> : null}
    </Stack>
  );
}

function LastDelivery({ webhook }: { webhook: Webhook }) {
  if (!webhook.lastDelivery) return <Dimmed>none yet</Dimmed>;
  return (
    <Stack gap={2} align="flex-start">
      <StatusBadge status={webhook.lastDelivery.status} />
      <Text size="xs" c="dimmed">
        {when(webhook.lastDelivery.at)}
      </Text>
    </Stack>
  );
}

interface RowActions {
  onLog: (w: Webhook) => void;
  onTest: (w: Webhook) => void;
  onEdit: (w: Webhook) => void;
  onDelete: (w: Webhook) => void;
}

function WebhookTable({ webhooks, onLog, onTest, onEdit, onDelete }: { webhooks: Webhook[] } & RowActions) {
  return (
    <AdminTable
      label="Webhooks"
      minWidth={900}
      verticalSpacing="sm"
      rows={webhooks}
      rowKey={(w) => w.id}
      rowProps={() => ({ 'data-testid': 'webhook-row' })}
      columns={[
        {
          header: 'URL',
          style: { overflowWrap: 'anywhere', minWidth: 200 },
          cell: (w) => (
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {w.url}
              </Text>
              {w.description ? (
                <Text size="xs" c="dimmed">
                  {w.description}
                </Text>
              ) : null}
            </Stack>
          ),
        },
        { header: 'Events', cell: (w) => listed(WEBHOOK_EVENTS, w.events, EVENT_WORDS, 'All') },
        { header: 'Kinds', cell: (w) => listed(CHANGE_KINDS, w.kinds, KIND_WORDS, 'All') },
        { header: 'Sees as', cell: (w) => (w.owner ? `${w.owner.name} (${w.owner.username})` : 'a visitor') },
        {
          header: 'Active',
          cell: (w) => (
            <Badge color={w.active ? 'green' : 'gray'} variant="dot" tt="none" miw="max-content">
              {w.active ? 'active' : 'off'}
            </Badge>
          ),
        },
        { header: 'Last delivery', cell: (w) => <LastDelivery webhook={w} /> },
      ]}
      actions={(w) => (
        <>
          <Button size="xs" variant="default" onClick={() => onLog(w)} aria-label={`Deliveries to ${w.url}`}>
            Deliveries
          </Button>
          <Button size="xs" variant="default" onClick={() => onTest(w)} aria-label={`Send a test to ${w.url}`}>
            Send test
          </Button>
          <Button size="xs" variant="default" onClick={() => onEdit(w)} aria-label={`Edit ${w.url}`}>
            Edit
          </Button>
          <Button size="xs" variant="subtle" color="danger" onClick={() => onDelete(w)} aria-label={`Delete ${w.url}`}>
            Delete
          </Button>
        </>
      )}
    />
  );
}

/**
 * Site Admin → Webhooks (manageSettings): the addresses told of changes in the catalogue as
 * they happen, each with its delivery log and a test; a new one's signing secret is shown once.
 */
export default function WebhooksAdminPage() {
  useTitle('Webhooks · Site Admin');
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  if (!webhooks.data) return <PageState isPending={webhooks.isPending} error={webhooks.error} />;
  const list = webhooks.data;
  // As the list has it now: a refetch is the base a form follows (and what a refused save is compared with).
  const now = (w: Webhook) => list.find((x) => x.id === w.id) ?? w;
  const sendTest = (w: Webhook) => {
    setLogOf(w);
    test.mutate(w.id);
  };
  const askToDelete = (w: Webhook) =>
    confirmDelete({
      title: 'Delete this webhook?',
      message: [`Nothing more will be sent to ${w.url}, and its delivery log goes with it.`, 'This cannot be undone.'],
      onConfirm: () => remove.mutate({ id: w.id, version: w.version }, { onSuccess: () => notifications.show({ color: 'green', message: 'Webhook deleted' }) }),
    });
  return (
    <Stack gap="lg">
      <Title order={1}>Webhooks</Title>
      <Text size="sm" c="dimmed">
        A webhook tells another system of changes in the catalogue as they happen: each change of the events and kinds it follows is POSTed to its URL, signed
        with its secret as Standard Webhooks describe. A delivery the receiver does not accept is tried again for up to a day.
      </Text>
      <FormError error={remove.error} />
      {list.length ? (
        <WebhookTable webhooks={list} onLog={setLogOf} onTest={sendTest} onEdit={setEditing} onDelete={askToDelete} />
      ) : (
        <Text>No webhooks yet: add the first below.</Text>
      )}
      {list.length >= WEBHOOKS_MAX ? (
        <Text>The catalogue keeps at most {WEBHOOKS_MAX} webhooks: delete one to add another.</Text>
      ) : (
        <NewWebhook onCreated={setCreated} />
      )}
      <SecretDialog created={created} onClose={() => setCreated(null)} />
      <Modal opened={!!editing} onClose={() => setEditing(null)} title="Edit the webhook" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
        {editing ? <EditWebhook key={editing.id} webhook={now(editing)} onClose={() => setEditing(null)} /> : null}
      </Modal>
      <Modal
        opened={!!logOf}
        onClose={() => setLogOf(null)}
        title={logOf ? `Deliveries to ${logOf.url}` : ''}
        size={960}
        closeButtonProps={{ 'aria-label': 'Close' }}
        styles={{ title: { overflowWrap: 'anywhere' } }}
      >
        {logOf ? <DeliveryLog key={logOf.id} webhook={now(logOf)} test={test} onTest={() => sendTest(logOf)} /> : null}
      </Modal>
    </Stack>
  );
}
