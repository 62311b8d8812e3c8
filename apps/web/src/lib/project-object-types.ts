import { queryOptions } from '@tanstack/react-query';
import type { ProjectObjectTypes } from '@observatory/shared';
import { api } from './api-client';
import { projectKeys } from './query-keys';

/**
 * The object types a project catalogues (`GET projects/{id}/objtypes`), in order; none
 * means any type. Its Site Admin tab sets them; the object forms narrow their types by them.
 */
export const projectObjectTypesPath = (id: string) => `/projects/${encodeURIComponent(id)}/objtypes`;
export const projectObjectTypesQuery = (id: string) =>
  queryOptions({ queryKey: projectKeys.objectTypes(id), queryFn: () => api.get<ProjectObjectTypes>(projectObjectTypesPath(id)).then((r) => r.types) });
