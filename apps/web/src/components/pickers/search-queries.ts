import { queryOptions } from '@tanstack/react-query';
import type { GeoObjectsResponse, ProjectsResponse, PublicationsResponse } from '@observatory/shared';
import { api } from '../../lib/api-client';
import { objectKeys, projectKeys, publicationKeys } from '../../lib/query-keys';

export type ObjectFound = GeoObjectsResponse['objects'][number];
export type ProjectFound = ProjectsResponse['projects'][number];
export type PublicationFound = PublicationsResponse['publications'][number];

/** Objects whose name or title matches what was typed (`GET data/obj?q=`, 20 at most). */
export const objectSearchQuery = (q: string) =>
  queryOptions({
    queryKey: objectKeys.search(q),
    queryFn: () => api.get<GeoObjectsResponse>('/data/obj', { q, limit: 20 }).then((r) => r.objects),
    staleTime: 30_000,
  });

/** Projects whose title or text matches what was typed (`GET projects?q=`, the first page). */
export const projectSearchQuery = (q: string) =>
  queryOptions({
    queryKey: projectKeys.search(q),
    queryFn: () => api.get<ProjectsResponse>('/projects', { q }).then((r) => r.projects),
    staleTime: 30_000,
  });

/** Publications whose title, authors or abstract match what was typed (`GET pubs?q=`, the first page). */
export const publicationSearchQuery = (q: string) =>
  queryOptions({
    queryKey: publicationKeys.search(q),
    queryFn: () => api.get<PublicationsResponse>('/pubs', { q }).then((r) => r.publications),
    staleTime: 30_000,
  });
