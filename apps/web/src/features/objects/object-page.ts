import { useInfiniteQuery, useMutation, useMutationState, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Note, ObjectType, Photo } from '@observatory/shared';
import { createContext, useContext, useEffect } from 'react';
import type { ApiResponse, Conditional } from '../../lib/api-client';
import { errorText } from '../../lib/errors';
import { conflictOf } from '../../lib/versions';
import { useOneAtATime } from '../../lib/one-at-a-time';
import {
  addNote,
  changeNote,
  changePhoto,
  deleteNote,
  deletePhoto,
  fetchChildren,
  fetchNotes,
  fetchObject,
  fetchObjectTypes,
  fetchPhotos,
  objectChildrenQuery,
  objectNotesQuery,
  objectPhotosQuery,
  objectQuery,
  uploadPhoto,
  type ObjectDetail,
} from './api';
import { objectKeys, photoMutationKey } from './keys';
import { objectTypeKeys, outboxKeys } from '../../lib/query-keys';
import type { Recorded } from '../../lib/outbox/record';

/** The server calls an object's page makes: the real ones, or a test's through ObjectApiContext. */
export interface ObjectPageApi {
  fetchObject: (name: string) => Promise<ObjectDetail>;
  /** Every object type with its schema: one cached list, not a request per type. */
  fetchObjectTypes: () => Promise<ObjectType[]>;
  fetchChildren: typeof fetchChildren;
  fetchNotes: (name: string, page: number) => Promise<ApiResponse<{ notes: Note[] }>>;
  addNote: (name: string, content: string, objectTitle: string) => Promise<Recorded<Note>>;
  changeNote: (name: string, id: string, content: string, conditional?: Conditional) => Promise<Note>;
  deleteNote: (name: string, id: string, conditional?: Conditional) => Promise<unknown>;
  fetchPhotos: (name: string, page: number) => Promise<ApiResponse<{ photos: Photo[] }>>;
  uploadPhoto: (name: string, file: File, onProgress?: (fraction: number) => void, objectTitle?: string) => Promise<Recorded<Photo>>;
  changePhoto: (name: string, id: string, change: { caption: string | null }, conditional?: Conditional) => Promise<Photo>;
  deletePhoto: (name: string, id: string, conditional?: Conditional) => Promise<unknown>;
  /** Where a failed or incomplete object-type load goes: it is only logged. */
  log: (message: string, error: unknown) => void;
}

export const liveObjectApi: ObjectPageApi = {
  fetchObject,
  fetchObjectTypes,
  fetchChildren,
  fetchNotes,
  addNote,
  changeNote,
  deleteNote,
  fetchPhotos,
  uploadPhoto,
  changePhoto,
  deletePhoto,
  log: (message, error) => console.warn(message, error),
};

export const ObjectApiContext = createContext<ObjectPageApi>(liveObjectApi);
const useObjectApi = () => useContext(ObjectApiContext);

export const NOTES_PER_PAGE = 20;
export const PHOTOS_PER_PAGE = 50;

/**
 * An object and its types, in the spec's order (section 4): the object first (asked for
 * afresh: its permissions change with the session), then its types from the one cached
 * list of all types; a type missing from it, or a failed list, is only logged. `ready`
 * once the types have answered either way: photos, notes and children wait for it.
 */
export function useObjectPage(name: string) {
  const api = useObjectApi();
  const object = useQuery({ ...objectQuery(name, api.fetchObject), staleTime: 0 });
  const detail = object.data ?? null;
  const all = useQuery({ queryKey: objectTypeKeys.all, queryFn: () => api.fetchObjectTypes(), staleTime: 5 * 60_000, enabled: !!detail, retry: false });
  const slugs = detail?.obj.types.map((t) => t.slug) ?? [];
  const types = Object.fromEntries((all.data ?? []).filter((t) => slugs.includes(t.slug)).map((t) => [t.slug, t])) as Record<string, ObjectType>;
  const missing = all.data ? slugs.filter((slug) => !types[slug]).join(',') : '';
  useEffect(() => {
    for (const slug of missing ? missing.split(',') : []) api.log(`The object type ${slug} is not among the object types`, null);
  }, [api, missing]);
  useEffect(() => {
    if (all.error) api.log('The object types could not be loaded', all.error);
  }, [api, all.error]);
  return { object, detail, types, ready: !!detail && !all.isPending };
}

