import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QUALITY_FLAGS, type ObservationReview, type ObservationReviewedSchema, type QualityFlag } from '@observatory/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { confirmAction } from '../../../../components/confirm';
import { api } from '../../../../lib/api-client';
import { toErrorView } from '../../../../lib/errors';
import { dataTableKeys } from '../../../query-keys';
import { latestValueKeys } from '../../../../lib/query-keys';
import { reviewPath, type TableFilter } from './api';

type Reviewed = z.infer<typeof ObservationReviewedSchema>;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What a review did, in words. */
function reviewedInWords(r: Reviewed) {
  const parts = [r.flagged ? `${plural(r.flagged, 'value')} flagged` : '', r.leveled ? `${plural(r.leveled, 'value')} moved on` : ''].filter(Boolean);
  const done = parts.length ? `${parts.join(', ')}.` : 'Nothing needed to change.';
  return r.released ? `${done} ${plural(r.released, 'released value')} kept ${r.released === 1 ? 'its' : 'their'} flag.` : done;
}

/**
 * A data manager's review of the span the chart shows (its metric, object filter and time
 * range, the end included): set the values' quality flag, mark them provisional, or
 * release them (released values are fixed: their flags no longer change).
 */
export function ReviewSpan({
  slug,
  tableId,
  filter,
  metric,
  span,
}: {
  slug: string;
  tableId: string;
  filter: TableFilter;
  metric: string;
  /** The span shown, ISO 8601, both ends included. */
  span: { from: string; to: string };
}) {
  const [flag, setFlag] = useState<QualityFlag | null>(null);
  const queryClient = useQueryClient();
  const review = useMutation({
    mutationFn: (verdict: Pick<ObservationReview, 'flag' | 'level'>) =>
      api.post<Reviewed>(reviewPath(slug, tableId), { metric, ...(filter.object ? { object: filter.object } : {}), ...span, ...verdict }),
    onSuccess: (reviewed) => {
      notifications.show({ color: 'success', title: 'Review saved', message: reviewedInWords(reviewed) });
      void queryClient.invalidateQueries({ queryKey: dataTableKeys.all(tableId) });
      // A reviewed latest value shows its new flag on the object page and the map.
      void queryClient.invalidateQueries({ queryKey: latestValueKeys.all });
    },
  });
  const what = `the ${metric} values ${filter.object ? `of ${filter.object} ` : ''}from ${span.from.slice(0, 16).replace('T', ' ')} to ${span.to
    .slice(0, 16)
    .replace('T', ' ')}`;
  const release = () =>
    confirmAction({
      title: 'Release these values?',
      message: [`This releases ${what}.`, 'Released values are fixed: their quality flags can no longer be changed.'],
      confirmLabel: 'Release',
      onConfirm: () => review.mutate({ level: 'released' }),
    });

  return (
    <Stack gap="xs" component="section" aria-label="Review the values shown">
      <Text size="sm">Review {what} (zoom the chart or change the filter to choose other values).</Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Quality flag"
          placeholder="Choose a flag"
          data={QUALITY_FLAGS.map((f) => ({ value: f, label: f }))}
          value={flag}
          onChange={(v) => setFlag(v as QualityFlag | null)}
          w={180}
        />
        <Button
          variant="light"
          disabled={!flag}
          loading={review.isPending && review.variables?.flag !== undefined}
          onClick={() => flag && review.mutate({ flag })}
        >
          Set flag
        </Button>
        <Button
          variant="default"
          loading={review.isPending && review.variables?.level === 'provisional'}
          disabled={review.isPending}
          onClick={() => review.mutate({ level: 'provisional' })}
        >
          Mark provisional
        </Button>
        <Button variant="default" loading={review.isPending && review.variables?.level === 'released'} disabled={review.isPending} onClick={release}>
          Release
        </Button>
      </Group>
      {review.error ? (
        <Alert color="danger" title="The review was not saved">
          {toErrorView(review.error).message}
        </Alert>
      ) : null}
    </Stack>
  );
}
