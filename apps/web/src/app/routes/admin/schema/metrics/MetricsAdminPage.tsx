import { Anchor, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Metric } from '@observatory/shared';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PageState } from '../../../../../components/PageState';
import { Paging } from '../../../../../components/Paging';
import { PrefetchLink } from '../../../../../components/PrefetchLink';
import { AdminTable } from '../../../../../components/admin/AdminTable';
import { paths } from '../../../../../config/paths';
import { useListParams } from '../../../../../lib/use-list-params';
import { useTitle } from '../../../../../lib/use-title';
import { useCreateMetric, useMetrics } from './api';
import { METRIC_TYPE_LABELS, MetricForm } from './MetricForm';

const PAGE_SIZE = 50;

const matches = (m: Metric, q: string) => {
  const text = q.trim().toLowerCase();
  return !text || [m.name, m.title, m.unit ?? '', m.type].some((field) => field.toLowerCase().includes(text));
};

function NewMetric({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateMetric();
  return (
    <MetricForm
      label="New metric"
      submitLabel="Create metric"
      pending={create.isPending}
      error={create.error}
      save={(input) =>
        create.mutateAsync(input).then((metric) => {
          notifications.show({ color: 'green', message: `Metric ${metric.title} created` });
          onDone();
          void navigate(paths.adminMetric(metric.name));
        })
      }
      extra={
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
      }
    />
  );
}

/** Every metric: what object types measure, each with its type and unit. */
export default function MetricsAdminPage() {
  useTitle('Metrics · Site Admin');
  const { searchInput, q, page, setPage } = useListParams();
  const metrics = useMetrics();
  const [creating, create] = useDisclosure(false);
  if (!metrics.data) return <PageState isPending={metrics.isPending} error={metrics.error} />;
  const found = metrics.data.filter((m) => matches(m, q));
  const shown = found.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Metrics</Title>
        <Button onClick={create.open}>New metric</Button>
      </Group>
      <Text size="sm" c="dimmed">
        What is measured on objects: each metric has a type, a unit and the values it may take. Object types choose the metrics they measure.
      </Text>
      {metrics.data.length > 0 ? (
        <TextInput
          label="Search metrics"
          placeholder="Name, title, unit or type"
          leftSection={<IconSearch size={16} aria-hidden />}
          {...searchInput}
          maw={420}
        />
      ) : null}
      {found.length === 0 ? (
        <Text>{q ? `No metric matches “${q}”.` : 'There are no metrics yet. Create the first with “New metric”.'}</Text>
      ) : (
        <AdminTable
          label="Metrics"
          minWidth={600}
          highlightOnHover
          rows={shown}
          rowKey={(m) => m.name}
          columns={[
            {
              header: 'Name',
              cell: (m) => (
                <Anchor component={PrefetchLink} to={paths.adminMetric(m.name)} ff="monospace" fz="sm">
                  {m.name}
                </Anchor>
              ),
            },
            { header: 'Title', cell: (m) => m.title },
            { header: 'Type', cell: (m) => METRIC_TYPE_LABELS[m.type] },
            {
              header: 'Unit',
              cell: (m) =>
                m.unit ? (
                  <Anchor component={PrefetchLink} to={paths.adminUnit(m.unit)} ff="monospace" fz="sm">
                    {m.unit}
                  </Anchor>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      )}
      {metrics.data.length > 0 ? (
        <Paging pagination={{ page, count: found.length, limit: PAGE_SIZE }} page={page} onChange={setPage} noun={['metric', 'metrics']} />
      ) : null}
      <Modal opened={creating} onClose={create.close} title="New metric" size="lg">
        <NewMetric onDone={create.close} />
      </Modal>
    </Stack>
  );
}
