import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { lengthLimit, NoteInputSchema } from '@observatory/shared';
import type { Note } from '@observatory/shared';
import { useState } from 'react';
import { ConflictDialog, type ComparedField } from '../../components/ConflictDialog';
import { LimitedTextarea } from '../../components/LimitedInput';
import { DraftAlert } from '../../components/DraftAlert';
import { PrefetchLink } from '../../components/PrefetchLink';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { WrittenAt } from '../../components/WrittenAt';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../lib/auth';
import { useDraft } from '../../lib/use-draft';
import { useOutgoingFor } from '../../lib/outbox/use-outbox';
import { useObjectPageValue } from './object-context';
import { useAddNote, useNoteActions, useObjectNotes } from './object-page';
import { dateTime } from './object-bits';
import { confirmDelete } from '../../components/confirm';
import { errorText } from '../../lib/errors';
import { lengthProblem } from '../../lib/form-rules';
import { useVersionedEdit } from '../../lib/versions';

/** The server's limit, told while typing. */
const MAX_NOTE = lengthLimit(NoteInputSchema.shape.content);

function NewNote({ name, title }: { name: string; title: string }) {
  const [content, setContent] = useState('');
  const [queued, setQueued] = useState(false);
  const add = useAddNote(name, title);
  useUnsavedChanges(content.trim() !== '', 'your note');
  const kept = useDraft({ kind: 'note', resource: `new:${name}`, fields: content, stored: '', onRestore: setContent });
  const busy = add.isPending;
  const error = add.error ? errorText(add.error) : null;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // The text stays in the box until the note is saved; a failure keeps it, as does a note too long.
    if (content.trim() && !lengthProblem(content, MAX_NOTE)) {
      add.mutate(content.trim(), {
        onSuccess: (recorded) => {
          kept.clear();
          setContent('');
          setQueued('queued' in recorded);
        },
      });
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Write a note">
      <Stack gap="xs">
        <DraftAlert draft={kept} />
        <LimitedTextarea
          label="New note"
          placeholder="What did you observe or do?"
          autosize
          minRows={3}
          limit={MAX_NOTE}
          value={content}
          onChange={(e) => setContent(e.currentTarget.value)}
          error={error}
        />
        <Group>
          <Button type="submit" loading={busy} disabled={!content.trim()}>
            Add note
          </Button>
          {queued ? (
            <Text size="sm" role="status">
              Saved on this device: it is sent when the network returns.
            </Text>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

interface NoteValues {
  content: string;
}

/** What the conflict dialog compares of a note: its text, side by side. */
const NOTE_FIELDS: ComparedField<NoteValues>[] = [{ key: 'content', label: 'Note', document: true, show: (v) => String(v ?? '') }];

/** `note`: as the notebook lists it now (asked again after a save refused as changed meanwhile). */
function NoteCard({ note, name }: { note: Note; name: string }) {
  const [editing, setEditing] = useState(false);
  const form = useForm<NoteValues>({ initialValues: { content: note.content } });
  // The note as the server has it: the base of the edit (which follows it while nothing is typed).
  const stored = { version: note.version, values: { content: note.content } };
  const edit = useVersionedEdit(form, stored);
  const draft = editing ? form.values.content : null;
  useUnsavedChanges(editing && form.isDirty(), 'the note');
  const kept = useDraft({
    kind: 'note',
    resource: editing ? note.id : null,
    fields: form.values.content,
    stored: form.getInitialValues().content,
    onRestore: (content) => form.setFieldValue('content', content),
  });
  const actions = useNoteActions(name, note.id);
  const { busy, error } = actions;
  const may = (action: string) => note.permissions.includes(action);
  const close = () => {
    kept.clear();
    form.reset();
    setEditing(false);
  };
  const save = (values = form.values, conditional = edit.conditional) => {
    if (!values.content.trim() || lengthProblem(values.content, MAX_NOTE)) return;
    actions.save.mutate(
      { content: values.content.trim(), conditional },
      {
        onSuccess: (saved) => {
          const now = { content: saved.content };
          edit.saved({ version: saved.version, values: now });
          form.setInitialValues(now);
          form.setValues(now);
          kept.clear();
          setEditing(false);
        },
        onError: (e) => void edit.refused(e, values),
      },
    );
  };
  const askToDelete = () =>
    confirmDelete({
      title: 'Delete this note?',
      message: 'The note is removed from the notebook for everyone. This cannot be undone.',
      onConfirm: () => actions.remove.mutate(note.version),
    });
  const author = note.author ? (
    <Anchor component={PrefetchLink} to={paths.person(note.author.slug)} size="sm" fw={600}>
      {note.author.name}
    </Anchor>
  ) : (
    <Text span size="sm" fw={600}>
      Someone no longer here
    </Text>
  );
  return (
    <Card withBorder component="article" aria-busy={busy} aria-label={`Note by ${note.author?.name ?? 'a former user'}, ${dateTime(note.timestamp)}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            {author}
            <WrittenAt timestamp={note.timestamp} created={note.created} />
          </Group>
          {draft === null ? (
            <Group gap="xs">
              {may('edit') ? (
                <Button size="compact-sm" variant="subtle" onClick={() => setEditing(true)} disabled={busy}>
                  Edit
                </Button>
              ) : null}
              {may('delete') ? (
                <Button size="compact-sm" variant="subtle" color="danger" onClick={askToDelete} loading={busy}>
                  Delete
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Group>
        {draft === null ? (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.content}</Text>
        ) : (
          <Stack gap="xs">
            <DraftAlert draft={kept} />
            <LimitedTextarea label="Note" autosize minRows={2} limit={MAX_NOTE} {...form.getInputProps('content')} />
            <Group gap="xs">
              <Button size="xs" onClick={() => save()} loading={busy} disabled={!draft.trim()}>
                Save
              </Button>
              <Button size="xs" variant="default" onClick={close} disabled={busy}>
                Cancel
              </Button>
            </Group>
          </Stack>
        )}
        <ConflictDialog
          edit={edit}
          server={stored}
          fields={NOTE_FIELDS}
          what="the note"
          overwriting={busy}
          onOverwrite={({ values, conditional }) => save(values, conditional)}
        />
        {error ? (
          <Alert color="danger" role="alert">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}

/** Notes written here with no network, waiting to be sent (lib/outbox): shown first, marked so. */
function OutgoingNotes({ name }: { name: string }) {
  const notes = useOutgoingFor(name).filter((item) => item.kind === 'note');
  if (notes.length === 0) return null;
  return (
    <Stack gap="sm" aria-label="Notes waiting to be sent">
      {notes.map((item) => (
        <Card key={item.id} withBorder component="article" aria-label={`Note waiting to be sent, ${dateTime(item.recordedAt)}`}>
          <Stack gap="xs">
            <Group gap="xs">
              <Badge color={item.state === 'waiting' ? 'gray' : 'danger'} variant="light">
                {item.state === 'waiting' ? 'Waiting to be sent' : 'Not sent: see what is waiting'}
              </Badge>
              <Text size="sm" c="dimmed">
                {dateTime(item.recordedAt)}
              </Text>
              <Anchor component={PrefetchLink} to={paths.myOutbox} size="sm">
                What is waiting
              </Anchor>
            </Group>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{String(item.body.content)}</Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** The object's notebook: newest first, 20 a page with "Load more", the count, and notes to write, change and delete. */
export default function ObjectNotebook() {
  const { name, detail, ready } = useObjectPageValue();
  const user = useCurrentUser();
  const notes = useObjectNotes(name, ready);
  const mayWrite = !!user.user && detail.permissions.includes('comment');
  const { loaded } = notes;
  return (
    <Stack gap="lg" component="section" aria-labelledby="notebook-heading">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3" id="notebook-heading">
          Notebook
        </Title>
        {loaded ? (
          <Text c="dimmed" aria-live="polite">
            {notes.total} {notes.total === 1 ? 'note' : 'notes'}
          </Text>
        ) : null}
      </Group>
      {mayWrite ? <NewNote name={name} title={detail.obj.title} /> : null}
      <OutgoingNotes name={name} />
      {!user.user && !user.isLoading ? (
        <Text size="sm" c="dimmed">
          Members of the object’s projects can{' '}
          <Anchor component={PrefetchLink} to={paths.login} inherit>
            sign in
          </Anchor>{' '}
          to write notes.
        </Text>
      ) : null}
      {loaded && notes.items.length === 0 ? <Text c="dimmed">No notes yet.{mayWrite ? ' Write the first one above.' : ''}</Text> : null}
      <Stack gap="sm" role="feed" aria-busy={notes.busy} aria-label="Notes, newest first">
        {notes.items.map((n) => (
          <NoteCard key={n.id} note={n} name={name} />
        ))}
      </Stack>
      {notes.error ? (
        <Alert color="danger" role="alert" title="The notes could not be loaded">
          {notes.error}{' '}
          <Anchor component="button" type="button" onClick={loaded ? notes.loadMore : notes.reload}>
            Try again
          </Anchor>
        </Alert>
      ) : null}
      {!loaded && notes.busy ? <Text c="dimmed">Loading the notes…</Text> : null}
      {loaded && notes.hasMore ? (
        <Group>
          <Button variant="default" onClick={notes.loadMore} loading={notes.busy}>
            Load more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
