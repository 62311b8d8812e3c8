import { Alert, Badge, Button, Group, Loader, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DATA_LEVELS, QUALITY_FLAGS, type DataLevel, type DataTable, type DataTableObject, type QualityFlag } from '@observatory/shared';
import { IconDownload } from '@tabler/icons-react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { MetricName } from '../../../../components/MetricName';
import { paths } from '../../../../config/paths';
import { toErrorView } from '../../../../lib/errors';
import { metricQuery } from '../../../../lib/metrics';
import type { MapFeatures } from '../../../../features/objects/geo-features';
import { downloadObservations, summaryQuery, type TableFilter } from './api';
import { SPREADSHEET_DOWNLOADS, type SpreadsheetKey } from '../../../../lib/spreadsheet-downloads';
import { dayOf, dayStart } from '../../../../components/charts/chart-data';
import { ChartView } from './ChartView';
import { ObservationTable } from './ObservationTable';
import { SummaryTable } from './SummaryTable';

const ObjectMap = lazy(() => import('../../../../features/objects/ObjectMap'));

const VIEWS = [
  { value: 'chart', label: 'Chart' },
  { value: 'table', label: 'Table' },
  { value: 'summary', label: 'Summary' },
  { value: 'map', label: 'Map' },
];
const CHARTED = new Set(['number', 'integer', 'boolean']);

/** The table's objects with a location, as map features; a click opens the object. */
function TableMap({ objects }: { objects: DataTableObject[] }) {
  const navigate = useNavigate();
  const features = useMemo<MapFeatures>(
    () => ({
      type: 'FeatureCollection',
      features: objects
        .filter((o) => o.point)
        .map((o) => ({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: o.point! },
          properties: { name: o.name, title: o.title, marker: '', role: 'item' },
        })) as MapFeatures['features'],
    }),
    [objects],
  );
  if (features.features.length === 0) return <Text c="dimmed">None of these objects has a location.</Text>;
  return (
    <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the map" />}>
      <ObjectMap features={features} label="Map of the table’s objects" height={420} onSelect={(name) => void navigate(paths.object(name))} />
      <Text size="sm" c="dimmed">
        {features.features.length} of {objects.length} objects have a location. Select one on the map to open it.
      </Text>
    </Suspense>
  );
}

/**
 * One data table on the project's Data tab: filters (metric, object type, object, time
 * range), then the table as a chart, a sortable table, a summary or a map, and its CSV.
 * `types` are the types the project catalogues: the type filter offers those (else the
 * types of the table's objects).
 */
