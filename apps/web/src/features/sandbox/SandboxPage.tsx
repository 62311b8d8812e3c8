import { Alert, Button, Code, Container, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { API_ROOT, type Metric } from '@observatory/shared';
import { useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { fieldErrors } from '../../components/FormError';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth';
import { curlCommand } from '../../lib/curl';
import { toErrorView } from '../../lib/errors';
import { useMetrics } from '../../lib/metrics';
import { useObjectTypes } from '../../lib/object-types';
import { useLatestSearchParams } from '../../lib/use-latest-search-params';
import { useTitle } from '../../lib/use-title';
import { downloadExport, useSandboxQuery, type SandboxDownload } from './api';
import { SPREADSHEET_DOWNLOADS } from '../../lib/spreadsheet-downloads';
import { FilterPanel } from './FilterPanel';
import { ResultsTable, totalText } from './ResultsTable';
import { SandboxCharts } from './SandboxCharts';
import { SandboxMap } from './SandboxMap';
import { badBoxIn, filterBody, isFiltered, queryBody, sandboxFrom, sandboxParams, SANDBOX_TABS, type SandboxState, type SandboxTab } from './sandbox-query';

const TAB_LABELS: Record<SandboxTab, string> = { table: 'Table', map: 'Map', charts: 'Charts' };
/** The fields a refusal may name that the filters show beside their control. */
const PLACED = /^(types|projects|metrics|where\.\d+\.(field|value)|bbox(\.\d)?|from|to|n)$/;

/** A refusal to show beside the filters rather than at a control: too broad, too many queries, anything not placed. */
function unplaced(error: unknown): unknown {
  if (!error) return null;
  const named = Object.keys(fieldErrors(error));
  return named.length > 0 && named.every((f) => PLACED.test(f)) ? null : error;
}

/** What an export button is doing. */
type ExportState = { busy: SandboxDownload | null; error: unknown };

/**
 * /sandbox: a data explorer for everyone. Choose object types, projects and metrics,
 * filter by metadata values and a map area; see the objects found as a table (paged), on
 * a map and as charts of their metrics; export them (CSV, GeoJSON) or copy the same query
 * as an API request. The whole query lives in the address, so it can be shared.
 */
export default function SandboxPage() {
  useTitle('Data sandbox');
  const [params, changeParams] = useLatestSearchParams();
  const state = sandboxFrom(params);
  const badBox = badBoxIn(params);
  const types = useObjectTypes();
  const metrics = useMetrics();
  const signedIn = useCurrentUser().user;
  // Only the tab shown asks: a visitor's queries are counted.
  const query = useSandboxQuery(queryBody(state), state.tab !== 'charts');
  const [exporting, setExporting] = useState<ExportState>({ busy: null, error: null });

  // Builds on the address last asked for: two changes made before the next drawing (From,
  // then Before, typed quickly) both stay.
  const change = (next: Partial<SandboxState>, history = false) =>
    changeParams(
      (latest) => {
        const current = sandboxFrom(latest);
        // A new filter goes back to page 1; choosing makes no history, a page or a tab does.
        return sandboxParams({ ...current, ...next, p: next.p ?? (Object.keys(next).every((k) => k === 'tab') ? current.p : 1) });
      },
      { replace: !history },
    );
  const exportAs = async (format: SandboxDownload) => {
    setExporting({ busy: format, error: null });
    try {
      await downloadExport(filterBody(state), format);
      setExporting({ busy: null, error: null });
    } catch (error) {
      setExporting({ busy: null, error });
    }
  };

  const refusal = unplaced(query.error);
  const errors = query.error ? fieldErrors(query.error) : {};
  const answer = query.data;
  const chosenMetrics = state.metrics.map((name) => (metrics.data ?? []).find((m) => m.name === name)).filter((m): m is Metric => !!m);
  // Signed in, the request carries the token: the answer then holds what this user may see, as the page does.
  const curl = curlCommand({ method: 'POST', url: `${window.location.origin}${API_ROOT}/sandbox/query`, body: queryBody(state), withToken: !!signedIn });

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Data sandbox</Title>
          <Text c="dimmed">
            Explore the catalogue’s objects and their measured data: choose types, projects and metrics, filter by metadata and a map area, then look at the
            table, the map and the charts, export the result or copy the query as an API request.
          </Text>
        </Stack>
        <FilterPanel state={state} types={types.data ?? []} metrics={metrics.data ?? []} errors={errors} onChange={(next) => change(next)} />
        {badBox ? (
          <Alert color="yellow" role="alert" title="The map area in the address cannot be used">
            “{badBox}” is not a box west,south,east,north in degrees; it is left out of the query.
          </Alert>
        ) : null}
        {refusal ? (
          <Alert
            color={refusal instanceof ApiError && refusal.status === 429 ? 'yellow' : 'danger'}
            role="alert"
            title={refusal instanceof ApiError && refusal.status === 429 ? 'Too many queries' : 'The query was refused'}
          >
            {toErrorView(refusal).message}
          </Alert>
        ) : null}
        <Stack gap="xs" component="section" aria-label="Use the result">
          <Group gap="xs" wrap="wrap">
            {SPREADSHEET_DOWNLOADS.map((d) => (
              <Button
                key={d.key}
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={exporting.busy === d.key}
                disabled={!!exporting.busy}
                onClick={() => void exportAs(d.key)}
              >
                Export {d.label}
              </Button>
            ))}
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={exporting.busy === 'geojson'}
              disabled={!!exporting.busy}
              onClick={() => void exportAs('geojson')}
            >
              Export GeoJSON
            </Button>
            <CopyButton value={curl}>
              {({ copied, copy }) => (
                <Button variant="default" leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />} onClick={copy}>
                  {copied ? 'Copied' : 'Copy API request'}
                </Button>
              )}
            </CopyButton>
          </Group>
          {exporting.error ? (
            <Alert color="danger" role="alert" title="The export failed">
              {toErrorView(exporting.error).message}
            </Alert>
          ) : null}
          <Code block data-testid="api-request" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {curl}
          </Code>
        </Stack>
        <Tabs value={state.tab} onChange={(tab) => change({ tab: (tab as SandboxTab) ?? 'table' }, true)} keepMounted={false}>
          <Tabs.List>
            {SANDBOX_TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {TAB_LABELS[tab]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="table" pt="md">
            <Results state={state} query={query} onClear={() => changeParams(() => new URLSearchParams(), { replace: true })}>
              {answer ? <ResultsTable answer={answer} onPage={(p) => change({ p }, true)} /> : null}
            </Results>
          </Tabs.Panel>
          <Tabs.Panel value="map" pt="md">
            <Results state={state} query={query} onClear={() => changeParams(() => new URLSearchParams(), { replace: true })}>
              <SandboxMap objects={answer?.objects ?? []} bbox={state.bbox} onBbox={(bbox) => change({ bbox })} />
            </Results>
          </Tabs.Panel>
          <Tabs.Panel value="charts" pt="md">
            <SandboxCharts filter={filterBody(state)} metrics={chosenMetrics} onSpan={(from, to) => change({ from, to }, true)} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}

/** The loading, error and empty states around a view of the page of objects found, with how many there are. */
function Results({
  state,
  query,
  children,
  onClear,
}: {
  state: SandboxState;
  query: ReturnType<typeof useSandboxQuery>;
  onClear: () => void;
  children: React.ReactNode;
}) {
  const answer = query.data;
  if (!answer) {
    if (query.error) return <Text c="dimmed">No result: see what the query needs above.</Text>;
    return <Loader size="sm" role="status" aria-label="Loading the objects found" />;
  }
  if (answer.total === 0) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text>No objects match this query.</Text>
        {isFiltered(state) ? (
          <Button variant="subtle" onClick={onClear}>
            Clear the filters
          </Button>
        ) : null}
      </Stack>
    );
  }
  return (
    <Stack gap="sm" aria-busy={query.isFetching}>
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="sandbox-total">
        {totalText(answer)} {answer.total === 1 && !answer.more ? 'object' : 'objects'} found; page {answer.page} of {answer.pages}.
      </Text>
      {children}
    </Stack>
  );
}
