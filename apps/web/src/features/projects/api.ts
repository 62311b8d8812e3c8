import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  Contributor,
  ContributorsResponse,
  ProjectDetail,
  ProjectInstitution,
  ProjectInstitutionsResponse,
  ProjectMembersResponse,
  ProjectsResponse,
  ProjectUpdate,
  ProseMirrorDoc,
  Publication,
  RevisionDetail,
  RevisionsResponse,
  TeamMember,
  UpdateDetail,
  UpdatesResponse,
} from '@observatory/shared';
import { api, type ApiResponse, type Conditional } from '../../lib/api-client';
import { conflictOf } from '../../lib/versions';
import { byNewest } from '../../lib/publications';
import { objectLoadErrorText, retryServerFaults } from '../../lib/errors';
import { moveInOrder } from '../../lib/ordering';
import { institutionKeys, isUnder, peopleKeys, publicationKeys, teamKeys } from '../../lib/query-keys';
import { projectKeys, removePublicationMutationKey } from './keys';

export const projectPath = (key: string) => `/projects/${encodeURIComponent(key)}`;

export type ProjectsFetcher = (query: string, page: number) => Promise<ApiResponse<ProjectsResponse>>;

/** A page of the catalogue: `query` is the filters as a query string. */
export const fetchProjects: ProjectsFetcher = (query, p) => api.page<ProjectsResponse>('/projects', { ...Object.fromEntries(new URLSearchParams(query)), p });

/**
 * A page of the project catalogue (spec section 4). A page already shown is not asked
 * for again for 30 s unless retried; the page shown stays while the next one loads, and
 * an answer to an older search never replaces a newer one (each has its own key).
 */
export const projectListQuery = (query: string, page: number, fetch: ProjectsFetcher = fetchProjects) =>
  queryOptions({
    queryKey: projectKeys.list(query, page),
    queryFn: () => fetch(query, page),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Project list state (spec section 3) from its query: what the catalogue shows. */
export function useProjectList(query: string, page: number, fetch?: ProjectsFetcher) {
  const list = useQuery(projectListQuery(query, page, fetch));
  const answer = list.data;
  const projects = answer?.data.projects ?? [];
  return {
    projects,
    currentPage: answer ? (answer.pagination?.page ?? page) : 0,
    totalRows: answer ? (answer.pagination?.count ?? projects.length) : 0,
    /** 25 until the server's pagination-limit header says otherwise. */
    perPage: answer?.pagination?.limit ?? 25,
    busy: list.isFetching,
    error: list.error ? objectLoadErrorText(list.error) : null,
    /** A search again, even for the page shown. */
    retry: () => void list.refetch(),
  };
}

/** 404s and 403s show the route's error screen through the page; nothing is retried. No slug (a new project): nothing asked. */
export function useProject(slug: string) {
  return useQuery({
    enabled: slug !== '',
    queryKey: projectKeys.detail(slug),
    queryFn: () => api.get<ProjectDetail>(projectPath(slug)),
    retry: retryServerFaults,
  });
}

export interface ProjectFields {
  title: string;
  slug?: string;
  summary: string | null;
  status: 'planned' | 'active' | 'completed';
  visibility: 'public' | 'signed-in' | 'members';
  startDate: string | null;
  endDate: string | null;
  teamId: string | null;
  archived?: boolean;
}

/** The pages listing projects (a person's, a partner's, a team's): asked again after a project or its links change. */
function refreshPagesListingProjects(client: QueryClient) {
  for (const details of [peopleKeys.details, institutionKeys.details, teamKeys.details]) void client.invalidateQueries({ queryKey: details });
}

/** Create (no key) or change a project; the project and the lists refetch. */
export function useSaveProject(key: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ conditional, ...input }: { project: Partial<ProjectFields>; doc?: ProseMirrorDoc | null; conditional?: Conditional }) =>
      key ? api.put<ProjectDetail>(projectPath(key), input, conditional) : api.post<ProjectDetail>('/projects', input),
    // Changed meanwhile (412): the current version, for the conflict dialog to compare.
    onError: (error) => {
      if (conflictOf(error)) void client.invalidateQueries({ queryKey: projectKeys.details });
    },
    onSuccess: (saved) => {
      client.setQueryData(projectKeys.detail(saved.project.slug), saved);
      void client.invalidateQueries({ queryKey: projectKeys.all });
      void client.invalidateQueries({ queryKey: projectKeys.details, predicate: (q) => !isUnder(q.queryKey, projectKeys.detail(saved.project.slug)) });
      refreshPagesListingProjects(client);
    },
  });
}

