import { useEffect, useId } from 'react';
import { pageProductName, useAppConfig } from './app-config';

export const DEFAULT_TITLE = 'Projects';

/** How strongly a screen claims the title: an error screen's heading wins over the page it replaces. */
export type TitleWeight = 'page' | 'error';

interface Claim {
  title: string;
  weight: TitleWeight;
  order: number;
}

const claims = new Map<string, Claim>();
let counter = 0;

/** The title shown: the error's if any screen shows one, else the page claimed last. */
export function titleOf(all: Iterable<Claim>): string | null {
  let shown: Claim | null = null;
  for (const c of all) if (!shown || (c.weight === 'error') > (shown.weight === 'error') || (c.weight === shown.weight && c.order > shown.order)) shown = c;
  return shown?.title ?? null;
}

function show() {
  const title = titleOf(claims.values());
  if (title !== null) document.title = title;
}

/**
 * Sets the document title: the screen's own, then the product name from app/config. An
 * error screen inside a page (Access Denied on an edit page) claims it with the weight
 * 'error', so the page's own title, set after its children's, does not hide it.
 */
export function useTitle(title: string = DEFAULT_TITLE, enabled = true, weight: TitleWeight = 'page'): void {
  // The name the page was served with until the configuration comes: no title goes without it.
  const productName = useAppConfig()?.productName ?? pageProductName();
  const id = useId();
  useEffect(() => {
    if (!enabled) return;
    claims.set(id, { title: productName ? `${title} · ${productName}` : title, weight, order: ++counter });
    show();
    return () => {
      claims.delete(id);
      show();
    };
  }, [id, title, productName, enabled, weight]);
}
