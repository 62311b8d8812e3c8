import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { SandboxQueryResponse } from '@observatory/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { ResultsTable } from './ResultsTable';

afterEach(cleanup);

let made = 0;
const site = (name: string, metrics: SandboxQueryResponse['objects'][number]['metrics']) => ({
  id: `00000000-0000-4000-8000-${String(++made).padStart(12, '0')}`,
  name,
  title: name,
  types: ['site'],
  point: null,
  metadata: {},
  metrics,
});
const stats = { count: 3, min: 10, max: 18, mean: 14, first: '2024-05-01T00:00:00.000Z', last: { time: '2024-07-01T00:00:00.000Z', value: 18 } };

function show(answer: Partial<SandboxQueryResponse>) {
  const whole: SandboxQueryResponse = {
    objects: [],
    total: 1,
    more: false,
    page: 1,
    pages: 1,
    perPage: 50,
    fields: [],
    metrics: [{ name: 'temp', title: 'Water temperature', unit: 'Cel', type: 'number' }],
    summariesLeftOut: false,
    ...answer,
  };
  render(
    <MantineProvider env="test">
      <MemoryRouter>
        <ResultsTable answer={whole} onPage={() => {}} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return within(screen.getByRole('table', { name: 'Objects found' }));
}

it('shows each metric summed up: the latest value first', () => {
  const table = show({ objects: [site('river', { temp: stats }), site('forest-site', {})] });
  expect(table.getByRole('row', { name: /river/ }).textContent).toContain('18');
  expect(table.getByRole('row', { name: /forest-site/ }).textContent).toContain('–');
  expect(screen.queryByText('Metrics not summed up on this page')).toBeNull();
});

it('says when the page’s summaries were left out, and what to do, instead of showing them as missing', () => {
  const table = show({ objects: [site('river', {})], summariesLeftOut: true });
  expect(screen.getByText('Metrics not summed up on this page')).toBeTruthy();
  expect(screen.getByText(/more than 200,000 observations of the metrics chosen.*export the query/)).toBeTruthy();
  expect(table.getByRole('row', { name: /river/ }).textContent).toContain('not summed up');
});