export function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => api.del(projectPath(key)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: projectKeys.all });
      refreshPagesListingProjects(client);
    },
  });
}

// Revisions of the documentation (or of an update's text when `update` is given)

const revisionsPath = (slug: string, update?: string) => `${projectPath(slug)}${update ? `/updates/${encodeURIComponent(update)}` : ''}/revisions`;

export function useRevisions(slug: string, update?: string) {
  return useQuery({
    queryKey: projectKeys.revisions(slug, update ?? null),
    queryFn: () => api.get<RevisionsResponse>(revisionsPath(slug, update)).then((r) => r.revisions),
  });
}

/** One saved version of a project's documentation or an update's text (none while `id` is null). */
export const revisionQuery = (slug: string, id: string | null, update?: string) =>
  queryOptions({
    queryKey: projectKeys.revision(slug, update ?? null, id),
    queryFn: () => api.get<RevisionDetail>(`${revisionsPath(slug, update)}/${id}`),
    enabled: !!id,
  });

export function useRestoreRevision(slug: string, update?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`${revisionsPath(slug, update)}/${id}/restore`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: projectKeys.detail(slug) });
      void client.invalidateQueries({ queryKey: projectKeys.allRevisions(slug) });
      void client.invalidateQueries({ queryKey: projectKeys.updateDetails(slug) });
    },
  });
}

// Contributors and institutions: ordered links with ids made here; moves show at once and go back if refused.

type LinkKind = 'contributors' | 'institutions';
type LinkOf<K extends LinkKind> = K extends 'contributors' ? Contributor : ProjectInstitution;
/** What a change of a link answers: every link of its kind, in order. */
type LinksAnswer<K extends LinkKind> = K extends 'contributors' ? ContributorsResponse : ProjectInstitutionsResponse;

export function useLinks<K extends LinkKind>(slug: string, kind: K) {
  const client = useQueryClient();
  const key = projectKeys.detail(slug);
  const setLinks = (links: LinkOf<K>[]) => {
    client.setQueryData<ProjectDetail>(key, (old) => old && { ...old, [kind]: links });
    refreshPagesListingProjects(client);
  };
  const path = (id: string) => `${projectPath(slug)}/${kind}/${id}`;
  const answer = (r: LinksAnswer<K>) => (r as Record<K, LinkOf<K>[]>)[kind];
  // Changes to one list reach the server in the order they were made.
  const scope = { id: `project-${slug}-${kind}` };
  return {
    put: useMutation({
      scope,
      mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) => api.put<LinksAnswer<K>>(path(id), body).then(answer),
      onSuccess: setLinks,
    }),
    move: useMutation({
      scope,
      mutationFn: ({ id, position }: { id: string; position: number }) => api.put<LinksAnswer<K>>(path(id), { position }).then(answer),
      onMutate: async ({ id, position }) => {
        await client.cancelQueries({ queryKey: key });
        const previous = client.getQueryData<ProjectDetail>(key);
        if (previous) setLinks(moveInOrder(previous[kind] as LinkOf<K>[], id, position));
        return { previous };
      },
      onError: (_e, _v, context) => {
        if (context?.previous) client.setQueryData(key, context.previous);
      },
      onSuccess: setLinks,
    }),
    remove: useMutation({ scope, mutationFn: (id: string) => api.del<LinksAnswer<K>>(path(id)).then(answer), onSuccess: setLinks }),
  };
}

// Updates

export type { UpdateDetail };
const updatePath = (slug: string, update: string) => `${projectPath(slug)}/updates/${encodeURIComponent(update)}`;

export function useUpdates(slug: string) {
  return useQuery({ queryKey: projectKeys.updates(slug), queryFn: () => api.get<UpdatesResponse>(`${projectPath(slug)}/updates`).then((r) => r.updates) });
}

/** No update key (a new update): nothing asked. */
export function useUpdate(slug: string, update: string) {
  return useQuery({ enabled: update !== '', queryKey: projectKeys.update(slug, update), queryFn: () => api.get<UpdateDetail>(updatePath(slug, update)) });
}

/** After a change both the full list and the project's recent updates refetch; one refused as changed meanwhile (412), the update itself. */
function useUpdateWrite<I, O>(slug: string, mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    // The current version, for the conflict dialog to compare.
    onError: (error) => {
      if (conflictOf(error)) void client.invalidateQueries({ queryKey: projectKeys.updateDetails(slug) });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: projectKeys.detail(slug) });
      void client.invalidateQueries({ queryKey: projectKeys.updates(slug) });
      void client.invalidateQueries({ queryKey: projectKeys.updateDetails(slug) });
    },
  });
}