/** The object's children (its first 100), once its types have answered. */
export function useObjectChildren(name: string, detail: ObjectDetail | null, ready: boolean) {
  const api = useObjectApi();
  const children = useQuery({ ...objectChildrenQuery(name, detail?.obj.id ?? '', api.fetchChildren), enabled: ready });
  return { items: children.data ?? [], busy: children.isFetching, error: children.error ? errorText(children.error) : null };
}

type NotePages = InfiniteData<ApiResponse<{ notes: Note[] }>, unknown>;

/** Notes of all pages loaded, newest first; a note that moved to a later page since (a new one pushed it) shows once. */
const notesOf = (data: NotePages | undefined) => {
  const seen = new Set<string>();
  return (data?.pages ?? []).flatMap((p) => p.data.notes).filter((n) => !seen.has(n.id) && !!seen.add(n.id));
};
const countOf = (data: NotePages | undefined) => data?.pages.at(-1)?.pagination?.count ?? notesOf(data).length;

/** Every page's notes changed by `change`, and the count moved by `delta`. */
function changeNotes(data: NotePages | undefined, change: (notes: Note[], index: number) => Note[], delta = 0): NotePages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((p, i) => ({
      ...p,
      data: { ...p.data, notes: change(p.data.notes, i) },
      pagination: p.pagination && { ...p.pagination, count: Math.max(0, p.pagination.count + delta) },
    })),
  };
}

/** The notebook: page 1 once the types have answered, then a page more each time. */
export function useObjectNotes(name: string, ready: boolean) {
  const api = useObjectApi();
  const notes = useInfiniteQuery({ ...objectNotesQuery(name, api.fetchNotes), enabled: ready });
  return {
    items: notesOf(notes.data),
    loaded: !!notes.data,
    total: countOf(notes.data),
    perPage: notes.data?.pages[0]?.pagination?.limit || NOTES_PER_PAGE,
    busy: notes.isFetching,
    error: notes.error ? errorText(notes.error) : null,
    hasMore: notes.hasNextPage,
    loadMore: () => void notes.fetchNextPage(),
    reload: () => void notes.refetch(),
  };
}

/** Writes a new note: it goes to the top and counts. */
export function useAddNote(name: string, objectTitle: string) {
  const api = useObjectApi();
  const client = useQueryClient();
  return useOneAtATime(
    useMutation({
      // With no network too: the note is queued on this device.
      networkMode: 'always',
      mutationFn: (content: string) => api.addNote(name, content, objectTitle),
      onSuccess: (recorded) => {
        if ('queued' in recorded) return client.invalidateQueries({ queryKey: outboxKeys.all });
        const note = recorded.sent;
        client.setQueryData<NotePages>(objectKeys.page.notes(name), (data) => changeNotes(data, (notes, i) => (i === 0 ? [note, ...notes] : notes), 1));
      },
    }),
  );
}

/**
 * Saving and deleting one note: busy while either runs, the error of the last that failed.
 * A save is based on the version its editor started from (`conditional`); refused as
 * changed meanwhile (412), the notes are asked again and the editor's conflict dialog says
 * so, not this error. A deletion names the version shown, when given.
 */
export function useNoteActions(name: string, id: string) {
  const api = useObjectApi();
  const client = useQueryClient();
  const key = objectKeys.page.notes(name);
  const save = useMutation({
    mutationFn: ({ content, conditional }: { content: string; conditional?: Conditional }) => api.changeNote(name, id, content, conditional),
    onError: (error) => {
      if (conflictOf(error)) void client.invalidateQueries({ queryKey: key });
    },
    onSuccess: (saved) => client.setQueryData<NotePages>(key, (data) => changeNotes(data, (notes) => notes.map((n) => (n.id === id ? saved : n)))),
  });
  const remove = useMutation({
    mutationFn: (version?: number) => api.deleteNote(name, id, version === undefined ? undefined : { version }),
    onSuccess: () => client.setQueryData<NotePages>(key, (data) => changeNotes(data, (notes) => notes.filter((n) => n.id !== id), -1)),
  });
  // The error of the latest try, whichever it was.
  const latest = save.submittedAt >= remove.submittedAt ? save : remove;
  const shown = latest.error && !(latest === save && conflictOf(latest.error)) ? latest.error : null;
  return { save, remove, busy: save.isPending || remove.isPending, error: shown ? errorText(shown) : null };
}

