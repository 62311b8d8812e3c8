import { useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@observatory/shared';
import { api } from './api-client';
import { appConfigKeys } from './query-keys';

export const appConfigQuery = {
  queryKey: appConfigKeys.all,
  queryFn: () => api.get<AppConfig>('/app/config'),
  staleTime: Infinity,
};

/** GET app/config, loaded once at start. */
export function useAppConfig(): AppConfig | undefined {
  return useQuery(appConfigQuery).data;
}

/** The product name the served page carries (the server writes it): known before the configuration loads. */
export const pageProductName = (): string | null => document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content || null;
