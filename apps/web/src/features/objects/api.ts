import { infiniteQueryOptions, keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type GeoObjectFeatureCollection,
  type GeoObjectListItem,
  type GeoObjectsResponse,
  type Note,
  type NotesResponse,
  type ObjectDetail,
  type ObservationInput,
  type ObservationsWritten,
  type Photo,
  type PhotosResponse,
  type ProjectDetail,
} from '@observatory/shared';
import { saveFile } from '../../lib/download';
import { spreadsheetDownload, spreadsheetParams, type SpreadsheetKey } from '../../lib/spreadsheet-downloads';
import { api, type ApiResponse, type Conditional } from '../../lib/api-client';
import { sendOrQueue } from '../../lib/outbox/record';
import { positionIfAllowed } from '../../lib/device-position';
import { objectKeys } from './keys';
import { retryServerFaults } from '../../lib/errors';

export type { ObjectDetail };
/** One row of the catalogue (GET data/obj): no metadata, people or institutions; geo only with geo=true. */
export type ObjectListItem = GeoObjectListItem;

export const objectPath = (name: string) => `/data/obj/${encodeURIComponent(name)}`;

export const fetchObject = (name: string) => api.get<ObjectDetail>(objectPath(name));
export const objectQuery = (name: string, fetch = fetchObject) =>
  queryOptions({ queryKey: objectKeys.detail(name), queryFn: () => fetch(name), retry: retryServerFaults });
export const useObject = (name: string) => useQuery(objectQuery(name));

export { fetchObjectTypes, useObjectTypes } from '../../lib/object-types';

/** The spec's children request: up to 100, with their geometry for the map. */
export const fetchChildren = (parentId: string) =>
  api.page<GeoObjectsResponse>('/data/obj', { parent: parentId, limit: 100, geo: 'true' }).then((r) => r.data.objects);

/** A page of the catalogue: `query` is the filters as a query string (q, type, project, parent). */
export const fetchObjects = (query: string, p: number) => api.page<GeoObjectsResponse>('/data/obj', { ...Object.fromEntries(new URLSearchParams(query)), p });

/** The same query as a GeoJSON FeatureCollection (for the map view). */
export const fetchObjectsGeoJson = (query: string, p: number) =>
  api.get<GeoObjectFeatureCollection>('/data/obj', { ...Object.fromEntries(new URLSearchParams(query)), p, format: 'geojson' });

/** What the catalogue exports: GeoJSON, or a spreadsheet download (CSV, CSV for Excel, XLSX). */
export type ObjectsDownload = 'geojson' | SpreadsheetKey;

/** The catalogue's query (without its page) as one streamed file of every matching object (all=1). */
export function exportQuery(query: string, download: ObjectsDownload): Record<string, string> {
  const params = new URLSearchParams(query);
  params.delete('p');
  params.delete('limit');
  for (const [key, value] of Object.entries(download === 'geojson' ? { format: 'geojson' } : spreadsheetParams(download))) params.set(key, value);
  params.set('all', '1');
  return Object.fromEntries(params);
}

/**
 * Downloads an export with the caller's session (members-only objects included when they
 * may see them): fetched as a file, then saved through a temporary link.
 */
export async function downloadExport(query: string, download: ObjectsDownload): Promise<void> {
  const blob = await api.blob('/data/obj', exportQuery(query, download));
  const extension = download === 'geojson' ? 'geojson' : spreadsheetDownload(download).extension;
  saveFile(blob, `objects.${extension}`);
}

// Notes

export const fetchNotes = (name: string, p: number): Promise<ApiResponse<NotesResponse>> => api.page<NotesResponse>(`${objectPath(name)}/notes`, { p });
/** A new note; with no network, queued on this device (lib/outbox) to be sent when it returns. */
export const addNote = (name: string, content: string, objectTitle: string) =>
  sendOrQueue<Note>({ kind: 'note', title: `Note on ${objectTitle}`, object: name, method: 'POST', path: `${objectPath(name)}/notes`, body: { content } });
