import { Anchor, Badge, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { ShortlinkCreateSchema, shortlinkTargetProblem } from '@observatory/shared';
import { ConflictDialog, type ComparedField } from '../../../../components/ConflictDialog';
import { CopyButton } from '../../../../components/CopyButton';
import { fieldErrors, FormError, showFieldErrors, unplacedError } from '../../../../components/FormError';
import { useUnsavedChanges } from '../../../../components/unsaved-changes';
import { PageState } from '../../../../components/PageState';
import { AdminTable } from '../../../../components/admin/AdminTable';
import { schemaRule } from '../../../../lib/form-rules';
import { useTitle } from '../../../../lib/use-title';
import { conflictOf, useVersionedEdit } from '../../../../lib/versions';
import { shortUrl, useCreateShortlink, useDeleteShortlink, useShortlinks, useUpdateShortlink, type Shortlink } from './api';
import { confirmDelete } from '../../../../components/confirm';

type Values = { slug: string; target: string };
const FIELDS = ['slug', 'target'] as const;

const lastUsed = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' }) : 'never');

/** The same rules the server checks, so most mistakes are shown before sending. */
function useShortlinkForm(initialValues: Values) {
  return useForm<Values>({
    initialValues,
    validate: {
      slug: schemaRule(ShortlinkCreateSchema.shape.slug, 'A shortlink needs a slug'),
      target: (v) => shortlinkTargetProblem(v.trim()),
    },
  });
}

/** Slug and target fields; the server's refusal of either is shown at its field. */
function ShortlinkFields({ form }: { form: UseFormReturnType<Values> }) {
  return (
    <>
      <TextInput
        label="Slug"
        placeholder="guide"
        description={`The short address: ${shortUrl(form.values.slug.trim() || 'slug')}`}
        descriptionProps={{ style: { overflowWrap: 'anywhere' } }}
        required
        {...form.getInputProps('slug')}
      />
      <TextInput
        label="Target"
        placeholder="/doc/index or https://example.org/page"
        description="A path of this site starting with /, or an http(s) address on a host this catalogue allows"
        required
        {...form.getInputProps('target')}
      />
    </>
  );
}

function NewShortlink() {
  const create = useCreateShortlink();
  const form = useShortlinkForm({ slug: '', target: '' });
  useUnsavedChanges(form.isDirty(), 'the new shortlink');
  return (
    <form
      noValidate
      aria-labelledby="new-shortlink-title"
      onSubmit={form.onSubmit((v) =>
        create.mutate(
          { slug: v.slug.trim(), target: v.target.trim() },
          {
            onSuccess: (made) => {
              form.reset();
              notifications.show({ color: 'green', message: `Shortlink ${made.slug} created` });
            },
            onError: (e) => showFieldErrors(form, fieldErrors(e)),
          },
        ),
      )}
    >
      <Stack gap="sm" maw={560}>
        <Title order={2} size="h3" id="new-shortlink-title">
          New shortlink
        </Title>
        <FormError error={unplacedError(create.error, FIELDS)} />
        <ShortlinkFields form={form} />
        <Button type="submit" loading={create.isPending} w="fit-content">
          Create shortlink
        </Button>
      </Stack>
    </form>
  );
}

/** What the conflict dialog compares of a shortlink: its fields. */
const SHORTLINK_FIELDS: ComparedField<Values>[] = [
  { key: 'slug', label: 'Slug' },
  { key: 'target', label: 'Target' },
];

/** `shortlink`: as the list has it now (asked again after a save refused as changed meanwhile). */
function EditShortlink({ shortlink, onClose }: { shortlink: Shortlink; onClose: () => void }) {
  const update = useUpdateShortlink();
  const form = useShortlinkForm({ slug: shortlink.slug, target: shortlink.target });
  // The shortlink as the server has it: the base of the edit (which follows it while nothing is typed).
  const stored = { version: shortlink.version, values: { slug: shortlink.slug, target: shortlink.target } };
  const edit = useVersionedEdit(form, stored);
  useUnsavedChanges(form.isDirty(), 'this shortlink');
  const submit = (v: Values, conditional = edit.conditional) =>
    update.mutate(
      { id: shortlink.id, slug: v.slug.trim(), target: v.target.trim(), conditional },
      {
        onSuccess: (saved) => {
          edit.saved({ version: saved.version, values: { slug: saved.slug, target: saved.target } });
          onClose();
        },
        onError: (e) => {
          if (!edit.refused(e, v)) showFieldErrors(form, fieldErrors(e));
        },
      },
    );
  return (
    <form noValidate aria-label={`Edit ${shortlink.slug}`} onSubmit={form.onSubmit((v) => submit(v))}>
      <Stack gap="sm">
        <FormError error={unplacedError(conflictOf(update.error) ? null : update.error, FIELDS)} />
        <ShortlinkFields form={form} />
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
        fields={SHORTLINK_FIELDS}
        what="the shortlink"
        overwriting={update.isPending}
        onOverwrite={({ values, conditional }) => submit(values, conditional)}
      />
    </form>
  );
}

function SlugCell({ slug }: { slug: string }) {
  const url = shortUrl(slug);
  return (
    <Stack gap={2}>
      <Text fw={600}>{slug}</Text>
      <Group gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {url}
        </Text>
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={copy}
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              aria-label={copied ? `Copied the address of ${slug}` : `Copy the address of ${slug}`}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** The host an address leads to, for the mark below (the server decides which are allowed). */
function hostOf(target: string) {
  try {
    return new URL(target).hostname;
  } catch {
    return target;
  }
}

/** Where the shortlink leads, marked when it asks visitors before they leave for a host no longer allowed. */
function TargetCell({ shortlink }: { shortlink: Shortlink }) {
  const link = (
    <Anchor href={shortlink.target} size="sm">
      {shortlink.target}
    </Anchor>
  );
  if (shortlink.external !== 'interstitial') return link;
  return (
    <Stack gap={4} align="flex-start">
      {link}
      <Badge variant="light" color="gray" tt="none">
        Asks before leaving
      </Badge>
      <Text size="xs" c="dimmed" style={{ wordBreak: 'normal' }}>
        {hostOf(shortlink.target)} is not among the hosts this catalogue allows, so visitors see a page asking whether to continue there. Change the target to a
        path of this site or an allowed host to send them straight on.
      </Text>
    </Stack>
  );
}

function ShortlinkTable({ shortlinks, onEdit, onDelete }: { shortlinks: Shortlink[]; onEdit: (s: Shortlink) => void; onDelete: (s: Shortlink) => void }) {
  return (
    <AdminTable
      label="Shortlinks"
      minWidth={720}
      verticalSpacing="sm"
      rows={shortlinks}
      rowKey={(s) => s.id}
      rowProps={() => ({ 'data-testid': 'shortlink-row' })}
      columns={[
        { header: 'Slug', cell: (s) => <SlugCell slug={s.slug} /> },
        {
          header: 'Target',
          style: { wordBreak: 'break-all' },
          cell: (s) => <TargetCell shortlink={s} />,
        },
        { header: 'Hits', cell: (s) => s.hits },
        { header: 'Last used', cell: (s) => lastUsed(s.lastUsedAt) },
      ]}
      actions={(s) => (
        <>
          <Button size="xs" variant="default" onClick={() => onEdit(s)} aria-label={`Edit ${s.slug}`}>
            Edit
          </Button>
          <Button size="xs" variant="subtle" color="danger" onClick={() => onDelete(s)} aria-label={`Delete ${s.slug}`}>
            Delete
          </Button>
        </>
      )}
    />
  );
}

/** Site Admin → Shortlinks: /s/{slug} addresses, how often each was followed, and a form for a new one. */
export default function ShortlinksAdminPage() {
  useTitle('Shortlinks · Site Admin');
  const shortlinks = useShortlinks();
  const remove = useDeleteShortlink();
  const [editing, setEditing] = useState<Shortlink | null>(null);
  if (!shortlinks.data) return <PageState isPending={shortlinks.isPending} error={shortlinks.error} />;
  const askToDelete = (s: Shortlink) =>
    confirmDelete({
      title: `Delete the shortlink ${s.slug}?`,
      message: `${shortUrl(s.slug)} will lead nowhere. This cannot be undone.`,
      onConfirm: () =>
        remove.mutate({ id: s.id, version: s.version }, { onSuccess: () => notifications.show({ color: 'green', message: `Shortlink ${s.slug} deleted` }) }),
    });
  return (
    <Stack gap="lg">
      <Title order={1}>Shortlinks</Title>
      <Text size="sm" c="dimmed">
        A shortlink is a short address of this site, /s/ and a slug, that sends whoever follows it on to its target: a page here, or one on a host this
        catalogue allows. A link to any other host asks visitors before they leave.
      </Text>
      <FormError error={remove.error} />
      {shortlinks.data.length ? (
        <ShortlinkTable shortlinks={shortlinks.data} onEdit={setEditing} onDelete={askToDelete} />
      ) : (
        <Text>No shortlinks yet: add the first below.</Text>
      )}
      <NewShortlink />
      <Modal
        opened={!!editing}
        onClose={() => setEditing(null)}
        title={editing ? `Edit the shortlink ${editing.slug}` : ''}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {editing ? (
          // As the list has it now: a refetch is the base the form follows, and what a refused save is compared with.
          <EditShortlink key={editing.id} shortlink={shortlinks.data.find((s) => s.id === editing.id) ?? editing} onClose={() => setEditing(null)} />
        ) : null}
      </Modal>
    </Stack>
  );
}
