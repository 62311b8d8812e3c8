import { Alert, Anchor, Button, Card, Center, Chip, Container, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconRefresh, IconSearch, IconX } from '@tabler/icons-react';
import type { InsightResult, InsightSort } from '@observatory/shared';
import { useSearchParams } from 'react-router';
import { Paging } from '../../components/Paging';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { useHasPermission } from '../../lib/auth';
import { useDelayedFlag } from '../../lib/use-delayed';
import { useListParams } from '../../lib/use-list-params';
import { useTitle } from '../../lib/use-title';
import { useInsightTags } from './api';
import { useInsightSearch } from './search-api';
import { Highlighted } from './Highlighted';
import { Byline, commentCount, TagLinks, VISIBILITY_LABELS, VisibilityBadge } from './insight-bits';
import { defaultSort, INSIGHT_FILTERS, insightSearchFrom, insightSearchHref, type InsightFilter } from './insights-query';

const SORT_LABELS: Record<InsightSort, string> = { relevance: 'Relevance', newest: 'Newest first', oldest: 'Oldest first', discussed: 'Most discussed' };
/** Tags offered as chips: the most used. */
const TAGS_SHOWN = 20;

function ResultCard({ result }: { result: InsightResult }) {
  const titleId = `insight-${result.id}`;
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Anchor component={PrefetchLink} to={paths.insight(result.num)} fw={600} size="lg" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {result.title}
          </Anchor>
          <VisibilityBadge visibility={result.visibility} />
        </Group>
        {result.snippet ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Highlighted text={result.snippet} ranges={result.highlights} />
          </Text>
        ) : null}
        <Group gap="xs" wrap="wrap">
          <Byline insight={result} />
          <Text size="sm" c="dimmed">
            · {commentCount(result.comments)}
          </Text>
        </Group>
        {result.objects.length ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            About{' '}
            {result.objects.map((o, i) => (
              <span key={o.id}>
                {i > 0 ? ', ' : null}
                <Anchor component={PrefetchLink} to={insightSearchHref({ o: o.name })} inherit aria-label={`Insights about ${o.title}`}>
                  {o.title}
                </Anchor>
              </span>
            ))}
          </Text>
        ) : null}
        <TagLinks tags={result.tags} label={`Tags of ${result.title}`} />
      </Stack>
    </Card>
  );
}

/** The words a filter chip shows: the name the results give the slug, else the slug. */
function filterLabel(name: InsightFilter, value: string, results: InsightResult[]): string {
  switch (name) {
    case 'tag':
      return `Tag: ${value}`;
    case 'o':
      return `Object: ${results.flatMap((r) => r.objects).find((o) => o.name === value)?.title ?? value}`;
    case 'u':
      return `Author: ${results.find((r) => r.author?.slug === value)?.author?.name ?? value}`;
    case 't':
      return `Team: ${results.find((r) => r.team?.slug === value)?.team?.name ?? value}`;
    case 'v':
      return `Visible to: ${VISIBILITY_LABELS[value as keyof typeof VISIBILITY_LABELS] ?? value}`;
    default:
      return value;
  }
}

/** The insights search: full text, tags, filters from the address, sort, 25 a page; results cached by search and login. */
export default function InsightsPage() {
  useTitle('Insights');
  const [params] = useSearchParams();
  const { searchInput, q, page, setPage, setFilter } = useListParams(INSIGHT_FILTERS);
  const search = insightSearchFrom(params);
  const state = useInsightSearch(search);
  const tags = useInsightTags();
  const mayCreate = useHasPermission('createInsights');
  const spinner = useDelayedFlag(state.loading);
  const busy = useDelayedFlag(state.busy);
  const fallbackSort = defaultSort({ q });
  const sort = search.s && (search.s !== 'relevance' || q) ? search.s : fallbackSort;
  const sorts = (q ? (['relevance', 'newest', 'oldest', 'discussed'] as const) : (['newest', 'oldest', 'discussed'] as const)).map((s) => ({
    value: s,
    label: SORT_LABELS[s],
  }));
  const chips = (['tag', 'o', 'u', 't', 'v'] as const).filter((name) => search[name]);
  const filtered = !!q || chips.length > 0;
  const shownTags = (tags.data ?? []).slice(0, TAGS_SHOWN);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>Insights</Title>
          {mayCreate ? (
            <Button component={PrefetchLink} to={paths.insightNew}>
              New insight
            </Button>
          ) : null}
        </Group>
        <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="Find insights">
          <TextInput
            label="Search insights"
            description={'"exact phrase", or, -leave out'}
            placeholder="Words in the title, tags or text"
            leftSection={<IconSearch size={16} aria-hidden />}
            type="search"
            {...searchInput}
            w={{ base: '100%', sm: 360 }}
          />
          <Select
            label="Sort by"
            data={sorts}
            value={sort}
            allowDeselect={false}
            onChange={(v) => setFilter('s', !v || v === fallbackSort ? null : v)}
            w={{ base: '100%', xs: 200 }}
          />
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={state.refresh}
            loading={state.busy && !state.loading}
            disabled={state.loading}
          >
            Refresh
          </Button>
        </Group>
        {shownTags.length ? (
          <Group gap={6} role="group" aria-label="Tags">
            {shownTags.map(({ tag, count }) => (
              <Chip key={tag} size="xs" checked={search.tag === tag} onChange={(on) => setFilter('tag', on ? tag : null)}>
                {tag} ({count})
              </Chip>
            ))}
          </Group>
        ) : null}
        {chips.length ? (
          <Group gap="xs" aria-label="Filters" role="group">
            {chips.map((name) => {
              const label = filterLabel(name, search[name]!, state.results);
              return (
                <Button
                  key={name}
                  size="compact-sm"
                  variant="light"
                  rightSection={<IconX size={14} aria-hidden />}
                  onClick={() => setFilter(name, null)}
                  aria-label={`Remove the filter ${label}`}
                  style={{ maxWidth: '100%' }}
                >
                  <Text span inherit truncate>
                    {label}
                  </Text>
                </Button>
              );
            })}
          </Group>
        ) : null}
        {state.error ? (
          <Alert color="danger" role="alert" title="The insights could not be loaded">
            {state.error}{' '}
            <Anchor component="button" type="button" onClick={state.refresh}>
              Try again
            </Anchor>
          </Alert>
        ) : null}
        {spinner ? (
          <Center p="xl">
            <Loader role="status" aria-label="Loading the insights" />
          </Center>
        ) : null}
        {state.page > 0 && !state.error && !state.stale && state.results.length === 0 ? (
          filtered ? (
            <Text>
              No insight matches this search.{' '}
              <Anchor component={PrefetchLink} to={paths.insights}>
                Show all insights
              </Anchor>
            </Text>
          ) : (
            <Text>No insights have been published yet.</Text>
          )
        ) : null}
        <Stack gap="sm" role="list" aria-label="Insights found" aria-busy={busy}>
          {state.results.map((r) => (
            <div role="listitem" key={r.id}>
              <ResultCard result={r} />
            </div>
          ))}
        </Stack>
        <Paging
          pagination={state.page > 0 ? { page: state.page, count: state.total, limit: state.perPage } : null}
          page={page}
          onChange={setPage}
          noun={['insight', 'insights']}
        />
      </Stack>
    </Container>
  );
}
