import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render as renderBare } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appConfigQuery } from './app-config';
import { titleOf, useTitle, type TitleWeight } from './use-title';

/** With the product name known, as once app/config has answered. */
function render(ui: React.ReactElement) {
  const client = new QueryClient();
  client.setQueryData(appConfigQuery.queryKey, { productName: 'Observatory' });
  const wrapper = ({ children }: { children: React.ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderBare(ui, { wrapper });
}

function Titled({ title, weight = 'page', children }: { title: string; weight?: TitleWeight; children?: React.ReactNode }) {
  useTitle(title, true, weight);
  return <>{children}</>;
}

describe('useTitle', () => {
  it('shows a page’s title with the product name; of nested pages, the one claimed last (the outer layout’s)', () => {
    render(
      <Titled title="Projects">
        <Titled title="Edit Abisko" />
      </Titled>,
    );
    // The outer page's effect runs after its child's, so a layout's title (a project's) stays over its tabs'.
    expect(document.title).toBe('Projects · Observatory');
  });

  it('shows an error screen’s heading over the page that holds it, and the page’s again once it is gone', () => {
    const { rerender, unmount } = render(
      <Titled title="Edit Abisko">
        <Titled title="Access Denied" weight="error" />
      </Titled>,
    );
    expect(document.title).toBe('Access Denied · Observatory');
    rerender(<Titled title="Edit Abisko" />);
    expect(document.title).toBe('Edit Abisko · Observatory');
    unmount();
  });

  it('carries the product name the page was served with before the configuration has come', () => {
    const meta = Object.assign(document.createElement('meta'), { name: 'application-name', content: 'Alpine Station' });
    document.head.append(meta);
    const { unmount } = renderBare(<Titled title="Projects" />, {
      wrapper: ({ children }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>,
    });
    expect(document.title).toBe('Projects · Alpine Station');
    unmount();
    meta.remove();
  });

  it('chooses an error before any page, and the latest among equals', () => {
    expect(titleOf([])).toBeNull();
    expect(
      titleOf([
        { title: 'a', weight: 'page', order: 3 },
        { title: 'b', weight: 'error', order: 1 },
        { title: 'c', weight: 'page', order: 5 },
      ]),
    ).toBe('b');
    expect(
      titleOf([
        { title: 'a', weight: 'page', order: 3 },
        { title: 'c', weight: 'page', order: 5 },
      ]),
    ).toBe('c');
  });
});
