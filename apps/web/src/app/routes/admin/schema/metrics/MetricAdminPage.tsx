import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Metric } from '@observatory/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { PageState } from '../../../../../components/PageState';
import { PrefetchLink } from '../../../../../components/PrefetchLink';
import { paths } from '../../../../../config/paths';
import { ApiError } from '../../../../../lib/api-client';
import { useCurrentObjectTypes } from '../types-api';
import { useTitle } from '../../../../../lib/use-title';
import { useDeleteMetric, useMetricDetail, useUpdateMetric } from './api';
import { METRIC_TYPE_LABELS, MetricForm } from './MetricForm';
import { confirmDelete } from '../../../../../components/confirm';

/** The object types measuring a metric, from the one shared list of types. */
function MeasuredOn({ name }: { name: string }) {
  const types = useCurrentObjectTypes();
  if (!types.data) return null;
  const measuring = types.data.filter((t) => name in t.metrics);
  return (
    <Text size="sm">
      {measuring.length === 0
        ? 'No object type measures it yet.'
        : `Measured on ${measuring.length === 1 ? 'the object type' : `${measuring.length} object types`}: ${measuring.map((t) => t.name).join(', ')}.`}
    </Text>
  );
}

/** Why a delete was refused: a 409 names the object types that still measure it. */
function DeleteError({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof ApiError ? (error.errorText ?? error.message) : error instanceof Error ? error.message : String(error);
  const inUse = error instanceof ApiError && error.status === 409;
  return (
    <Alert color="danger" role="alert" title={inUse ? 'Not deleted: object types still measure this metric' : 'Not deleted'}>
      {message}
    </Alert>
  );
}

function MetricEditor({ metric }: { metric: Metric }) {
  const navigate = useNavigate();
  const update = useUpdateMetric(metric.name);
  const remove = useDeleteMetric(metric.name);
  const askToDelete = () =>
    confirmDelete({
      title: `Delete the metric ${metric.title}?`,
      message: 'Values recorded for it stay in the objects’ metadata, but the metric is gone. This cannot be undone.',
      onConfirm: () =>
        remove.mutate(metric.version, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: `Metric ${metric.title} deleted` });
            void navigate(paths.adminMetrics);
          },
        }),
    });
  return (
    <Stack gap="md">
      <DeleteError error={remove.error} />
      <MetricForm
        metric={metric}
        label="Metric"
        submitLabel="Save"
        pending={update.isPending}
        error={update.error}
        save={(input, conditional) =>
          update.mutateAsync({ ...input, conditional }).then((saved) => {
            notifications.show({ color: 'green', message: 'Metric saved' });
            // A new name is a new address.
            if (saved.name !== metric.name) void navigate(paths.adminMetric(saved.name), { replace: true });
            return saved;
          })
        }
        extra={
          <Button variant="subtle" color="danger" onClick={askToDelete} loading={remove.isPending}>
            Delete metric
          </Button>
        }
      />
    </Stack>
  );
}

/** A metric: change any of its fields (its name too), or delete it when no object type measures it. */
export default function MetricAdminPage() {
  const { name = '' } = useParams();
  const metric = useMetricDetail(name);
  useTitle(`${metric.data?.title ?? name} · Metrics · Site Admin`);
  if (!metric.data) return <PageState isPending={metric.isPending} error={metric.error} />;
  const m = metric.data;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={PrefetchLink} to={paths.adminMetrics} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden /> Metrics
          </Group>
        </Anchor>
        <Title order={1}>{m.title}</Title>
        <Text c="dimmed">
          <Text component="span" ff="monospace" fz="inherit">
            {m.name}
          </Text>{' '}
          · {METRIC_TYPE_LABELS[m.type]}
          {m.unit ? (
            <>
              {' · '}
              <Anchor component={PrefetchLink} to={paths.adminUnit(m.unit)} ff="monospace" fz="inherit">
                {m.unit}
              </Anchor>
            </>
          ) : null}
        </Text>
        <MeasuredOn name={m.name} />
      </Stack>
      <MetricEditor key={m.name} metric={m} />
    </Stack>
  );
}
