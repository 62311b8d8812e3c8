import { Center, Loader } from '@mantine/core';
import { CHART_PLOT_HEIGHT } from './chart-data';

/**
 * What stands in for a chart while its code loads: as tall as its plot, so that what follows
 * (a review's fields, an open dropdown) does not move down when the chart arrives.
 */
export function ChartLoading({ label }: { label: string }) {
  return (
    <Center h={CHART_PLOT_HEIGHT}>
      <Loader size="sm" role="status" aria-label={label} />
    </Center>
  );
}
