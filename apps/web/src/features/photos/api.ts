import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Photo, PhotoResult, PhotoSearchResponse, PhotosResponse } from '@observatory/shared';
import { api, type Conditional } from '../../lib/api-client';
import { conflictOf } from '../../lib/versions';
import { useCurrentUser } from '../../lib/auth';
import { retryServerFaults } from '../../lib/errors';
import { PHOTOS_PER_PAGE } from './photo-query';
import { objectPageKeys } from '../../lib/query-keys';
import { photoKeys } from './keys';

/** The search of all photos, or of one person's (their id or slug). */
export const photosPath = (person?: string) => (person ? `/people/${encodeURIComponent(person)}/photos` : '/photos');

/**
 * A page of a photo search: `query` is the API's query string (with p and n). Cached by
 * it and by who is signed in (photos are answered to those who may see what holds them);
 * the page shown stays while the next one loads.
 */
export function usePhotoSearch(path: string, query: string, enabled = true) {
  const auth = useCurrentUser();
  const login = auth.user?.username ?? null;
  const search = useQuery({
    queryKey: photoKeys.search(login, path, query),
    queryFn: ({ signal }) => api.get<PhotoSearchResponse>(path, Object.fromEntries(new URLSearchParams(query)), signal),
    enabled: enabled && !auth.isLoading,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
  const answer = search.data;
  const perPage = Number(new URLSearchParams(query).get('n')) || PHOTOS_PER_PAGE;
  return {
    photos: answer?.photos ?? [],
    /** The page shown, from 1 (0: none yet). */
    page: answer ? answer.cur_page + 1 : 0,
    pages: answer?.pages ?? 0,
    total: answer?.total_count ?? 0,
    perPage,
    /** Nothing to show yet. */
    loading: !answer && search.isFetching,
    busy: search.isFetching,
    /** What is shown is an older search's while this one loads. */
    stale: search.isPlaceholderData,
    /** The answer arrived (an empty page is then truly empty). */
    answered: search.isSuccess && !search.isPlaceholderData,
    error: search.error,
    refresh: () => void search.refetch(),
  };
}
export type PhotoSearchState = ReturnType<typeof usePhotoSearch>;

/** GET photos/{id}: one photo (the viewer opened on it from an address); 404 when the reader may not see it. */
export function usePhoto(id: string | null) {
  return useQuery({
    enabled: !!id,
    queryKey: photoKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<{ photo: PhotoResult }>(`/photos/${encodeURIComponent(id!)}`, undefined, signal).then((r) => r.photo),
    retry: retryServerFaults,
  });
}

const objectPhotoPath = (objectName: string, id: string) => `/data/obj/${encodeURIComponent(objectName)}/photos/${encodeURIComponent(id)}`;

/** After a photo changed: every search asks again (done when the ones shown have answered), and the object's own photo pages too. */
function refreshAfterChange(client: QueryClient, objectName: string): Promise<void> {
  void client.invalidateQueries({ queryKey: objectPageKeys.photos(objectName) });
  return client.invalidateQueries({ queryKey: photoKeys.all });
}

/** An object photo's pages are read in turn until `id` is among them: what its object lists of it, its version too. */
async function findListedPhoto(objectName: string, id: string): Promise<Photo> {
  for (let p = 1; ; p++) {
    const { data, pagination } = await api.page<PhotosResponse>(`/data/obj/${encodeURIComponent(objectName)}/photos`, { p });
    const found = data.photos.find((photo) => photo.id === id);
    if (found) return found;
    if (!data.photos.length || !pagination || p * pagination.limit >= pagination.count) throw new Error('The photo is no longer among its object’s photos');
  }
}

/**
 * An object photo of a search, as its object's photo pages list it: the search's answer
 * carries no version, which a caption's edit is based on. Read afresh for each edit (kept
 * only while it is open), again after a save refused as changed meanwhile.
 */
export function useListedPhoto(photo: PhotoResult) {
  const objectName = photo.object?.name ?? '';
  return useQuery({
    queryKey: photoKeys.listed(objectName, photo.id),
    queryFn: () => findListedPhoto(objectName, photo.id),
    enabled: !!photo.object,
    gcTime: 0,
    retry: false,
  });
}

/**
 * The caption of an object's photo (PUT data/obj/{name}/photos/{id} with {caption}), based
 * on the version its editor started from (`conditional`); shown at once in every search
 * holding it. Refused as changed meanwhile (412), the photo is read again, for the conflict
 * dialog to compare.
 */
export function useChangeCaption() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ photo, caption, conditional }: { photo: PhotoResult; caption: string | null; conditional?: Conditional }) =>
      api.put<unknown>(objectPhotoPath(photo.object!.name, photo.id), { caption }, conditional),
    onError: (error, { photo }) => {
      if (!conflictOf(error)) return;
      void client.invalidateQueries({ queryKey: photoKeys.listed(photo.object!.name, photo.id) });
      void refreshAfterChange(client, photo.object!.name);
    },
    onSuccess: (_saved, { photo, caption }) => {
      // Searches hold pages of photos; the viewer's one photo is under the same head.
      client.setQueriesData<PhotoSearchResponse | PhotoResult>({ queryKey: photoKeys.all }, (answer) => {
        if (!answer) return answer;
        if ('photos' in answer) return { ...answer, photos: answer.photos.map((p) => (p.id === photo.id ? { ...p, caption } : p)) };
        return answer.id === photo.id ? { ...answer, caption } : answer;
      });
      void refreshAfterChange(client, photo.object!.name);
    },
  });
}

/** Deletes an object's photo (DELETE data/obj/{name}/photos/{id}); pending until the searches shown have asked again. */
export function useDeletePhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (photo: PhotoResult) => api.del(objectPhotoPath(photo.object!.name, photo.id)),
    onSuccess: (_answer, photo) => refreshAfterChange(client, photo.object!.name),
  });
}
