import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { PageState } from '../../components/PageState';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { useUpdates } from './api';
import { useProjectDetail } from './ProjectLayout';

const when = (iso: string) => new Date(iso).toLocaleDateString('en', { dateStyle: 'long' });

/** Every update of the project, newest first. */
export default function UpdatesPage() {
  const { project, permissions } = useProjectDetail();
  const updates = useUpdates(project.slug);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Updates
        </Title>
        {permissions.includes('edit') ? (
          <Button component={PrefetchLink} to={paths.projectUpdateNew(project.slug)} variant="default">
            Post an update
          </Button>
        ) : null}
      </Group>
      {!updates.data ? <PageState isPending={updates.isPending} error={updates.error} /> : null}
      {updates.data?.length === 0 ? <Text c="dimmed">No updates yet.</Text> : null}
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Updates, newest first">
        {updates.data?.map((u) => (
          <li key={u.id}>
            <Anchor component={PrefetchLink} to={paths.projectUpdate(project.slug, u.slug)} fw={600}>
              {u.title}
            </Anchor>
            <Text size="sm" c="dimmed">
              {when(u.publishedAt)}
              {u.author ? ` · ${u.author.name}` : ''}
            </Text>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