export function DataTableView({
  slug,
  table,
  types,
  actions,
  reviewable = false,
}: {
  slug: string;
  table: DataTable;
  types: { slug: string; name: string }[];
  actions?: ReactNode;
  /** The reader may review the values: set flags, release spans (edit on the project). */
  reviewable?: boolean;
}) {
  const [view, setView] = useState('chart');
  const [filter, setFilter] = useState<TableFilter & { type?: string | undefined }>({});
  const [downloading, setDownloading] = useState<SpreadsheetKey | null>(null);
  const change = (part: Partial<typeof filter>) => setFilter((f) => ({ ...f, ...part }));
  const summary = useQuery(summaryQuery(slug, table.id, filter));
  const metrics = useQueries({ queries: table.metrics.map((name) => metricQuery(name)) });
  const charted = table.metrics.filter((_, i) => CHARTED.has(metrics[i]?.data?.metric?.type ?? ''));
  const chartMetric = filter.metric && charted.includes(filter.metric) ? filter.metric : charted[0];

  const objects = summary.data?.objects ?? [];
  const typeChoices = types.length
    ? types.map((t) => ({ value: t.slug, label: t.name }))
    : [...new Set(objects.flatMap((o) => o.types))].map((t) => ({ value: t, label: t }));
  const typed = objects.filter((o) => !filter.type || o.types.includes(filter.type));
  const objectChoices = typed.map((o) => ({ value: o.name, label: o.title }));
  const ranged = !!(filter.from || filter.to);

  const download = async (key: SpreadsheetKey) => {
    setDownloading(key);
    try {
      await downloadObservations(slug, table, filter, key);
    } catch (error) {
      notifications.show({ color: 'danger', title: 'The download failed', message: toErrorView(error).message });
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={`datatable-${table.id}`}>
      <Stack gap={4}>
        <Group justify="space-between" gap="sm">
          <Title order={3} size="h4" id={`datatable-${table.id}`}>
            {table.title}
          </Title>
          {actions}
        </Group>
        {table.description ? (
          <Text size="sm" c="dimmed">
            {table.description}
          </Text>
        ) : null}
        <Group gap={6}>
          {table.metrics.map((name) => (
            <Badge key={name} variant="light" size="sm" tt="none">
              <MetricName name={name} />
            </Badge>
          ))}
        </Group>
      </Stack>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Metric"
          placeholder="All metrics"
          clearable
          data={table.metrics.map((m, i) => ({ value: m, label: metrics[i]?.data?.metric?.title || m }))}
          value={filter.metric ?? null}
          onChange={(v) => change({ metric: v ?? undefined })}
          w={200}
        />
        {types.length > 0 || typeChoices.length > 1 ? (
          <Select
            label="Object type"
            placeholder="Any type"
            clearable
            data={typeChoices}
            value={filter.type ?? null}
            onChange={(v) => change({ type: v ?? undefined, object: undefined })}
            w={180}
          />
        ) : null}
        <Select
          label="Object"
          placeholder="All objects"
          clearable
          searchable
          data={objectChoices}
          value={filter.object ?? null}
          onChange={(v) => change({ object: v ?? undefined })}
          w={220}
          nothingFoundMessage="No object matches"
        />
        <Select
          label="Quality flag"
          placeholder="Any flag"
          clearable
          data={QUALITY_FLAGS.map((f) => ({ value: f, label: f }))}
          value={filter.flag ?? null}
          onChange={(v) => change({ flag: (v as QualityFlag | null) ?? undefined })}
          w={150}
        />
        <Select
          label="Data level"
          placeholder="Any level"
          clearable
          data={DATA_LEVELS.map((l) => ({ value: l, label: l }))}
          value={filter.level ?? null}
          onChange={(v) => change({ level: (v as DataLevel | null) ?? undefined })}
          w={150}
        />
        <TextInput type="date" label="From" value={dayOf(filter.from)} onChange={(e) => change({ from: dayStart(e.currentTarget.value) })} w={160} />
        <TextInput type="date" label="Before" value={dayOf(filter.to)} onChange={(e) => change({ to: dayStart(e.currentTarget.value) })} w={160} />
        {ranged ? (
          <Button variant="default" onClick={() => change({ from: undefined, to: undefined })}>
            Whole time range
          </Button>
        ) : null}
        {SPREADSHEET_DOWNLOADS.map((d) => (
          <Button
            key={d.key}
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading === d.key}
            disabled={downloading !== null}
            onClick={() => void download(d.key)}
          >
            Download {d.label}
          </Button>
        ))}
      </Group>
      <SegmentedControl data={VIEWS} value={view} onChange={setView} aria-label={`View of ${table.title}`} w="fit-content" />
      {summary.error ? (
        <Alert color="danger" title="The table could not be loaded">
          {toErrorView(summary.error).message}
        </Alert>
      ) : null}
      {view === 'chart' ? (
        chartMetric ? (
          <ChartView slug={slug} tableId={table.id} filter={filter} metric={chartMetric} onZoom={(from, to) => change({ from, to })} reviewable={reviewable} />
        ) : (
          <Text c="dimmed">{metrics.some((m) => m.isPending) ? 'Loading the metrics…' : 'This table holds no numeric metric to chart.'}</Text>
        )
      ) : null}
      {view === 'table' ? <ObservationTable key={JSON.stringify(filter)} slug={slug} tableId={table.id} filter={filter} /> : null}
      {view === 'summary' ? (
        summary.data ? (
          <SummaryTable rows={summary.data.summary} />
        ) : (
          <Loader size="sm" role="status" aria-label="Loading the summary" />
        )
      ) : null}
      {view === 'map' ? summary.data ? <TableMap objects={typed} /> : <Loader size="sm" role="status" aria-label="Loading the map" /> : null}
    </Stack>
  );
}
