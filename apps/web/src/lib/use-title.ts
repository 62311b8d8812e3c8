import { useEffect } from 'react';
import { useAppConfig } from './app-config';

export const DEFAULT_TITLE = 'Projects';

/** Sets the document title: the screen's own, then the product name from app/config. */
export function useTitle(title: string = DEFAULT_TITLE, enabled = true): void {
  const productName = useAppConfig()?.productName;
  useEffect(() => {
    if (enabled) document.title = productName ? `${title} · ${productName}` : title;
  }, [title, productName, enabled]);
}
