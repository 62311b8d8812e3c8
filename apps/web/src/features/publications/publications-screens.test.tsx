import { cleanup, screen, within } from '@testing-library/react';
import type { ParsedEntry, Publication, PublicationDetail } from '@observatory/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PublicationEditPage from './PublicationEditPage';
import PublicationPage from './PublicationPage';
import PublicationsPage from './PublicationsPage';
import { PublicationSuggestions } from './PublicationSuggestions';
import { renderScreen, signedIn } from '../../test/render-screen';

afterEach(cleanup);
// happy-dom has no FontFaceSet, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }), configurable: true });

const pub: Publication = {
  id: '11111111-1111-4111-8111-111111111111',
  slug: 'dietze-2018-forecasting',
  type: 'article',
  title: 'Iterative near-term ecological forecasting',
  authors: [
    { name: 'Dietze, Michael C.', person: { id: '33333333-3333-4333-8333-333333333333', slug: 'michael-dietze', name: 'Michael Dietze' }, confirmed: true },
    { name: 'Fox, Andrew', person: { id: '44444444-4444-4444-8444-444444444444', slug: 'andrew-fox', name: 'Andrew Fox' }, confirmed: false },
  ],
  year: 2018,
  venue: 'Ecological Applications',
  volume: '28',
  issue: '3',
  pages: '632–649',
  doi: '10.1002/eap.1682',
  url: 'https://example.org/paper',
  keywords: ['forecasting'],
  citationKey: 'dietze2018',
  projects: [{ id: '55555555-5555-4555-8555-555555555555', slug: 'efi', title: 'EFI' }],
  version: 1,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
const detail: PublicationDetail = {
  publication: pub,
  abstract: 'Forecasts, made again and again.',
  extra: {
    bibtex: {
      fields: {
        urldate: '2020-08-14',
        note: 'Publisher: National Academy of Sciences\nSection: Perspective',
        title: 'Iterative near-term ecological forecasting: {Needs}, opportunities, and challenges',
      },
    },
    ris: { tags: { CY: ['Oslo'] } },
  },
  permissions: ['view', 'edit', 'delete'],
};

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const entry = (over: Partial<ParsedEntry>): ParsedEntry => ({
  index: 0,
  key: null,
  line: 1,
  publication: null,
  error: null,
  duplicate: null,
  repeats: null,
  ...over,
});
type Parsed = NonNullable<ParsedEntry['publication']>;
const parsedPub = (over: Partial<Parsed>): Parsed => ({
  type: 'article',
  title: '',
  authors: [],
  year: null,
  venue: null,
  volume: null,
  issue: null,
  pages: null,
  doi: null,
  url: null,
  abstract: null,
  keywords: [],
  citationKey: null,
  extra: {},
  ...over,
});
const parsed = {
  format: 'bibtex',
  entries: [
    entry({
      index: 0,
      key: 'dietze2018',
      line: 1,
      publication: parsedPub({
        title: 'Iterative near-term ecological forecasting',
        authors: [{ name: 'Dietze, Michael C.' }],
        year: 2018,
        venue: 'Ecological Applications',
        doi: '10.1002/eap.1682',
        citationKey: 'dietze2018',
        extra: { bibtex: { fields: { issn: '0027-8424', urldate: '2020-08-14' } } },
      }),
    }),
    entry({ index: 1, key: 'broken', line: 9, error: 'Line 9: this entry is not closed' }),
    entry({
      index: 2,
      key: 'known',
      line: 14,
      publication: parsedPub({ title: 'Known one', year: 2020, doi: '10.1/known' }),
      duplicate: { id: pub.id, slug: 'known-one', title: 'Known one', match: 'doi' },
    }),
    entry({ index: 3, key: 'other', line: 20, publication: parsedPub({ type: 'report', title: 'A report', year: 2021, doi: '10.1/other' }) }),
    entry({
      index: 4,
      key: 'book',
      line: 26,
      publication: parsedPub({ type: 'book', title: 'Ecological Forecasting', year: 2017 }),
      duplicate: { id: pub.id, slug: 'dietze-2017-ecological-forecasting', title: 'Ecological Forecasting', match: 'work' },
    }),
    entry({ index: 5, key: 'again', line: 33, publication: parsedPub({ title: 'Iterative near-term ecological forecasting', year: 2018 }), repeats: 0 }),
  ],
};

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;
const calls: { method: string; url: string; body: unknown }[] = [];
afterEach(() => {
  calls.length = 0;
  vi.unstubAllGlobals();
});

function server(extra: Handler = () => undefined) {
  return async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://x');
    const method = init?.method ?? 'GET';
    calls.push({ method, url: `${url.pathname}${url.search}`, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = await extra(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/v1/pubs' && method === 'GET') {
      const none = url.searchParams.get('q') === 'nothing';
      return json({ publications: none ? [] : [pub] }, 200, { 'pagination-page': '1', 'pagination-count': none ? '0' : '1', 'pagination-limit': '25' });
    }
    if (url.pathname === '/api/v1/pubs/years') return json({ years: [{ year: 2018, count: 1 }] });
    if (url.pathname === `/api/v1/pubs/${pub.slug}` && method === 'GET') return json(detail);
    if (url.pathname === `/api/v1/pubs/${pub.id}` && method === 'DELETE') return new Response(null, { status: 204 });
    if (url.pathname === `/api/v1/pubs/${pub.id}/citation`) {
      const style = url.searchParams.get('style');
      return json({ style, text: `${style} text`, runs: [{ text: `${style}: Dietze (2018). ` }, { text: 'Ecological Applications', italic: true }] });
    }
    if (url.pathname === '/api/v1/users/ada')
      return json({ user: {}, person: { id: '66666666-6666-4666-8666-666666666666', slug: 'ada', name: 'Ada' }, permissions: [], roles: [], invitation: null });
    if (url.pathname === '/api/v1/pubs/parse') return json(parsed);
    return json({ error: 'Not found', code: 'NOT_FOUND' }, 404);
  };
}

function show(path: string, pattern: string, Element: React.ComponentType, extra?: Handler) {
  vi.stubGlobal('fetch', vi.fn(server(extra)));
  return renderScreen({ path, routes: [{ path: pattern, element: <Element /> }], user: signedIn('ada') });
}

describe('the paste preview', () => {
  it('keeps Save disabled while a kept entry has an error, and enables it once that entry is dropped', async () => {
    const { router, user } = show('/pubs/new?from=paste', '/pubs/new', PublicationEditPage, (url) =>
      url.pathname === '/api/v1/pubs/import'
        ? json(
            {
              publications: [
                { id: pub.id, slug: 'dietze-2018', title: pub.title },
                { id: 'x', slug: 'a-report', title: 'A report' },
              ],
            },
            201,
          )
        : undefined,
    );
    await user.click(screen.getByRole('textbox', { name: /BibTeX, RIS or CSL-JSON/ }));
    await user.paste('@article{dietze2018, title={Iterative}}');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const entries = await screen.findByRole('list', { name: 'Entries of the paste' });
    expect(within(entries).getAllByRole('listitem')).toHaveLength(6);
    expect(calls.find((c) => c.url === '/api/v1/pubs/parse')?.body).toEqual({ text: '@article{dietze2018, title={Iterative}}', format: 'auto' });
    screen.getByText('Line 9: this entry is not closed');
    // The duplicate is dropped at first, with a link to the one the catalogue holds.
    expect(screen.getByRole('link', { name: 'Known one' }).getAttribute('href')).toBe('/pubs/known-one');
    screen.getByText(/Already in the catalogue/);
    expect((screen.getByRole('checkbox', { name: 'Include entry 3 (known)' }) as HTMLInputElement).checked).toBe(false);
    // One with no DOI but the same title, year and first author is skipped too, and can be saved anyway.
    screen.getByText(/Most likely already in the catalogue \(the same title, year and first author\)/);
    expect(screen.getByRole('link', { name: 'Ecological Forecasting' }).getAttribute('href')).toBe('/pubs/dietze-2017-ecological-forecasting');
    const book = screen.getByRole('checkbox', { name: 'Include entry 5 (book)' }) as HTMLInputElement;
    expect(book.checked).toBe(false);
    expect(screen.getAllByText(/Skipped: include it to save it anyway/)).toHaveLength(2);
    await user.click(book);
    screen.getByText(/It will be saved as another publication/);
    await user.click(book);
    // An entry repeating an earlier one of the paste is skipped.
    screen.getByText(/The same work as entry 1 of this paste/);
    expect((screen.getByRole('checkbox', { name: 'Include entry 6 (again)' }) as HTMLInputElement).checked).toBe(false);

    // The entry in error is kept: nothing can be saved.
    const broken = screen.getByRole('checkbox', { name: 'Include entry 2 (broken)' }) as HTMLInputElement;
    expect(broken.checked).toBe(true);
    const save = screen.getByRole('button', { name: 'Save 3 publications' });
    expect(save.hasAttribute('disabled')).toBe(true);

    // Dropped, it cannot be taken back in, and the rest can be saved.
    await user.click(broken);
    expect(broken.checked).toBe(false);
    expect(broken.disabled).toBe(true);
    const enabled = screen.getByRole('button', { name: 'Save 2 publications' });
    expect(enabled.hasAttribute('disabled')).toBe(false);

    await user.click(enabled);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pubs'));
    const sent = calls.find((c) => c.url === '/api/v1/pubs/import')?.body as { publications: { title: string; extra: unknown }[] };
    expect(sent.publications.map((p) => p.title)).toEqual(['Iterative near-term ecological forecasting', 'A report']);
    // The fields without a column go as they were read.
    expect(sent.publications[0]!.extra).toEqual({ bibtex: { fields: { issn: '0027-8424', urldate: '2020-08-14' } } });
  });

  it('shows a refused entry’s problem on its own card, with a link to the publication holding its DOI', async () => {
    const { user } = show('/pubs/new?from=paste', '/pubs/new', PublicationEditPage, (url) =>
      url.pathname === '/api/v1/pubs/import'
        ? json(
            {
              error: 'A publication with this DOI exists',
              code: 'CONFLICT',
              details: [{ field: 'body.publications.1.doi', message: 'A publication with this DOI exists: “Old”', href: '/pubs/old' }],
            },
            409,
          )
        : undefined,
    );
    await user.click(screen.getByRole('textbox', { name: /BibTeX, RIS or CSL-JSON/ }));
    await user.paste('TY  - JOUR');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Include entry 2 (broken)' }));
    await user.click(screen.getByRole('button', { name: 'Save 2 publications' }));
    // The second publication sent is the paste's fourth entry.
    const cards = within(screen.getByRole('list', { name: 'Entries of the paste' })).getAllByRole('listitem');
    const problem = await within(cards[3]!).findByText(/Not saved: A publication with this DOI exists: “Old”/);
    expect(within(problem).getByRole('link', { name: 'Open it' }).getAttribute('href')).toBe('/pubs/old');
    expect(within(cards[0]!).queryByText(/Not saved/)).toBeNull();
  });
});

describe('a publication’s page', () => {
  it('shows the citation in the style chosen, its authors, DOI, projects and exports', async () => {
    const { user } = show(`/pubs/${pub.slug}`, '/pubs/:slug', PublicationPage);
    await screen.findByRole('heading', { level: 1, name: pub.title });
    const citation = await screen.findByTestId('citation');
    expect(citation.textContent).toBe('apa: Dietze (2018). Ecological Applications');
    expect(citation.querySelector('em')?.textContent).toBe('Ecological Applications');

    await user.click(screen.getByRole('combobox', { name: 'Citation style' }));
    await user.click(await screen.findByRole('option', { name: 'Vancouver' }));
    await vi.waitFor(() => expect(screen.getByTestId('citation').textContent).toContain('vancouver:'));

    expect(screen.getByRole('link', { name: 'Dietze, Michael C.' }).getAttribute('href')).toBe('/people/michael-dietze');
    expect(screen.queryByRole('link', { name: 'Fox, Andrew' })).toBeNull();
    screen.getByText(/waiting for Andrew Fox to confirm/);
    expect(screen.getByRole('link', { name: '10.1002/eap.1682' }).getAttribute('href')).toBe('https://doi.org/10.1002/eap.1682');
    expect(screen.getByRole('link', { name: 'EFI' }).getAttribute('href')).toBe('/projects/efi');
    expect(screen.getByRole('link', { name: /BibTeX/ }).getAttribute('href')).toBe(`/api/v1/pubs/${pub.id}/export?format=bibtex`);
    expect(screen.getByRole('link', { name: /CSL-JSON/ }).getAttribute('href')).toBe(`/api/v1/pubs/${pub.id}/export?format=csl`);
    // The fields without a column, read only, as they came.
    const bibtex = screen.getByRole('group', { name: 'Other fields from BibTeX' });
    expect(within(bibtex).getByText('urldate').nextSibling?.textContent).toBe('2020-08-14');
    expect(within(bibtex).getByText('note').nextSibling?.textContent).toBe('Publisher: National Academy of Sciences\nSection: Perspective');
    // A column's field kept as written (the title's case protection) is that column, not another field.
    expect(within(bibtex).queryByText('title')).toBeNull();
    expect(within(screen.getByRole('group', { name: 'Other fields from RIS' })).getByText('CY').nextSibling?.textContent).toBe('Oslo');
  });

  it('deletes after a confirmation, then goes to the list', async () => {
    const { router, user } = show(`/pubs/${pub.slug}`, '/pubs/:slug', PublicationPage);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pubs'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/v1/pubs/${pub.id}`]);
  });

  it('says a missing publication could not be found', async () => {
    show('/pubs/nope', '/pubs/:slug', PublicationPage);
    await screen.findByText(/The object you requested could not be found/);
  });
});

describe('the list', () => {
  it('asks with the filters of the address, exports what they match, and clears them when nothing matches', async () => {
    const { router, user } = show('/pubs?year=2018&type=article&q=nothing', '/pubs', PublicationsPage);
    await screen.findByText(/No publications match/);
    expect(calls.filter((c) => c.url.startsWith('/api/v1/pubs?')).map((c) => c.url)).toEqual(['/api/v1/pubs?q=nothing&year=2018&type=article']);
    await user.click(screen.getByRole('button', { name: 'Clear the search and filters' }));
    expect(router.state.location.search).toBe('');
    await screen.findByRole('link', { name: pub.title });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findByRole('menuitem', { name: 'RIS' })).getAttribute('href')).toBe('/api/v1/pubs/export?format=ris');
    screen.getByRole('link', { name: 'New publication' });
  });
});

