import { Alert, Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { SANDBOX_LIMITS, type ChartResponse, type Metric, type SandboxChartResponse, type SandboxFilter } from '@observatory/shared';
import { lazy, Suspense } from 'react';
import { ChartLoading } from '../../components/charts/ChartLoading';
import { toErrorView } from '../../lib/errors';
import { useSandboxChart } from './api';

// The chart the project Data tab draws (uPlot, lazily loaded).
const TimeChart = lazy(() => import('../../components/charts/TimeChart'));

/** The metric types a chart draws (true/false as 1/0). */
const CHARTED = new Set(['number', 'integer', 'boolean']);

/** Buckets for a chart this wide: about one per three pixels, in steps of ten (a small resize asks nothing again). */
export const bucketsFor = (pixels: number) => Math.min(SANDBOX_LIMITS.maxBuckets, Math.max(20, Math.round(pixels / 30) * 10));

/** The sandbox's buckets as the time chart's series: the mean, the lowest and the highest. */
export function asTimeSeries(chart: SandboxChartResponse): ChartResponse {
  const times = chart.buckets.map((b) => Date.parse(b.time));
  const series = (name: string, title: string, pick: (b: SandboxChartResponse['buckets'][number]) => number) => ({
    object: { name, title },
    times,
    values: chart.buckets.map(pick),
    flagged: [],
  });
  return {
    metric: chart.metric.name,
    unit: chart.metric.unit ?? '',
    from: chart.from,
    to: chart.to,
    bucketed: true,
    series: [series('mean', 'Mean', (b) => b.mean), series('min', 'Lowest', (b) => b.min), series('max', 'Highest', (b) => b.max)],
    omitted: 0,
  };
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/** A span of time chosen (ISO 8601, the end exclusive), or null for all time. */
type OnSpan = (from: string | null, to: string | null) => void;

/** One metric's chart across the objects found, over the filter's span; dragging across it narrows the span. */
function MetricChart({ filter, metric, onSpan }: { filter: SandboxFilter; metric: Metric; onSpan: OnSpan }) {
  const { ref, width } = useElementSize();
  const ranged = !!(filter.from || filter.to);
  const chart = useSandboxChart({ ...filter, metric: metric.name, buckets: bucketsFor(width) }, width > 0);
  const answer = chart.data;
  const heading = `${metric.title}${metric.unit ? ` (${metric.unit})` : ''}`;
  return (
    <Stack gap="xs" component="section" aria-label={`Chart of ${metric.title}`}>
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h4">
          {heading}
        </Title>
        {ranged ? (
          <Button variant="subtle" size="compact-sm" onClick={() => onSpan(null, null)}>
            Show all time
          </Button>
        ) : null}
      </Group>
      <Box ref={ref} pos="relative" mih={340}>
        {chart.error ? (
          <Alert color="danger" role="alert" title="The chart could not be drawn">
            {toErrorView(chart.error).message}
          </Alert>
        ) : null}
        {!answer && !chart.error ? <Loader size="sm" role="status" aria-label={`Loading the chart of ${metric.title}`} /> : null}
        {answer && answer.buckets.length === 0 ? <Text c="dimmed">No observations of this metric match the query.</Text> : null}
        {answer && answer.buckets.length > 0 ? (
          <figure style={{ margin: 0 }} aria-busy={chart.isFetching}>
            <Suspense fallback={<ChartLoading label={`Loading the chart of ${metric.title}`} />}>
              <div
                role="img"
                aria-label={`Chart of ${metric.title} from ${day(answer.from)} to ${day(answer.to)}: mean, lowest and highest of ${answer.observations} observations`}
                data-testid="sandbox-chart"
              >
                <TimeChart chart={asTimeSeries(answer)} width={width} onZoom={(from, to) => onSpan(new Date(from).toISOString(), new Date(to).toISOString())} />
              </div>
            </Suspense>
            <Text component="figcaption" size="sm" c="dimmed">
              {answer.observations.toLocaleString('en')} observations of {answer.objects} {answer.objects === 1 ? 'object' : 'objects'} from {day(answer.from)}{' '}
              to {day(answer.to)}, in {answer.buckets.length} spans of time: each span’s mean, lowest and highest value. Drag across the chart to zoom in (the
              span is set in From and Before).
            </Text>
          </figure>
        ) : null}
      </Box>
    </Stack>
  );
}

/** The Charts tab: a chart per chosen metric that holds numbers (or true/false). */
export function SandboxCharts({ filter, metrics, onSpan }: { filter: SandboxFilter; metrics: Metric[]; onSpan: OnSpan }) {
  if (metrics.length === 0) return <Text c="dimmed">Choose a metric in the filters to chart it across the objects found.</Text>;
  return (
    <Stack gap="xl">
      {metrics.map((metric) =>
        CHARTED.has(metric.type) ? (
          <MetricChart key={metric.name} filter={filter} metric={metric} onSpan={onSpan} />
        ) : (
          <Text key={metric.name} c="dimmed">
            {metric.title} is a {metric.type} metric: only numbers and true/false are charted.
          </Text>
        ),
      )}
    </Stack>
  );
}
