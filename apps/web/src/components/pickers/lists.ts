import { queryOptions } from '@tanstack/react-query';
import type { InstitutionsResponse, TeamsResponse } from '@observatory/shared';
import { api } from '../../lib/api-client';
import { institutionKeys, teamKeys } from '../../lib/query-keys';

/** Every partner institution, with their categories (`GET institutions`): a short list, loaded whole. */
export const institutionsQuery = () => queryOptions({ queryKey: institutionKeys.all, queryFn: () => api.get<InstitutionsResponse>('/institutions') });

/** Every team (`GET teams`): a short list, loaded whole. */
export const teamsQuery = () => queryOptions({ queryKey: teamKeys.list, queryFn: () => api.get<TeamsResponse>('/teams').then((r) => r.teams) });
