import { Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBulb, IconBuildingCommunity, IconFolders, IconMap2, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { pageProductName, useAppConfig } from '../../lib/app-config';
import { useTitle } from '../../lib/use-title';
import classes from './HomePage.module.css';

const ENTRY_POINTS = [
  { to: paths.projects, title: 'Projects', text: 'Research projects with their people, partners, documents, files and data.', icon: IconFolders },
  { to: paths.sites, title: 'Sites map', text: 'Properties, sites and plots where the measurements are made.', icon: IconMap2 },
  { to: paths.people, title: 'People', text: 'Researchers and staff, and where they work.', icon: IconUsers },
  { to: paths.partners, title: 'Partners', text: 'The institutions the observatory works with.', icon: IconBuildingCommunity },
];

/**
 * What the observatory is, with entry points; sections fill as features land. Sections
 * from other features come in as props (app/routes/HomeRoute): a feature imports no other.
 */
export default function HomePage({ recentInsights }: { recentInsights?: ReactNode }) {
  useTitle();
  const productName = useAppConfig()?.productName ?? pageProductName() ?? 'The observatory catalogue';
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>{productName}</Title>
          <Text size="lg" c="dimmed" maw={720}>
            The catalogue of the observatory's work: its research projects, the sites where it measures, the people and partner organisations involved, what
            they publish, and the insights they share.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {ENTRY_POINTS.map(({ to, title, text, icon: Icon }) => (
            <Card key={to} withBorder padding="lg" component={PrefetchLink} to={to} aria-label={title} className={classes.entry}>
              <Icon size={28} aria-hidden />
              <Text fw={600} mt="sm">
                {title}
              </Text>
              <Text size="sm" c="dimmed" mt={4}>
                {text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        {recentInsights ?? (
          <Stack gap="xs" component="section" aria-labelledby="recent-insights">
            <Title order={2} id="recent-insights" size="h3">
              <IconBulb size={20} aria-hidden /> Recent insights
            </Title>
            <Text c="dimmed">No insights have been published yet.</Text>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
