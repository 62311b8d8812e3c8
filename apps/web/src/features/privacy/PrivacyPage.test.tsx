import { MantineProvider } from '@mantine/core';
import type { AppConfig } from '@observatory/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appConfigQuery } from '../../lib/app-config';
import PrivacyPage from './PrivacyPage';

afterEach(cleanup);

const config = (map: Partial<AppConfig['map']>): AppConfig => ({
  productName: 'Observatory',
  contactUrl: null,
  headerLinks: [],
  map: { styleUrl: null, center: [10, 50], zoom: 3, views: [], origins: [], ...map },
});

/** The page once app/config has answered this. */
function renderWith(answer: AppConfig) {
  const client = new QueryClient();
  client.setQueryData(appConfigQuery.queryKey, answer);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <PrivacyPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('PrivacyPage', () => {
  it('names the hosts a configured map style loads from, and what browsers send them', () => {
    renderWith(config({ styleUrl: 'https://tiles.example.org/styles/liberty', origins: ['https://tiles.example.org', 'https://fonts.example.net'] }));
    expect(screen.getByRole('heading', { name: 'Maps' })).toBeTruthy();
    const statement = screen.getByText(/Maps load their style, tiles and fonts from other hosts/);
    expect(statement.textContent).toContain('https://tiles.example.org, https://fonts.example.net.');
    expect(statement.textContent).toMatch(/IP address.*user agent.*origin as the referrer.*map area you view.*tiles/);
  });

  it('says nothing of other hosts with the built-in map style', () => {
    renderWith(config({}));
    expect(screen.getByRole('heading', { name: 'Privacy policy' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Maps' })).toBeNull();
    expect(screen.queryByText(/tiles and fonts/)).toBeNull();
  });
});
