import { Anchor, Badge, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { LinkedProjects } from '../../components/linked/LinkedProjects';
import { PageSection } from '../../components/PageSection';
import { PageState } from '../../components/PageState';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { objectLoadErrorText } from '../../lib/errors';
import { useTitle } from '../../lib/use-title';
import { useMemberMutations, useTeam } from './api';
import { MemberManager } from './MemberManager';
import { sortMembers } from './team-members';

/** A team: name, description, members sorted by name, its projects; its insights as they land. */
export default function TeamPage() {
  const { slug = '' } = useParams();
  const team = useTeam(slug);
  const mutations = useMemberMutations(slug);
  useTitle(team.data?.team.name ?? 'Team');
  if (!team.data) return <PageState isPending={team.isPending} error={team.error} message={team.error ? objectLoadErrorText(team.error) : undefined} />;
  const { team: t, members, permissions, projects } = team.data;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t.name}</Title>
        {t.description ? <Text>{t.description}</Text> : null}
        <PageSection id="team-members" title="Members">
          {permissions.includes('manageMembers') ? (
            <MemberManager members={members} mutations={mutations} />
          ) : members.length === 0 ? (
            <Text c="dimmed">No members yet.</Text>
          ) : (
            <List listStyleType="none" spacing={4}>
              {sortMembers(members).map((m) => (
                <List.Item key={m.id}>
                  <Group gap="xs">
                    <Anchor component={PrefetchLink} to={paths.person(m.slug)}>
                      {m.name}
                    </Anchor>
                    <Badge size="sm" variant="light">
                      {m.role.name}
                    </Badge>
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
        </PageSection>
        <PageSection id="team-projects" title="Projects">
          <LinkedProjects projects={projects} empty="This team has no projects yet." />
        </PageSection>
        <PageSection id="team-insights" title="Insights">
          <Text c="dimmed">This team has not published any insights yet.</Text>
        </PageSection>
      </Stack>
    </Container>
  );
}
