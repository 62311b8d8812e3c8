import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type Location } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams } from './use-list-params';

/** The hook on a list screen at `start`, with every address the screen went through. */
function renderOn(start: string) {
  const seen: Location[] = [];
  let hook!: ReturnType<typeof useListParams<'type'>>;
  function Screen() {
    hook = useListParams(['type'] as const);
    const location = useLocation();
    if (seen.at(-1)?.key !== location.key || seen.at(-1)?.search !== location.search) seen.push(location);
    return null;
  }
  const router = createMemoryRouter([{ path: '/data', element: <Screen /> }], { initialEntries: [start] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <>
      <RouterProvider router={router} />
      {children}
    </>
  );
  renderHook(() => null, { wrapper });
  return { router, seen, current: () => hook };
}

describe('list params', () => {
  it('typing on page 3 changes the address once, when typing rests: the new search on page 1', async () => {
    const list = renderOn('/data?q=old&p=3&type=site');
    expect(list.current()).toMatchObject({ search: 'old', q: 'old', page: 3, filters: { type: 'site' } });
    act(() => list.current().setSearch('ne'));
    act(() => list.current().setSearch('new '));
    expect(list.current()).toMatchObject({ search: 'new ', q: 'old', page: 3 });
    await waitFor(() => expect(list.current().q).toBe('new'));
    expect(list.current()).toMatchObject({ search: 'new ', page: 1, filters: { type: 'site' } });
    expect(list.seen.map((l) => l.search)).toEqual(['?q=old&p=3&type=site', '?q=new&type=site']);
  });

  it('leaving the search box makes the search at once, so a link clicked next is not interrupted by it', () => {
    const list = renderOn('/data?p=2');
    act(() => list.current().searchInput.onChange({ currentTarget: { value: 'larch' } }));
    expect(list.current().q).toBe('');
    act(() => list.current().searchInput.onBlur());
    expect(list.current()).toMatchObject({ q: 'larch', search: 'larch', page: 1 });
    expect(list.seen.map((l) => l.search)).toEqual(['?p=2', '?q=larch']);
  });

  it('a search made on leaving the box and a filter chosen before the screen is drawn again both stay', () => {
    const list = renderOn('/data?p=2');
    act(() => list.current().searchInput.onChange({ currentTarget: { value: 'larch' } }));
    const drawn = list.current();
    act(() => {
      drawn.searchInput.onBlur();
      drawn.setFilter('type', 'site');
    });
    expect(list.current()).toMatchObject({ q: 'larch', page: 1, filters: { type: 'site' } });
  });

  it('a filter goes back to page 1 without a history entry; a page adds one; back shows the old search in the box', async () => {
    const list = renderOn('/data?q=pine&p=2');
    act(() => list.current().setFilter('type', 'site'));
    expect(list.current()).toMatchObject({ page: 1, filters: { type: 'site' } });
    act(() => list.current().setPage(4));
    expect(list.current().page).toBe(4);
    act(() => list.current().setSearch('spruce'));
    await waitFor(() => expect(list.current().q).toBe('spruce'));
    await act(() => list.router.navigate(-1));
    expect(list.current()).toMatchObject({ q: 'pine', search: 'pine', page: 1, filters: { type: 'site' } });
  });
});
