import { Anchor, Container, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { FormError } from '../../components/FormError';
import { PageState } from '../../components/PageState';
import { EditDeleteButtons } from '../../components/EditDeleteButtons';
import { PrefetchLink } from '../../components/PrefetchLink';
import { RichText } from '../../components/RichText';
import { paths } from '../../config/paths';
import { objectLoadErrorText } from '../../lib/errors';
import { useForgetDraftWhenGone } from '../../lib/use-draft';
import { useTitle } from '../../lib/use-title';
import { useDeleteInsight, useInsight } from './api';
import { Comments } from './Comments';
import { Byline, dateOnly, TagLinks, VisibilityBadge } from './insight-bits';
import { confirmDelete } from '../../components/confirm';

/** One insight (by id or number): title, author, team, date, tags, objects, text, then its comments. */
export default function InsightPage() {
  const { id: key = '' } = useParams();
  const navigate = useNavigate();
  const detail = useInsight(key);
  useForgetDraftWhenGone('comment', `new:${key}`, detail.error);
  const remove = useDeleteInsight();
  useTitle(detail.data?.insight.title ?? 'Insight', !!detail.data);
  if (!detail.data)
    return <PageState isPending={detail.isPending} error={detail.error} message={detail.error ? objectLoadErrorText(detail.error) : undefined} />;
  const { insight, doc, permissions } = detail.data;
  const askToDelete = () =>
    confirmDelete({
      title: `Delete “${insight.title}”?`,
      message: 'The insight, its comments and its earlier versions are deleted. This cannot be undone.',
      onConfirm: () =>
        remove.mutate(
          { id: insight.id, version: insight.version },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', message: 'The insight was deleted' });
              void navigate(paths.insights);
            },
          },
        ),
    });
  const edited = insight.updatedAt.slice(0, 10) !== insight.createdAt.slice(0, 10);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Anchor component={PrefetchLink} to={paths.insights} size="sm">
          All insights
        </Anchor>
        <Stack gap="md" component="article" aria-labelledby="insight-title">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
              <Title order={1} id="insight-title" style={{ overflowWrap: 'anywhere' }}>
                {insight.title}
              </Title>
              <Byline insight={insight} teamLink="team" />
              {edited ? (
                <Text size="xs" c="dimmed">
                  Changed <time dateTime={insight.updatedAt}>{dateOnly(insight.updatedAt)}</time>
                </Text>
              ) : null}
            </Stack>
            <Group gap="xs">
              <VisibilityBadge visibility={insight.visibility} />
              <EditDeleteButtons permissions={permissions} editTo={paths.insightEdit(insight.num)} onDelete={askToDelete} deleting={remove.isPending} />
            </Group>
          </Group>
          <FormError error={remove.error} />
          <TagLinks tags={insight.tags} />
          {insight.objects.length ? (
            <Stack gap={4}>
              <Text size="sm" fw={600} id="insight-objects">
                About
              </Text>
              <Group gap="xs" component="ul" aria-labelledby="insight-objects" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {insight.objects.map((o) => (
                  <li key={o.id}>
                    <Anchor component={PrefetchLink} to={paths.object(o.name)} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {o.title}
                    </Anchor>
                  </li>
                ))}
              </Group>
            </Stack>
          ) : null}
          {doc?.content?.length ? <RichText doc={doc} /> : <Text c="dimmed">This insight has no text.</Text>}
        </Stack>
        <Divider />
        <Comments insight={insight} permissions={permissions} />
      </Stack>
    </Container>
  );
}
