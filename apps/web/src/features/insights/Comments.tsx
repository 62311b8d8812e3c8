import { Alert, Anchor, Button, FileButton, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { COMMENT_MAX_LENGTH, type ImageRef } from '@observatory/shared';
import { useState } from 'react';
import { LimitedTextarea } from '../../components/LimitedInput';
import { DraftAlert } from '../../components/DraftAlert';
import { PrefetchLink } from '../../components/PrefetchLink';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../lib/auth';
import { useDraft } from '../../lib/use-draft';
import { useAddComment, useComments, useUploadCommentPhoto } from './api';
import { CommentItem } from './CommentItem';
import { commentCount } from './insight-bits';
import { errorText } from '../../lib/errors';
import { lengthProblem } from '../../lib/form-rules';

const ACCEPTED = 'image/jpeg,image/png,image/webp';

/** A comment to write, with an optional photo: uploaded first, shown as a thumbnail, then named by the comment. */
function NewComment({ insight }: { insight: { id: string; num: number } }) {
  const [content, setContent] = useState('');
  const [photo, setPhoto] = useState<ImageRef | null>(null);
  useUnsavedChanges(content.trim() !== '' || photo !== null, 'your comment');
  // The text only: an uploaded photo not named by a comment is soon removed.
  const kept = useDraft({ kind: 'comment', resource: `new:${insight.num}`, fields: content, stored: '', onRestore: setContent });
  const [progress, setProgress] = useState(0);
  const add = useAddComment(insight);
  const upload = useUploadCommentPhoto(insight.id, setProgress);
  const busy = add.isPending || upload.isPending;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // The text and photo stay until the comment is saved; a failure keeps them, as does a comment too long.
    if (!content.trim() || busy || lengthProblem(content, COMMENT_MAX_LENGTH)) return;
    add.mutate(
      { content: content.trim(), photo: photo?.id ?? null },
      {
        onSuccess: () => {
          kept.clear();
          setContent('');
          setPhoto(null);
        },
      },
    );
  };
  const choose = (file: File | null) => {
    if (!file) return;
    setProgress(0);
    upload.mutate(file, { onSuccess: setPhoto });
  };
  return (
    <form onSubmit={submit} aria-label="Write a comment" noValidate>
      <Stack gap="xs">
        <DraftAlert draft={kept} />
        <LimitedTextarea
          label="Your comment"
          autosize
          minRows={3}
          limit={COMMENT_MAX_LENGTH}
          value={content}
          onChange={(e) => setContent(e.currentTarget.value)}
          error={add.error ? errorText(add.error) : null}
        />
        {upload.isPending ? <Progress value={progress * 100} size="sm" aria-label="Uploading the photo" /> : null}
        {upload.error ? (
          <Alert color="danger" role="alert" title="The photo was not uploaded">
            {errorText(upload.error)}
          </Alert>
        ) : null}
        {photo ? (
          <Group gap="xs">
            <img src={photo.thumbUrl} alt="The photo to add" width={64} height={64} style={{ objectFit: 'cover', borderRadius: 4 }} />
            <Button size="compact-sm" variant="subtle" color="danger" onClick={() => setPhoto(null)} disabled={add.isPending}>
              Remove the photo
            </Button>
          </Group>
        ) : null}
        <Group gap="xs">
          <Button type="submit" loading={add.isPending} disabled={!content.trim() || upload.isPending}>
            Add comment
          </Button>
          {!photo ? (
            <FileButton accept={ACCEPTED} onChange={choose}>
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconPhoto size={16} aria-hidden />} loading={upload.isPending} disabled={add.isPending}>
                  Add a photo
                </Button>
              )}
            </FileButton>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/** The comments of an insight, oldest first, and a form to add one (signed in, with 'comment'). */
export function Comments({ insight, permissions }: { insight: { id: string; num: number; comments: number }; permissions: string[] }) {
  const auth = useCurrentUser();
  const comments = useComments(insight.id);
  const mayComment = !!auth.user && permissions.includes('comment');
  const count = comments.loaded ? comments.items.length : insight.comments;
  return (
    <Stack gap="md" component="section" aria-labelledby="comments-heading">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3" id="comments-heading">
          Comments
        </Title>
        <Text c="dimmed" size="sm" aria-live="polite">
          {commentCount(count)}
        </Text>
      </Group>
      {comments.error ? (
        <Alert color="danger" role="alert" title="The comments could not be loaded">
          {comments.error}{' '}
          <Anchor component="button" type="button" onClick={comments.reload}>
            Try again
          </Anchor>
        </Alert>
      ) : null}
      {!comments.loaded && comments.busy ? <Text c="dimmed">Loading the comments…</Text> : null}
      {comments.loaded && comments.items.length === 0 ? <Text c="dimmed">No comments yet.{mayComment ? ' Write the first one below.' : ''}</Text> : null}
      {comments.items.length ? (
        <Stack gap="sm" component="ol" aria-label="Comments, oldest first" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {comments.items.map((c) => (
            <li key={c.id}>
              <CommentItem comment={c} insight={insight} />
            </li>
          ))}
        </Stack>
      ) : null}
      {mayComment ? <NewComment insight={insight} /> : null}
      {!auth.user && !auth.isLoading ? (
        <Text size="sm">
          <Anchor component={PrefetchLink} to={paths.login} inherit>
            Sign in to comment
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
