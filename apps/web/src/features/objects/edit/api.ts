import { useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ObjectInstitutionsResponse, ObjectPeopleResponse, ProjectDetail, ProjectsResponse, ProseMirrorDoc } from '@observatory/shared';
import { api, type Conditional } from '../../../lib/api-client';
import { conflictOf } from '../../../lib/versions';
import type { GeoJson } from './drawing';
import { useHasPermission } from '../../../lib/auth';
import { objectPath, type ObjectDetail } from '../api';
import { isUnder, outboxKeys, projectKeys, showsObjects } from '../../../lib/query-keys';
import { sendOrQueue, type Recorded } from '../../../lib/outbox/record';
import { objectKeys } from '../keys';
import { removeLink, reorderLink, saveLink, type InstitutionLink, type PersonLink } from './object-links';

export interface ObjectInput {
  name?: string;
  title?: string;
  types?: string[];
  projects?: string[];
  parent?: string | null;
  geo?: GeoJson | null;
  metadata?: Record<string, unknown>;
  visibility?: 'public' | 'signed-in' | 'members';
  doc?: ProseMirrorDoc | null;
}

/** Every object answer (the object, the catalogue, children, map data) may show what changed. */
function refreshObjects(client: QueryClient, except?: string) {
  void client.invalidateQueries({
    predicate: (q) => showsObjects(q.queryKey) && !(except !== undefined && isUnder(q.queryKey, objectKeys.detail(except))),
  });
}

/**
 * An object's values as a write sends them (title, types, parent, visibility, metadata,
 * geometry, documentation): what a queued edit was based on, and what the server has now,
 * compared field by field when both changed (docs/offline.md "Needs your decision").
 */
export const objectValues = (detail: ObjectDetail): Record<string, unknown> => ({
  name: detail.obj.name,
  title: detail.obj.title,
  types: detail.obj.types.map((t) => t.slug),
  parent: detail.obj.parent?.id ?? null,
  visibility: detail.obj.visibility,
  metadata: detail.obj.metadata,
  geo: detail.obj.geo ?? null,
  doc: detail.doc ?? null,
});

interface SaveObject {
  input: ObjectInput;
  projects?: { add: string[]; remove: string[] };
  conditional?: Conditional;
  /** A change: the object as the form opened it, queued with an edit recorded with no network. */
  base?: ObjectDetail;
}

/** A change of an object's own fields, as the device queues it when no network answers. */
function sendOrQueueChange(name: string, input: ObjectInput, base: ObjectDetail, version: number) {
  return sendOrQueue<ObjectDetail>({
    kind: 'object-edit',
    title: `Changes to ${base.obj.title}`,
    object: name,
    method: 'PUT',
    path: objectPath(name),
    body: input as Record<string, unknown>,
    base: { version, values: objectValues(base) },
  });
}

/**
 * Create (no name) or change an object, then put its projects right: for an existing
 * object they are added and taken away one by one (each needs edit on that project). A
 * change is based on the version its editor started from (`conditional`: its If-Match);
 * refused as changed meanwhile (412), nothing is written and the object is asked again.
 * With no network, a new object, or a change of an object's own fields (not its projects,
 * not an overwrite), is queued on this device and sent when the network returns.
 */
export function useSaveObject(name: string | null) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ input, projects, conditional, base }: SaveObject): Promise<Recorded<ObjectDetail>> => {
      const moved = !!projects && (projects.add.length > 0 || projects.remove.length > 0);
      if (name && base && !moved && conditional?.version !== undefined && conditional.overwriteOf === undefined) {
        return sendOrQueueChange(name, input, base, conditional.version);
      }
      if (!name) {
        const created = { kind: 'object-new', title: `New object ${input.title ?? ''}`, object: input.name ?? '' } as const;
        return sendOrQueue<ObjectDetail>({ ...created, method: 'POST', path: '/data/obj', body: input as Record<string, unknown> });
      }
      const saved = await api.put<ObjectDetail>(objectPath(name), input, conditional);
      if (!moved) return { sent: saved };
      const path = (project: string) => `${objectPath(saved.obj.name)}/projects/${encodeURIComponent(project)}`;
      for (const project of projects.add) await api.put(path(project));
      for (const project of projects.remove) await api.del(path(project));
      return { sent: await api.get<ObjectDetail>(objectPath(saved.obj.name)) };
    },
    // The current version, for the conflict dialog to compare.
    onError: (error) => {
      if (name && conflictOf(error)) void client.invalidateQueries({ queryKey: objectKeys.detail(name) });
    },
    onSuccess: (recorded) => {
      if ('queued' in recorded) return client.invalidateQueries({ queryKey: outboxKeys.all });
      const saved = recorded.sent;
      if (name && name !== saved.obj.name) client.removeQueries({ queryKey: objectKeys.detail(name) });
      client.setQueryData(objectKeys.detail(saved.obj.name), saved);
      refreshObjects(client, saved.obj.name);
    },
  });
}

