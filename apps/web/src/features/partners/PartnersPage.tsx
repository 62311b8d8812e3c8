import { Anchor, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PageState } from '../../components/PageState';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { useTitle } from '../../lib/use-title';
import { groupByCategory, useInstitutions } from './api';

/** Partner institutions grouped by category, in the categories' order. */
export default function PartnersPage() {
  useTitle('Partners');
  const list = useInstitutions();
  if (!list.data) return <PageState isPending={list.isPending} error={list.error} />;
  const groups = groupByCategory(list.data.institutions, list.data.categories);
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Title order={1}>Partners</Title>
        {groups.length === 0 ? <Text>No partner institutions are catalogued yet.</Text> : null}
        {groups.map(({ category, institutions }) => (
          <Stack key={category?.id ?? 'none'} component="section" gap="sm" aria-label={category?.name ?? 'Other partners'}>
            <Title order={2} size="h3">
              {category?.name ?? 'Other partners'}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {institutions.map((i) => (
                <Card key={i.id} withBorder padding="md">
                  <Anchor component={PrefetchLink} to={paths.partner(i.slug)} fw={600}>
                    {i.name}
                  </Anchor>
                  {i.url ? (
                    <Text size="sm" c="dimmed" mt={4} truncate>
                      {i.url.replace(/^https?:\/\//, '')}
                    </Text>
                  ) : null}
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