/** A page of photos (the one shown stays while the next loads), once the types have answered. */
export function useObjectPhotos(name: string, page: number, ready: boolean) {
  const api = useObjectApi();
  const photos = useQuery({ ...objectPhotosQuery(name, page, api.fetchPhotos), enabled: ready });
  const answer = photos.data;
  return {
    items: answer?.data.photos ?? [],
    /** The page shown (0: none yet). */
    page: answer ? (answer.pagination?.page ?? page) : 0,
    total: answer?.pagination?.count ?? answer?.data.photos.length ?? 0,
    perPage: answer?.pagination?.limit || PHOTOS_PER_PAGE,
    busy: photos.isFetching,
    error: photos.error ? errorText(photos.error) : null,
    reload: () => void photos.refetch(),
  };
}

/** Every page of photos is asked for again when shown (one was added or removed). */
const refreshPhotos = (client: ReturnType<typeof useQueryClient>, name: string) => client.invalidateQueries({ queryKey: objectKeys.page.photos(name) });

/** Uploads a photo with its progress; then page 1, where the newest is, is shown afresh. */
export function useUploadPhoto(name: string, onProgress: (fraction: number) => void, showPage: (page: number) => void, objectTitle?: string) {
  const api = useObjectApi();
  const client = useQueryClient();
  return useMutation({
    // With no network too: the photo is queued on this device.
    networkMode: 'always',
    mutationFn: (file: File) => api.uploadPhoto(name, file, onProgress, objectTitle),
    onSuccess: async (recorded) => {
      if ('queued' in recorded) return client.invalidateQueries({ queryKey: outboxKeys.all });
      showPage(1);
      await refreshPhotos(client, name);
    },
  });
}

/**
 * Changing a photo's caption and deleting it. A caption saved replaces the photo on its
 * page; a deletion shows the page again (the one before when it was the last on it).
 */
export function usePhotoActions(name: string, id: string, shown: { page: number; count: number }, showPage: (page: number) => void) {
  const api = useObjectApi();
  const client = useQueryClient();
  const caption = useMutation({
    mutationKey: photoMutationKey(id),
    mutationFn: ({ caption, conditional }: { caption: string | null; conditional?: Conditional }) => api.changePhoto(name, id, { caption }, conditional),
    // Changed meanwhile (412): the photo as it is now, for the conflict dialog to compare.
    onError: (error) => {
      if (conflictOf(error)) void refreshPhotos(client, name);
    },
    onSuccess: (saved) =>
      client.setQueriesData<ApiResponse<{ photos: Photo[] }>>(
        { queryKey: objectKeys.page.photos(name) },
        (answer) => answer && { ...answer, data: { ...answer.data, photos: answer.data.photos.map((p) => (p.id === id ? saved : p)) } },
      ),
  });
  const remove = useMutation({
    mutationKey: photoMutationKey(id),
    mutationFn: (version?: number) => api.deletePhoto(name, id, version === undefined ? undefined : { version }),
    onSuccess: async () => {
      if (shown.count === 1 && shown.page > 1) showPage(shown.page - 1);
      await refreshPhotos(client, name);
    },
  });
  return { caption, remove };
}

/**
 * Whether a photo is being changed or deleted, and the error of the last try that failed
 * (a caption refused as changed meanwhile is its editor's conflict dialog's to tell).
 */
export function usePhotoState(id: string) {
  const states = useMutationState({ filters: { mutationKey: photoMutationKey(id) }, select: (m) => m.state });
  const last = states.at(-1);
  const captionRefused = typeof last?.variables === 'object' && last.variables !== null && 'caption' in last.variables && !!conflictOf(last.error);
  return { busy: last?.status === 'pending', error: last?.status === 'error' && !captionRefused ? errorText(last.error) : null };
}
