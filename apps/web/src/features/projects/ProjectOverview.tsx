import { Anchor, Avatar, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PrefetchLink } from '../../components/PrefetchLink';
import { RichText } from '../../components/RichText';
import { paths } from '../../config/paths';
import { useProjectDetail } from './ProjectLayout';
import { ProjectDates } from './project-bits';

const when = (iso: string) => new Date(iso).toLocaleDateString('en', { dateStyle: 'medium' });

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Summary, dates, documentation, contributors and institutions in order, recent updates, publications. */
export default function ProjectOverview() {
  const { project, doc, contributors, institutions, updates, publications } = useProjectDetail();
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
      <Stack gap="lg" style={{ gridColumn: 'span 2' }}>
        {project.summary ? <Text size="lg">{project.summary}</Text> : null}
        <ProjectDates project={project} />
        <Section id="project-doc" title="Documentation">
          {doc ? <RichText doc={doc} /> : <Text c="dimmed">No documentation yet.</Text>}
        </Section>
        <Section id="project-publications" title="Publications">
          {publications.length === 0 ? <Text c="dimmed">No publications listed yet.</Text> : null}
        </Section>
      </Stack>
      <Stack gap="lg">
        <Section id="project-contributors" title="Contributors">
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
        </Section>
        <Section id="project-institutions" title="Institutions">
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
        </Section>
        <Section id="project-updates" title="Recent updates">
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
        </Section>
      </Stack>
    </SimpleGrid>
  );
}