export type UpdateInput = { update: { title: string; slug?: string; publishedAt?: string }; doc: ProseMirrorDoc | null };
export const useAddUpdate = (slug: string) => useUpdateWrite(slug, (input: UpdateInput) => api.post<UpdateDetail>(`${projectPath(slug)}/updates`, input));
/** A change based on the version its editor started from (`conditional`: its If-Match). */
export const useChangeUpdate = (slug: string, update: string) =>
  useUpdateWrite(slug, ({ conditional, ...input }: UpdateInput & { conditional?: Conditional }) =>
    api.put<UpdateDetail>(updatePath(slug, update), input, conditional),
  );

/** Deleting an update takes it out of the full and the recent list at once. */
export function useDeleteUpdate(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version?: number }) => api.del(updatePath(slug, id), { version }).then(() => id),
    onSuccess: (id) => {
      removeUpdateEverywhere(client, slug, id);
      void client.invalidateQueries({ queryKey: projectKeys.detail(slug) });
    },
  });
}

/** A deleted update leaves the full list and the project's recent updates at once (spec: project store). */
export function removeUpdateEverywhere(client: QueryClient, slug: string, id: string) {
  const without = (updates: ProjectUpdate[]) => updates.filter((u) => u.id !== id);
  client.setQueryData<ProjectUpdate[]>(projectKeys.updates(slug), (old) => old && without(old));
  client.setQueryData<ProjectDetail>(projectKeys.detail(slug), (old) => old && { ...old, updates: without(old.updates) });
}

// Members

export function useProjectMembers(slug: string) {
  return useQuery({ queryKey: projectKeys.members(slug), queryFn: () => api.get<ProjectMembersResponse>(`${projectPath(slug)}/members`) });
}

/** Add, re-role and remove members (manageMembers), as the member manager of teams expects. */
export function useProjectMemberMutations(slug: string) {
  const client = useQueryClient();
  const key = projectKeys.members(slug);
  const path = (personId: string) => `${projectPath(slug)}/members/${encodeURIComponent(personId)}`;
  const refresh = () => client.invalidateQueries({ queryKey: key });
  return {
    add: useMutation({
      mutationFn: async (input: { person: { id: string }; role: string }): Promise<TeamMember[] | false> => {
        const current = client.getQueryData<ProjectMembersResponse>(key);
        if (!current) throw new Error('No project loaded');
        if (current.members.some((m) => m.id === input.person.id)) return false;
        const saved = await api.put<TeamMember>(path(input.person.id), { role: input.role });
        return [...current.members, saved].sort((a, b) => a.name.localeCompare(b.name, 'en'));
      },
      onSuccess: () => void refresh(),
    }),
    setRole: useMutation({
      mutationFn: (input: { personId: string; role: string }) => api.put<TeamMember>(path(input.personId), { role: input.role }),
      onSuccess: () => void refresh(),
    }),
    remove: useMutation({ mutationFn: (personId: string) => api.del(path(personId)).then(() => personId), onSuccess: () => void refresh() }),
  };
}

// Publications: linked and unlinked one at a time; the project's list changes when the server agreed.

/**
 * Link a publication to the project (PUT, answering the publication) and unlink one
 * (DELETE). The project's cached detail follows; the publications' own pages and lists,
 * which name their projects, are asked again.
 */
export function useProjectPublications(slug: string, projectId: string) {
  const client = useQueryClient();
  const key = projectKeys.detail(slug);
  const path = (pubId: string) => `${projectPath(projectId)}/pubs/${encodeURIComponent(pubId)}`;
  const refresh = () => {
    for (const root of [publicationKeys.all, publicationKeys.details]) void client.invalidateQueries({ queryKey: root });
  };
  return {
    add: useMutation({
      mutationFn: (pubId: string) => api.put<Publication>(path(pubId)),
      onSuccess: (added) => {
        client.setQueryData<ProjectDetail>(
          key,
          (old) => old && { ...old, publications: byNewest([...old.publications.filter((p) => p.id !== added.id), added]) },
        );
        refresh();
      },
    }),
    remove: useMutation({
      mutationKey: removePublicationMutationKey(projectId),
      mutationFn: (pubId: string) => api.del(path(pubId)).then(() => pubId),
      onSuccess: (pubId) => {
        client.setQueryData<ProjectDetail>(key, (old) => old && { ...old, publications: old.publications.filter((p) => p.id !== pubId) });
        refresh();
      },
    }),
  };
}
