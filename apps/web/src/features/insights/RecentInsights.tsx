import { Anchor, Stack, Text, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { useInsightSearch } from './search-api';
import { dateOnly } from './insight-bits';

const SHOWN = 5;

/** The home page's "Recent insights": the newest five the visitor may see (GET insights?s=newest). */
export function RecentInsights() {
  const recent = useInsightSearch({ s: 'newest' });
  const items = recent.results.slice(0, SHOWN);
  return (
    <Stack gap="xs" component="section" aria-labelledby="recent-insights">
      <Title order={2} id="recent-insights" size="h3">
        <IconBulb size={20} aria-hidden /> Recent insights
      </Title>
      {recent.error ? <Text c="dimmed">The insights could not be loaded.</Text> : null}
      {recent.page > 0 && items.length === 0 ? <Text c="dimmed">No insights have been published yet.</Text> : null}
      {items.length ? (
        <Stack gap="xs" component="ul" aria-labelledby="recent-insights" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((i) => (
            <li key={i.id}>
              <Anchor component={PrefetchLink} to={paths.insight(i.num)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {i.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {i.author ? `${i.author.name} · ` : ''}
                <time dateTime={i.createdAt}>{dateOnly(i.createdAt)}</time>
              </Text>
            </li>
          ))}
        </Stack>
      ) : null}
      {items.length ? (
        <Anchor component={PrefetchLink} to={paths.insights} size="sm">
          All insights
        </Anchor>
      ) : null}
    </Stack>
  );
}
