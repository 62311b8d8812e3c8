import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { MetricName } from '../../../../components/MetricName';
import { toErrorView } from '../../../../lib/errors';
import { chartQuery, type TableFilter } from './api';
import { ReviewSpan } from './ReviewSpan';
import { bucketsFor, dayOf } from '../../../../components/charts/chart-data';
import { ChartLoading } from '../../../../components/charts/ChartLoading';

const TimeChart = lazy(() => import('../../../../components/charts/TimeChart'));

/**
 * A chart of one numeric metric, a line per object, in as many buckets as it has pixels
 * across: a long series comes as each bucket's lowest and highest value. Dragging across
 * it zooms to that range.
 */
export function ChartView({
  slug,
  tableId,
  filter,
  metric,
  onZoom,
  reviewable = false,
}: {
  slug: string;
  tableId: string;
  filter: TableFilter;
  metric: string;
  onZoom: (from: string, to: string) => void;
  /** The reader may review the values (edit on the project): the span shown gets ReviewSpan. */
  reviewable?: boolean;
}) {
  const { ref, width } = useElementSize();
  const chart = useQuery({ ...chartQuery(slug, tableId, { ...filter, metric }, bucketsFor(width)), enabled: width > 0 });
  const answer = chart.data;
  const flagged = answer?.series.reduce((sum, s) => sum + s.flagged.length, 0) ?? 0;
  // The filter's end is exclusive, a review's inclusive; without a filter the chart spans the data, both ends included.
  const span = answer?.from && answer.to ? { from: answer.from, to: filter.to ? new Date(Date.parse(filter.to) - 1).toISOString() : answer.to } : null;
  return (
    <Stack ref={ref} pos="relative" mih={360} gap="sm">
      {chart.error ? (
        <Alert color="danger" title="The chart could not be loaded">
          {toErrorView(chart.error).message}
        </Alert>
      ) : null}
      {!answer && !chart.error ? <Loader size="sm" role="status" aria-label="Loading the chart" /> : null}
      {answer && answer.series.length === 0 ? <Text c="dimmed">No observations of this metric match.</Text> : null}
      {answer && answer.series.length > 0 ? (
        <figure style={{ margin: 0 }} aria-busy={chart.isFetching}>
          <Suspense fallback={<ChartLoading label="Loading the chart" />}>
            <div
              role="img"
              aria-label={`Chart of ${answer.metric} from ${dayOf(answer.from ?? undefined)} to ${dayOf(answer.to ?? undefined)}, ${answer.series.length} series`}
            >
              <TimeChart chart={answer} width={width} onZoom={(from, to) => onZoom(new Date(from).toISOString(), new Date(to).toISOString())} />
            </div>
          </Suspense>
          <Text component="figcaption" size="sm" c="dimmed">
            <MetricName name={answer.metric} /> from {dayOf(answer.from ?? undefined)} to {dayOf(answer.to ?? undefined)}.{' '}
            {answer.bucketed ? 'Long series are drawn as each span’s lowest and highest value. ' : ''}
            Drag across the chart to zoom in on a time range.
            {answer.omitted > 0 ? ` ${answer.omitted} more objects are not drawn: choose an object or a type to see them.` : ''}
            {flagged > 0 ? ` ${flagged} flagged value${flagged === 1 ? ' is' : 's are'} marked: bad filled red, suspect in amber rings, missing in grey.` : ''}
          </Text>
        </figure>
      ) : null}
      {reviewable && span && answer && answer.series.length > 0 ? (
        <ReviewSpan slug={slug} tableId={tableId} filter={filter} metric={metric} span={span} />
      ) : null}
    </Stack>
  );
}
