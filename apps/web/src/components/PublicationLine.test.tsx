import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { Publication } from '@observatory/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { shortAuthors } from '../lib/publications';
import { PublicationLine, PublicationList } from './PublicationLine';

afterEach(cleanup);

const author = (name: string, person: { slug: string; confirmed: boolean } | null = null): Publication['authors'][number] => ({
  name,
  person: person ? { id: `id-${person.slug}`, slug: person.slug, name } : null,
  confirmed: person?.confirmed ?? false,
});

const publication = (over: Partial<Publication> = {}): Publication => ({
  id: '11111111-1111-4111-8111-111111111111',
  slug: 'dietze-2018-iterative-forecasting',
  type: 'article',
  title: 'Iterative near-term ecological forecasting',
  authors: [author('Dietze, Michael C.'), author('Fox, Andrew'), author('Beck-Johnson, Lindsay M.')],
  year: 2018,
  venue: 'Ecological Applications',
  volume: '28',
  issue: '3',
  pages: '632–649',
  doi: '10.1002/eap.1682',
  url: null,
  keywords: [],
  citationKey: null,
  projects: [],
  version: 1,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

function show(ui: React.ReactNode) {
  return render(
    <MantineProvider env="test">
      <MemoryRouter>{ui}</MemoryRouter>
    </MantineProvider>,
  );
}

describe('shortAuthors', () => {
  it('keeps up to three authors, and shortens a longer list to the first three and "more"', () => {
    const names = ['A', 'B', 'C', 'D', 'E'].map((n) => author(n));
    expect(shortAuthors(names.slice(0, 3))).toEqual({ authors: names.slice(0, 3), more: false });
    expect(shortAuthors(names)).toEqual({ authors: names.slice(0, 3), more: true });
    expect(shortAuthors([])).toEqual({ authors: [], more: false });
  });
});

describe('PublicationLine', () => {
  it('names every author of a short list, without "et al."', () => {
    const { container } = show(<PublicationLine publication={publication()} />);
    const text = container.textContent ?? '';
    expect(text).toContain('Dietze, Michael C.; Fox, Andrew; Beck-Johnson, Lindsay M. (2018).');
    expect(text).not.toContain('et al.');
  });

  it('shortens a long list to the first three authors and "et al."', () => {
    const authors = ['Dietze, Michael C.', 'Fox, Andrew', 'Beck-Johnson, Lindsay M.', 'Betancourt, Julio L.', 'Hooten, Mevin B.'].map((n) => author(n));
    const { container } = show(<PublicationLine publication={publication({ authors })} />);
    const text = container.textContent ?? '';
    expect(text).toContain('Dietze, Michael C.; Fox, Andrew; Beck-Johnson, Lindsay M. et al. (2018).');
    expect(text).not.toContain('Betancourt');
    expect(text).not.toContain('Hooten');
  });

  it('links the title to its page, the DOI to its resolver, and only confirmed authors to their people', () => {
    const authors = [
      author('Dietze, Michael C.', { slug: 'michael-dietze', confirmed: true }),
      author('Fox, Andrew', { slug: 'andrew-fox', confirmed: false }),
      author('Someone Else'),
    ];
    show(<PublicationLine publication={publication({ authors })} />);
    expect(screen.getByRole('link', { name: 'Iterative near-term ecological forecasting' }).getAttribute('href')).toBe(
      '/pubs/dietze-2018-iterative-forecasting',
    );
    expect(screen.getByRole('link', { name: 'doi:10.1002/eap.1682' }).getAttribute('href')).toBe('https://doi.org/10.1002/eap.1682');
    expect(screen.getByRole('link', { name: 'Dietze, Michael C.' }).getAttribute('href')).toBe('/people/michael-dietze');
    // A link waiting for its person's confirmation shows only the name.
    expect(screen.queryByRole('link', { name: 'Fox, Andrew' })).toBeNull();
    screen.getByText('Journal article');
    screen.getByText('Ecological Applications');
  });

  it('lists publications with their actions and busy state, or says there are none', () => {
    const one = publication();
    const two = publication({ id: '22222222-2222-4222-8222-222222222222', slug: 'two', title: 'Second' });
    show(
      <PublicationList
        publications={[one, two]}
        empty="None yet."
        label="Pubs"
        busy={(p) => p.id === two.id}
        actions={(p) => <button type="button">Remove {p.title}</button>}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Pubs' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.getAttribute('aria-busy')).toBeNull();
    expect(items[1]!.getAttribute('aria-busy')).toBe('true');
    within(items[1]!).getByRole('status', { name: 'Working on Second' });
    within(items[0]!).getByRole('button', { name: `Remove ${one.title}` });
    cleanup();
    show(<PublicationList publications={[]} empty="None yet." />);
    screen.getByText('None yet.');
    expect(screen.queryByRole('list')).toBeNull();
  });
});
