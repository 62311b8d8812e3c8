import { Alert, Anchor, Button, Card, Group, Loader, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { COMMENT_MAX_LENGTH, type Comment } from '@observatory/shared';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ConflictDialog, type ComparedField } from '../../components/ConflictDialog';
import { LimitedTextarea } from '../../components/LimitedInput';
import { DraftAlert } from '../../components/DraftAlert';
import { PrefetchLink } from '../../components/PrefetchLink';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { WrittenAt } from '../../components/WrittenAt';
import { paths } from '../../config/paths';
import { useDraft } from '../../lib/use-draft';
import { useCommentActions } from './api';
import { dateTime } from './insight-bits';
import { confirmDelete } from '../../components/confirm';
import { lengthProblem } from '../../lib/form-rules';
import { useVersionedEdit } from '../../lib/versions';

/** A comment's photo: a thumbnail that opens the large version. */
export function CommentPhoto({ photo, who }: { photo: NonNullable<Comment['photo']>; who: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <UnstyledButton onClick={() => setOpen(true)} aria-label={`Show the photo of ${who} large`} w="fit-content">
        <img src={photo.thumbUrl} alt="" width={96} height={96} style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }} />
      </UnstyledButton>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Photo of ${who}`} size="xl" closeButtonProps={{ 'aria-label': 'Close the photo' }}>
        <img
          src={photo.largeUrl ?? photo.url}
          alt={`Photo of ${who}`}
          style={{ maxWidth: '100%', maxHeight: '75vh', objectFit: 'contain', display: 'block', margin: '0 auto' }}
        />
      </Modal>
    </>
  );
}

interface CommentValues {
  content: string;
  /** The photo it keeps (its asset id), or null: removed, or none. */
  photo: string | null;
}

const commentValues = (comment: Comment): CommentValues => ({ content: comment.content, photo: comment.photo?.id ?? null });

/** What the conflict dialog compares of a comment: its text side by side, and whether it has a photo. */
const COMMENT_FIELDS: ComparedField<CommentValues>[] = [
  { key: 'content', label: 'Comment', document: true, show: (v) => String(v ?? '') },
  { key: 'photo', label: 'Photo', show: (v) => (v ? 'A photo' : 'No photo') },
];

/**
 * One comment: its author, time, text and photo; edit and delete as its permissions allow.
 * While it is saved or deleted it is busy (its buttons off, a loader shown); a failure shows
 * its error beside it and ends busy; a success replaces it with the server's or removes it.
 * `comment`: as the list has it now (asked again after a save refused as changed meanwhile).
 */
export function CommentItem({ comment, insight }: { comment: Comment; insight: { id: string; num: number } }) {
  const [editing, setEditing] = useState(false);
  const form = useForm<CommentValues>({ initialValues: commentValues(comment) });
  // The comment as the server has it: the base of the edit (which follows it while nothing is typed).
  const stored = { version: comment.version, values: commentValues(comment) };
  const edit = useVersionedEdit(form, stored);
  const draft = editing ? form.values.content : null;
  const keepPhoto = form.values.photo !== null;
  useUnsavedChanges(editing && form.isDirty(), 'the comment');
  const kept = useDraft({
    kind: 'comment',
    resource: editing ? comment.id : null,
    fields: form.values.content,
    stored: form.getInitialValues().content,
    onRestore: (content) => form.setFieldValue('content', content),
  });
  const actions = useCommentActions(insight, comment.id);
  const { busy, error } = actions;
  const may = (action: string) => comment.permissions.includes(action);
  const who = `the comment by ${comment.author?.name ?? 'a former user'}, ${dateTime(comment.timestamp)}`;
  const close = () => {
    kept.clear();
    form.reset();
    setEditing(false);
  };
  const save = (values = form.values, conditional = edit.conditional) => {
    if (!values.content.trim() || lengthProblem(values.content, COMMENT_MAX_LENGTH)) return;
    actions.save.mutate(
      { content: values.content.trim(), photo: values.photo, conditional },
      {
        onSuccess: (saved) => {
          const now = commentValues(saved);
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
      title: 'Delete this comment?',
      message: 'The comment is removed for everyone. This cannot be undone.',
      onConfirm: () => actions.remove.mutate(comment.version),
    });
  return (
    <Card withBorder component="article" aria-busy={busy} aria-label={who[0]!.toUpperCase() + who.slice(1)}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            {comment.author ? (
              <Anchor component={PrefetchLink} to={paths.person(comment.author.slug)} size="sm" fw={600}>
                {comment.author.name}
              </Anchor>
            ) : (
              <Text span size="sm" fw={600}>
                Someone no longer here
              </Text>
            )}
            <WrittenAt timestamp={comment.timestamp} created={comment.created} />
            {busy ? <Loader size="xs" role="status" aria-label={actions.remove.isPending ? 'Deleting' : 'Saving'} /> : null}
          </Group>
          {draft === null ? (
            <Group gap="xs">
              {may('edit') ? (
                <Button size="compact-sm" variant="subtle" onClick={() => setEditing(true)} disabled={busy}>
                  Edit
                </Button>
              ) : null}
              {may('delete') ? (
                <Button size="compact-sm" variant="subtle" color="danger" onClick={askToDelete} disabled={busy}>
                  Delete
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Group>
        {draft === null ? (
          <>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{comment.content}</Text>
            {comment.photo ? <CommentPhoto photo={comment.photo} who={who} /> : null}
          </>
        ) : (
          <Stack gap="xs">
            <DraftAlert draft={kept} />
            <LimitedTextarea
              label="Comment"
              autosize
              minRows={2}
              limit={COMMENT_MAX_LENGTH}
              {...form.getInputProps('content')}
              disabled={busy}
              data-autofocus
            />
            {comment.photo ? (
              keepPhoto ? (
                <Group gap="xs">
                  <img src={comment.photo.thumbUrl} alt="The comment’s photo" width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} />
                  <Button size="compact-sm" variant="subtle" color="danger" onClick={() => form.setFieldValue('photo', null)} disabled={busy}>
                    Remove the photo
                  </Button>
                </Group>
              ) : (
                <Group gap="xs">
                  <Text size="sm" c="dimmed">
                    The photo is removed when you save.
                  </Text>
                  <Button size="compact-sm" variant="subtle" onClick={() => form.setFieldValue('photo', comment.photo!.id)} disabled={busy}>
                    Keep the photo
                  </Button>
                </Group>
              )
            ) : null}
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
          fields={COMMENT_FIELDS}
          what="the comment"
          overwriting={busy}
          onOverwrite={({ values, conditional }) => save(values, conditional)}
        />
        {error ? (
          <Alert color="danger" role="alert" title="The comment was not changed">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