/**
 * Deletes the object (as of the version given, when given), then `leave`s its pages. Its own query is never refetched nor
 * dropped: a query dropped while its page still shows (a lazily loaded next page keeps
 * the old one up a moment longer) is fetched again and answers 404. Unobserved, the cache
 * lets it go; opened again, it asks the server and shows Not Found.
 */
export function useDeleteObject(name: string, leave: () => Promise<void> | void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version?: number) => api.del(objectPath(name), { version }),
    onSuccess: async () => {
      refreshObjects(client, name);
      await leave();
    },
  });
}

/**
 * The projects an object may be put in: with manageProjects any project (searched by
 * title), otherwise the user's own projects on which they hold edit.
 */
export function useEditableProjects(q: string) {
  const manager = useHasPermission('manageProjects');
  const list = useQuery({
    queryKey: projectKeys.editable(manager, q),
    queryFn: () => api.get<ProjectsResponse>('/projects', manager ? { q: q || undefined } : { mine: 'true' }).then((r) => r.projects),
    staleTime: 60_000,
  });
  const details = useQueries({
    queries: (manager ? [] : (list.data ?? [])).map((p) => ({
      queryKey: projectKeys.detail(p.slug),
      queryFn: () => api.get<ProjectDetail>(`/projects/${encodeURIComponent(p.slug)}`),
      staleTime: 60_000,
    })),
  });
  if (manager) return { projects: list.data ?? [], isPending: list.isPending };
  const editable = new Set(details.filter((d) => d.data?.permissions.includes('edit')).map((d) => d.data!.project.id));
  return { projects: (list.data ?? []).filter((p) => editable.has(p.id)), isPending: list.isPending || details.some((d) => d.isPending) };
}

type LinkKind = 'people' | 'institutions';
type LinkOf<K extends LinkKind> = K extends 'people' ? PersonLink : InstitutionLink;
/** What a change of a link answers: every link of its kind, in order. */
type LinksAnswer<K extends LinkKind> = K extends 'people' ? ObjectPeopleResponse : ObjectInstitutionsResponse;

/**
 * An object's people or institutions: every change shows at once (the spec's save,
 * reorder and remove) and the previous list comes back if the server refuses it.
 */
export function useObjectLinks<K extends LinkKind>(name: string, kind: K) {
  const client = useQueryClient();
  const key = objectKeys.detail(name);
  const path = (id: string) => `${objectPath(name)}/${kind}/${encodeURIComponent(id)}`;
  const setLinks = (links: LinkOf<K>[]) => client.setQueryData<ObjectDetail>(key, (old) => old && { ...old, obj: { ...old.obj, [kind]: links } });
  const optimistic = (change: (links: LinkOf<K>[]) => LinkOf<K>[]) => async () => {
    await client.cancelQueries({ queryKey: key });
    const previous = client.getQueryData<ObjectDetail>(key);
    if (previous) setLinks(change(previous.obj[kind] as LinkOf<K>[]));
    return { previous };
  };
  const rollback = (_e: unknown, _v: unknown, context?: { previous?: ObjectDetail }) => {
    if (context?.previous) client.setQueryData(key, context.previous);
  };
  const answer = (r: LinksAnswer<K>) => (r as Record<K, LinkOf<K>[]>)[kind];
  // Changes to one list reach the server in the order they were made.
  const scope = { id: `object-${name}-${kind}` };
  const done = (links: LinkOf<K>[]) => {
    setLinks(links);
    refreshObjects(client, name);
  };
  return {
    save: useMutation({
      scope,
      mutationFn: (link: LinkOf<K>) => api.put<LinksAnswer<K>>(path(targetOf(link).id), { role: link.role }).then(answer),
      onMutate: (link) => optimistic((links) => saveLink(links, link))(),
      onError: rollback,
      onSuccess: done,
    }),
    move: useMutation({
      scope,
      mutationFn: ({ id, position }: { id: string; position: number }) => api.put<LinksAnswer<K>>(path(id), { position }).then(answer),
      onMutate: ({ id, position }) => optimistic((links) => reorderLink(links, id, position))(),
      onError: rollback,
      onSuccess: done,
    }),
    remove: useMutation({
      scope,
      mutationFn: (id: string) => api.del<LinksAnswer<K>>(path(id)).then(answer),
      onMutate: (id) => optimistic((links) => removeLink(links, id))(),
      onError: rollback,
      onSuccess: done,
    }),
  };
}

const targetOf = (link: PersonLink | InstitutionLink) => ('person' in link ? link.person : link.institution);
