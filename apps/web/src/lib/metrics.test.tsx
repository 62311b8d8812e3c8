import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { Metric } from '@observatory/shared';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MetricName } from '../components/MetricName';
import { loadMetric, storeMetrics, useMetric, type MetricEntry } from './metrics';
import { metricKeys } from './query-keys';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const metric = (name: string, title: string, unit: string | null = null): Metric => ({
  name,
  title,
  description: '',
  unit,
  type: 'number',
  allowed: [],
  min: null,
  max: null,
  rules: [],
  version: 1,
});

const METRICS: Record<string, Metric> = {
  ph: metric('ph', 'Soil pH', '[pH]'),
  'air-temp': metric('air-temp', 'Air temperature', 'Cel'),
  cover: metric('cover', 'Plant cover'),
};

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;
let client: QueryClient;

/** The server: the metrics above, else a 500 for "broken" and a 404 for any other name. */
function serve() {
  fetchMock.mockImplementation(async (input) => {
    const name = decodeURIComponent(String(input).replace('/api/v1/data/metrics/', ''));
    const found = METRICS[name];
    if (found) return json({ metric: found });
    if (name === 'broken') return json({ error: 'Something went wrong on our side', code: 'INTERNAL', requestId: 'r' }, 500);
    return json({ error: 'Metric not found', code: 'NOT_FOUND', requestId: 'r' }, 404);
  });
}

const calls = (name: string) => fetchMock.mock.calls.filter(([input]) => String(input) === `/api/v1/data/metrics/${name}`).length;

function wrapper({ children }: { children: ReactNode }) {
  return (
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}

beforeEach(() => {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  client = new QueryClient();
  serve();
});

afterEach(() => {
  cleanup();
  client.clear();
  vi.unstubAllGlobals();
});

describe('loadMetric', () => {
  it('answers the metric, or an error entry for that name with the server’s words', async () => {
    await expect(loadMetric('ph')).resolves.toEqual({ name: 'ph', metric: METRICS.ph });
    await expect(loadMetric('gone')).resolves.toEqual({ name: 'gone', error: 'Metric not found' });
    await expect(loadMetric('broken')).resolves.toEqual({ name: 'broken', error: 'Something went wrong on our side' });
  });

  it('stores an error entry when no answer came at all', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(loadMetric('ph')).resolves.toEqual({ name: 'ph', error: 'Request Failed' });
  });
});

describe('useMetric: an entry per name', () => {
  it('stores a failed load as an error entry for that metric only; the others load', async () => {
    const names = ['ph', 'gone', 'air-temp', 'broken'];
    const { result } = renderHook(() => names.map((name) => useMetric(name)), { wrapper });
    expect(result.current).toEqual([undefined, undefined, undefined, undefined]);

    await waitFor(() => expect(result.current.every(Boolean)).toBe(true));
    expect(result.current).toEqual<(MetricEntry | undefined)[]>([
      { name: 'ph', metric: METRICS.ph! },
      { name: 'gone', error: 'Metric not found' },
      { name: 'air-temp', metric: METRICS['air-temp']! },
      { name: 'broken', error: 'Something went wrong on our side' },
    ]);
    // Kept in the cache by name, each apart.
    expect(client.getQueryData(metricKeys.entry('gone'))).toEqual({ name: 'gone', error: 'Metric not found' });
    expect(client.getQueryData(metricKeys.entry('ph'))).toEqual({ name: 'ph', metric: METRICS.ph });
  });

  it('loads a metric once for every place that shows it', async () => {
    const { result } = renderHook(() => [useMetric('ph'), useMetric('ph'), useMetric('ph')], { wrapper });
    await waitFor(() => expect(result.current[2]).toBeDefined());
    expect(calls('ph')).toBe(1);
  });

  it('asks again for a metric whose entry is an error when it is shown anew, not for one that loaded', async () => {
    const first = renderHook(() => [useMetric('broken'), useMetric('ph')], { wrapper });
    await waitFor(() => expect(first.result.current.every(Boolean)).toBe(true));
    first.unmount();
    METRICS.broken = metric('broken', 'Repaired');
    try {
      const again = renderHook(() => [useMetric('broken'), useMetric('ph')], { wrapper });
      // An error entry is still an entry: shown at once, replaced once the new answer is in.
      await waitFor(() => expect(again.result.current[0]).toEqual({ name: 'broken', error: 'Something went wrong on our side' }));
      await waitFor(() => expect(again.result.current[0]).toEqual({ name: 'broken', metric: METRICS.broken }));
      expect(calls('ph')).toBe(1);
    } finally {
      delete METRICS.broken;
    }
  });

  it('shows metrics a list stored without asking for them', () => {
    storeMetrics(client, [METRICS.cover!]);
    const { result } = renderHook(() => useMetric('cover'), { wrapper });
    expect(result.current).toEqual({ name: 'cover', metric: METRICS.cover });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('MetricName', () => {
  it('shows each metric’s title and unit, and the error entry in place of the one that failed', async () => {
    render(
      <ul>
        <li>
          <MetricName name="ph" />
        </li>
        <li>
          <MetricName name="gone" />
        </li>
        <li>
          <MetricName name="air-temp" to="/admin/data/metrics/air-temp" />
        </li>
      </ul>,
      { wrapper },
    );
    // While loading: the name.
    expect(screen.getByText('ph')).toBeTruthy();

    const error = await screen.findByRole('alert');
    expect(error.textContent).toBe('Metric “gone” could not be loaded: Metric not found');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    const items = screen.getAllByRole('listitem');
    await waitFor(() => expect(items[0]!.textContent).toBe('Soil pH ([pH])'));
    await waitFor(() => expect(items[2]!.textContent).toBe('Air temperature (Cel)'));
    expect(screen.getByRole('link', { name: 'Air temperature' }).getAttribute('href')).toBe('/admin/data/metrics/air-temp');
  });
});
