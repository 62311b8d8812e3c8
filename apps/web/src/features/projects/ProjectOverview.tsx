import { ActionIcon, Anchor, Avatar, Group, List, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconX } from '@tabler/icons-react';
import { useMutationState } from '@tanstack/react-query';
import type { ProjectDetail, Publication } from '@observatory/shared';
import { PublicationPicker } from '../../components/pickers/PublicationPicker';
import { PrefetchLink } from '../../components/PrefetchLink';
import { PublicationList } from '../../components/PublicationLine';
import { RichText } from '../../components/RichText';
import { paths } from '../../config/paths';
import { toErrorView } from '../../lib/errors';
import { useProjectPublications } from './api';
import { removePublicationMutationKey } from './keys';
import { useProjectDetail } from './ProjectLayout';
import { ProjectDates } from './project-bits';
import { PageSection } from '../../components/PageSection';

const when = (iso: string) => new Date(iso).toLocaleDateString('en', { dateStyle: 'medium' });

/**
 * The project's publications, newest first. Its editors add one (a search over the
 * catalogue) and remove one: a publication being removed is busy until the server
 * answers; refused, it stays, not busy, and the reason is shown.
 */
function ProjectPublications({ detail }: { detail: ProjectDetail }) {
  const { project, publications, permissions } = detail;
  const mayEdit = permissions.includes('edit');
  const { add, remove } = useProjectPublications(project.slug, project.id);
  const removing = useMutationState({
    filters: { mutationKey: removePublicationMutationKey(project.id), status: 'pending' },
    select: (m) => m.state.variables as string,
  });
  const unlink = (p: Publication) =>
    remove.mutate(p.id, {
      onError: (error) => notifications.show({ color: 'danger', title: `“${p.title}” was not removed`, message: toErrorView(error).message }),
    });
  const link = (id: string) =>
    add.mutate(id, {
      onSuccess: (p) => notifications.show({ color: 'green', message: `“${p.title}” was added to the project` }),
      onError: (error) => notifications.show({ color: 'danger', title: 'The publication was not added', message: toErrorView(error).message }),
    });
  return (
    <>
      <PublicationList
        publications={publications}
        empty="No publications listed yet."
        label="Publications of the project"
        busy={(p) => removing.includes(p.id)}
        {...(mayEdit
          ? {
              actions: (p: Publication) => (
                <ActionIcon
                  variant="subtle"
                  color="danger"
                  aria-label={`Remove ${p.title} from the project`}
                  disabled={removing.includes(p.id)}
                  onClick={() => unlink(p)}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              ),
            }
          : {})}
      />
      {mayEdit ? (
        <Stack gap={4}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <div style={{ flex: '1 1 auto', minWidth: 0, maxWidth: 420 }}>
              <PublicationPicker
                label="Add publication"
                description="One already in the catalogue"
                w="100%"
                value={null}
                hidden={(p) => publications.some((x) => x.id === p.id)}
                onChange={(id) => {
                  if (id) link(id);
                }}
              />
            </div>
            {add.isPending ? <Loader size="sm" role="status" aria-label="Adding the publication" /> : null}
          </Group>
          <Anchor component={PrefetchLink} to={paths.pubNew} size="sm">
            A new publication? Add it to the catalogue first
          </Anchor>
        </Stack>
      ) : null}
    </>
  );
}

/** Summary, dates, documentation, contributors and institutions in order, recent updates, publications. */
export default function ProjectOverview() {
  const detail = useProjectDetail();
  const { project, doc, contributors, institutions, updates } = detail;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
      <Stack gap="lg" style={{ gridColumn: 'span 2' }}>
        {project.summary ? <Text size="lg">{project.summary}</Text> : null}
        <ProjectDates project={project} />
        <PageSection id="project-doc" title="Documentation">
          {doc ? <RichText doc={doc} /> : <Text c="dimmed">No documentation yet.</Text>}
        </PageSection>
        <PageSection id="project-publications" title="Publications">
          <ProjectPublications detail={detail} />
        </PageSection>
      </Stack>
      <Stack gap="lg">
        <PageSection id="project-contributors" title="Contributors">
          {contributors.length === 0 ? <Text c="dimmed">No contributors listed yet.</Text> : null}
          <List listStyleType="none" spacing="xs" aria-label="Contributors in order">
            {contributors.map((c) => (
              <List.Item key={c.id}>
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={c.person.photo?.thumbUrl} name={c.person.name} size="sm" color="blue" variant="filled" alt="" />
                  <div>
                    <Anchor component={PrefetchLink} to={paths.person(c.person.slug)}>
                      {c.person.name}
                    </Anchor>
                    {c.title ? (
                      <Text size="xs" c="dimmed">
                        {c.title}
                      </Text>
                    ) : null}
                  </div>
                </Group>
              </List.Item>
            ))}
          </List>
        </PageSection>
        <PageSection id="project-institutions" title="Institutions">
          {institutions.length === 0 ? <Text c="dimmed">No partner institutions listed yet.</Text> : null}
          <List listStyleType="none" spacing="xs" aria-label="Institutions in order">
            {institutions.map((i) => (
              <List.Item key={i.id}>
                <Anchor component={PrefetchLink} to={paths.partner(i.institution.slug)}>
                  {i.institution.name}
                </Anchor>
                {i.role ? <Text span size="xs" c="dimmed">{` — ${i.role}`}</Text> : null}
              </List.Item>
            ))}
          </List>
        </PageSection>
        <PageSection id="project-updates" title="Recent updates">
          {updates.length === 0 ? <Text c="dimmed">No updates yet.</Text> : null}
          <List listStyleType="none" spacing="xs">
            {updates.map((u) => (
              <List.Item key={u.id}>
                <Anchor component={PrefetchLink} to={paths.projectUpdate(project.slug, u.slug)}>
                  {u.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {when(u.publishedAt)}
                </Text>
              </List.Item>
            ))}
          </List>
          {updates.length > 0 ? (
            <Anchor component={PrefetchLink} to={paths.projectUpdates(project.slug)} size="sm">
              All updates
            </Anchor>
          ) : null}
        </PageSection>
      </Stack>
    </SimpleGrid>
  );
}
