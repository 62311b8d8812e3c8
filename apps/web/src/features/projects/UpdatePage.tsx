import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { FormError } from '../../components/FormError';
import { PageState } from '../../components/PageState';
import { PrefetchLink } from '../../components/PrefetchLink';
import { RichText } from '../../components/RichText';
import { paths } from '../../config/paths';
import { objectLoadErrorText } from '../../lib/errors';
import { useDeleteUpdate, useUpdate } from './api';
import { useProjectDetail } from './ProjectLayout';
import { confirmDelete } from '../../components/confirm';

/** One update: title, date, author and its text; edit and delete for the project's editors. */
export default function UpdatePage() {
  const { project } = useProjectDetail();
  const { update: key = '' } = useParams();
  const navigate = useNavigate();
  const update = useUpdate(project.slug, key);
  const remove = useDeleteUpdate(project.slug);
  if (!update.data)
    return <PageState isPending={update.isPending} error={update.error} message={update.error ? objectLoadErrorText(update.error) : undefined} />;
  const { update: u, doc, permissions } = update.data;
  const askToDelete = () =>
    confirmDelete({
      title: `Delete “${u.title}”?`,
      message: 'The update and its earlier versions are deleted. This cannot be undone.',
      onConfirm: () =>
        remove.mutate(
          { id: u.id, version: u.version },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', message: 'The update was deleted' });
              void navigate(paths.projectUpdates(project.slug));
            },
          },
        ),
    });
  return (
    <Stack gap="md" component="article" aria-labelledby="update-title">
      <Anchor component={PrefetchLink} to={paths.projectUpdates(project.slug)} size="sm">
        All updates
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={2} id="update-title">
            {u.title}
          </Title>
          <Text size="sm" c="dimmed">
            {new Date(u.publishedAt).toLocaleDateString('en', { dateStyle: 'long' })}
            {u.author ? ` · ${u.author.name}` : ''}
          </Text>
        </Stack>
        {permissions.includes('edit') ? (
          <Group gap="xs">
            <Button component={PrefetchLink} to={paths.projectUpdateEdit(project.slug, u.slug)} variant="default" size="xs">
              Edit
            </Button>
            <Button variant="subtle" color="danger" size="xs" onClick={askToDelete} loading={remove.isPending}>
              Delete
            </Button>
          </Group>
        ) : null}
      </Group>
      <FormError error={remove.error} />
      {doc ? <RichText doc={doc} /> : <Text c="dimmed">This update has no text.</Text>}
    </Stack>
  );
}
