import { queryOptions } from '@tanstack/react-query';
import type { ProjectObjectTypes } from '@observatory/shared';
import { api } from './api-client';

/**
 * The object types a project catalogues (`GET projects/{id}/objtypes`), in order; none
 * means any type. Its Site Admin tab sets them; the object forms narrow their types by them.
 */
export const projectObjectTypesKey = (id: string) => ['project-objtypes', id] as const;
export const projectObjectTypesPath = (id: string) => `/projects/${encodeURIComponent(id)}/objtypes`;
export const projectObjectTypesQuery = (id: string) =>
  queryOptions({ queryKey: projectObjectTypesKey(id), queryFn: () => api.get<ProjectObjectTypes>(projectObjectTypesPath(id)).then((r) => r.types) });