describe('the form', () => {
  it('edits a publication: sends only what changed, and says whose link waits for confirmation', async () => {
    const { router, user } = show(`/pubs/${pub.slug}/edit`, '/pubs/:slug/edit', PublicationEditPage, (url, init) =>
      url.pathname === `/api/v1/pubs/${pub.id}` && init?.method === 'PUT' ? json({ ...detail, publication: { ...pub, title: 'New title' } }) : undefined,
    );
    const title = await screen.findByRole('textbox', { name: 'Title' });
    screen.getByText('Waiting for Andrew Fox to confirm');
    await user.clear(title);
    await user.type(title, 'New title');
    await user.click(screen.getByRole('button', { name: 'Move author 2 up' }));
    expect((screen.getByRole('textbox', { name: 'Name of author 1' }) as HTMLInputElement).value).toBe('Fox, Andrew');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/pubs/${pub.slug}`));
    const put = calls.find((c) => c.method === 'PUT');
    // Only what changed: the other fields (extra) are not sent, so they stay as they are.
    expect(put?.body).toEqual({
      publication: {
        title: 'New title',
        authors: [
          { name: 'Fox, Andrew', person: '44444444-4444-4444-8444-444444444444' },
          { name: 'Dietze, Michael C.', person: '33333333-3333-4333-8333-333333333333' },
        ],
      },
    });
  });

  it('shows a DOI the catalogue holds at the DOI field, with a link to the publication holding it', async () => {
    const { user } = show('/pubs/new', '/pubs/new', PublicationEditPage, (url, init) =>
      url.pathname === '/api/v1/pubs' && init?.method === 'POST'
        ? json(
            {
              error: 'A publication with this DOI exists: “Old”',
              code: 'CONFLICT',
              details: [{ field: 'body.publication.doi', message: 'A publication with this DOI exists: “Old”', href: '/pubs/old' }],
            },
            409,
          )
        : undefined,
    );
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'A title');
    await user.type(screen.getByRole('textbox', { name: 'Name of author 1' }), 'Dietze, Michael C.');
    await user.type(screen.getByRole('textbox', { name: 'DOI' }), 'https://doi.org/10.1002/eap.1682');
    await user.click(screen.getByRole('button', { name: 'Add publication' }));
    const doi = screen.getByRole('textbox', { name: 'DOI' });
    await vi.waitFor(() => expect(doi.getAttribute('aria-invalid')).toBe('true'));
    expect(
      document.getElementById(
        doi
          .getAttribute('aria-describedby')!
          .split(' ')
          .find((id) => id.endsWith('-error'))!,
      )?.textContent,
    ).toBe('A publication with this DOI exists: “Old”');
    expect(screen.getByRole('link', { name: 'Open the publication that has this DOI' }).getAttribute('href')).toBe('/pubs/old');
    // Shown at its field, not again above the form.
    expect(screen.getAllByText('A publication with this DOI exists: “Old”')).toHaveLength(1);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      publication: { title: 'A title', authors: [{ name: 'Dietze, Michael C.', person: null }], doi: 'https://doi.org/10.1002/eap.1682', year: null },
    });
  });

  it('keeps text pasted past a limit whole, says so at its field, and sends nothing; a year out of range stays as typed', async () => {
    const { user } = show('/pubs/new', '/pubs/new', PublicationEditPage);
    const described = (input: HTMLElement, as: 'error' | 'description') =>
      document.getElementById((input.getAttribute('aria-describedby') ?? '').split(' ').find((id) => id.endsWith(`-${as}`)) ?? '')?.textContent ?? null;
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.click(title);
    await user.paste('t'.repeat(950));
    expect(described(title, 'description')).toBe('950 / 1,000 characters');
    await user.click(screen.getByRole('textbox', { name: 'Name of author 1' }));
    await user.paste('Dietze, Michael C.');
    const abstract = screen.getByRole('textbox', { name: 'Abstract' });
    await user.click(abstract);
    await user.paste('a'.repeat(42_000));
    expect((abstract as HTMLTextAreaElement).value).toHaveLength(42_000);
    expect(described(abstract, 'error')).toBe('42,000 characters: at most 20,000');
    const year = screen.getByRole('textbox', { name: 'Year' });
    await user.type(year, '2999');
    await user.click(screen.getByRole('button', { name: 'Add publication' }));
    expect((year as HTMLInputElement).value).toBe('2999');
    expect(described(year, 'error')).toBe('A year no later than next year');
    expect(described(abstract, 'error')).toBe('42,000 characters: at most 20,000');
    expect((abstract as HTMLTextAreaElement).value).toHaveLength(42_000);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('checks the fields with the shared schema before sending', async () => {
    const { user } = show('/pubs/new', '/pubs/new', PublicationEditPage);
    await user.type(screen.getByRole('textbox', { name: 'DOI' }), 'not a doi');
    await user.click(screen.getByRole('button', { name: 'Add publication' }));
    await screen.findByText('Give a title');
    screen.getByText(/Not a DOI/);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('publications naming you', () => {
  it('confirms one as the signed-in person, and is gone once none are left', async () => {
    const { user } = show('/me', '/me', PublicationSuggestions, (url, init) => {
      if (url.pathname === '/api/v1/pubs/suggestions') return json({ publications: calls.some((c) => c.method === 'PUT') ? [] : [pub] });
      if (url.pathname === `/api/v1/pubs/${pub.id}/authors/ada` && init?.method === 'PUT') return json(detail);
      return undefined;
    });
    await screen.findByRole('heading', { name: 'Publications naming you' });
    await user.click(screen.getByRole('button', { name: `Confirm you are an author of “${pub.title}”` }));
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'Publications naming you' })).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual([`/api/v1/pubs/${pub.id}/authors/ada`]);
  });

  it('shows nothing when none wait', async () => {
    show('/me', '/me', PublicationSuggestions, (url) => (url.pathname === '/api/v1/pubs/suggestions' ? json({ publications: [] }) : undefined));
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/api/v1/pubs/suggestions')).toBe(true));
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/api/v1/users/ada')).toBe(true));
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