/** A note's new text, based on the version given (`conditional`: its If-Match). */
export const changeNote = (name: string, id: string, content: string, conditional?: Conditional) =>
  api.put<Note>(`${objectPath(name)}/notes/${id}`, { content }, conditional);
export const deleteNote = (name: string, id: string, conditional?: Conditional) => api.del<null>(`${objectPath(name)}/notes/${id}`, conditional);

// Readings

/** A project with its data tables and what the caller may do with it (the Readings tab offers the tables of those they may edit). */
export const fetchProject = (slug: string) => api.get<ProjectDetail>(`/projects/${encodeURIComponent(slug)}`);

/** Readings of the object in a project's data table (one transaction); with no network, queued on this device (lib/outbox). */
export const recordReadings = (project: string, table: string, object: { name: string; title: string }, observations: ObservationInput[]) =>
  sendOrQueue<ObservationsWritten>({
    kind: 'observations',
    title: `Readings at ${object.title}`,
    object: object.name,
    method: 'POST',
    path: `/projects/${encodeURIComponent(project)}/datatables/${encodeURIComponent(table)}/observations`,
    body: { observations },
  });

// Photos

export const fetchPhotos = (name: string, p: number): Promise<ApiResponse<PhotosResponse>> => api.page<PhotosResponse>(`${objectPath(name)}/photos`, { p });
/**
 * A photo, with the device's position when the user has allowed the site to read it (never
 * asked here): the server takes it where the photo's EXIF has none. With no network, queued
 * on this device (lib/outbox) with its file and the time it was recorded.
 */
export async function uploadPhoto(name: string, file: File, onProgress?: (fraction: number) => void, objectTitle = name) {
  const body = { file, fileName: file.name, ...(await positionIfAllowed()) };
  return sendOrQueue<Photo>(
    { kind: 'photo', title: `Photo for ${objectTitle}`, object: name, method: 'POST', path: `${objectPath(name)}/photos`, body },
    onProgress,
  );
}
/** A photo's new caption (or object), based on the version given (`conditional`: its If-Match). */
export const changePhoto = (name: string, id: string, change: { caption?: string | null; object?: string }, conditional?: Conditional) =>
  api.put<Photo>(`${objectPath(name)}/photos/${id}`, change, conditional);
export const deletePhoto = (name: string, id: string, conditional?: Conditional) => api.del<null>(`${objectPath(name)}/photos/${id}`, conditional);

// What an object's page shows beside the object: its query options (keys: objectKeys.page).
// The server calls can be given (the page's hook tests give a fake server).

export const objectChildrenQuery = (name: string, id: string, fetch = fetchChildren) =>
  queryOptions({ queryKey: objectKeys.page.children(name, id), queryFn: () => fetch(id) });

type NotesFetcher = (name: string, page: number) => Promise<ApiResponse<{ notes: Note[] }>>;
/** The notebook, page by page; a page more while the notes shown (each once) are fewer than the count. */
export const objectNotesQuery = (name: string, fetch: NotesFetcher = fetchNotes) =>
  infiniteQueryOptions({
    queryKey: objectKeys.page.notes(name),
    queryFn: ({ pageParam }) => fetch(name, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      new Set(all.flatMap((p) => p.data.notes.map((n) => n.id))).size < (last.pagination?.count ?? 0) ? all.length + 1 : undefined,
  });

type PhotosFetcher = (name: string, page: number) => Promise<ApiResponse<{ photos: Photo[] }>>;
/** A page of photos; the page shown stays while the next loads. */
export const objectPhotosQuery = (name: string, page: number, fetch: PhotosFetcher = fetchPhotos) =>
  queryOptions({ queryKey: objectKeys.page.photoPage(name, page), queryFn: () => fetch(name, page), placeholderData: keepPreviousData });
