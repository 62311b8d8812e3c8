import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { PageState } from '../../components/PageState';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { useTitle } from '../../lib/use-title';
import { useMyTeams } from './api';

/** The teams the signed-in user belongs to. */
export default function MyTeamsPage() {
  useTitle('My Teams');
  const teams = useMyTeams();
  if (!teams.data) return <PageState isPending={teams.isPending} error={teams.error} />;
  return (
    <Container size="md" py="xl">
      <Stack>
        <Title order={1}>My Teams</Title>
        {teams.data.length === 0 ? (
          <Text>You are not in any team yet.</Text>
        ) : (
          <List listStyleType="none" spacing="xs">
            {teams.data.map((t) => (
              <List.Item key={t.id}>
                <Anchor component={PrefetchLink} to={paths.team(t.slug)} fw={600}>
                  {t.name}
                </Anchor>
                {t.description ? (
                  <Text size="sm" c="dimmed">
                    {t.description}
                  </Text>
                ) : null}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Container>
  );
}
