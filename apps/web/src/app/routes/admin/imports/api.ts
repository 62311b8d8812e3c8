import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ERROR_STATUS,
  IMPORT_PROGRESS_TYPE,
  type DataTable,
  type ErrorBody,
  type ImportPreview,
  type ImportProgress,
  type ImportSession,
  type ImportStreamLine,
  type MetadataSchema,
  type MetadataSchemaResponse,
  type PreviewShow,
} from '@observatory/shared';
import { useState } from 'react';
import { api, ApiError, requestStream } from '../../../../lib/api-client';
import { metadataSchemaPath } from '../../../../lib/metadata-schemas';
import { appConfigKeys, authKeys, isUnder, metadataSchemaKeys, objectTypeKeys, projectKeys } from '../../../../lib/query-keys';
import { importKeys } from '../../../query-keys';
import { withTextField } from './metadata-columns';
import { readNdjson } from './ndjson';
import type { ImportKind } from './options-url';
import { retryServerFaults } from '../../../../lib/errors';
import { useOneAtATime } from '../../../../lib/one-at-a-time';

/** Imports from spreadsheets: sessions (an uploaded file), previews and commits. */

export { useObjectTypes } from '../../../../lib/object-types';
export { projectObjectTypesQuery } from '../../../../lib/project-object-types';
export { metricQuery } from '../../../../lib/metrics';
export { useEditableProjects } from '../../../../features/objects/edit/api';
export { useProject } from '../../../../features/projects/api';

export type SessionSummary = Omit<ImportSession, 'sample' | 'columns'>;

const sessionsPath = '/data/import/sessions';
const sessionPath = (id: string) => `${sessionsPath}/${encodeURIComponent(id)}`;

/** The latest fifty imports, newest first. */
export const useImportSessions = (enabled = true) =>
  useQuery({
    queryKey: importKeys.sessionList,
    queryFn: () => api.get<{ sessions: SessionSummary[] }>(sessionsPath).then((r) => r.sessions),
    enabled,
    staleTime: 0,
  });

/** One session: its file, columns and first records. A missing or forbidden one is not asked again. */
export const useImportSession = (id: string | null) =>
  useQuery({
    queryKey: importKeys.session(id ?? ''),
    queryFn: () => api.get<{ session: ImportSession }>(sessionPath(id!)).then((r) => r.session),
    enabled: !!id,
    retry: retryServerFaults,
  });

/** Uploads a file: the new session, with the upload's progress (0..1) while it goes. */
export function useUploadSession() {
  const client = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setProgress(0);
      const form = new FormData();
      form.append('file', file);
      return api.postForm<{ session: ImportSession }>(sessionsPath, form, setProgress).then((r) => r.session);
    },
    onSuccess: (session) => {
      client.setQueryData(importKeys.session(session.id), session);
      void client.invalidateQueries({ queryKey: importKeys.sessionList });
    },
  });
  return { ...mutation, progress };
}

/** Reads another sheet of the session's workbook: new columns and records, so its previews are dropped. */
export function useChooseSheet(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sheet: string) => api.put<{ session: ImportSession }>(sessionPath(id), { sheet }).then((r) => r.session),
    onSuccess: (session) => {
      client.setQueryData(importKeys.session(id), session);
      client.removeQueries({ queryKey: importKeys.previews(id) });
    },
  });
}

export function useDiscardSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.del(sessionPath(id)),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: importKeys.session(id) });
      client.removeQueries({ queryKey: importKeys.previews(id) });
      void client.invalidateQueries({ queryKey: importKeys.sessionList });
    },
  });
}

/** Forgets every preview of a session: an option changed, so the next preview is asked afresh. */
export function useForgetPreviews() {
  const client = useQueryClient();
  return (session: string) => client.removeQueries({ queryKey: importKeys.previews(session) });
}

export interface ImportBody {
  session: string;
  options: unknown;
  show: PreviewShow;
  page: number;
}

/**
 * What an import would do (nothing is written): asked each time the preview is shown, as
 * the objects may have changed since; the page shown stays while another loads.
 */
export const previewQuery = (kind: ImportKind, body: ImportBody | null) =>
  queryOptions({
    queryKey: importKeys.preview(body?.session ?? '', kind, body ? JSON.stringify(body.options) : '', body?.show ?? 'all', body?.page ?? 1),
    queryFn: () => api.post<ImportPreview>(`/data/import/${kind}/preview`, body),
    enabled: !!body,
    staleTime: 0,
    gcTime: 60_000,
    // Planning a large file is work for the server: not again because the window regained focus.
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The fields of every member of a union, as one object type ({a} | {b} → {a, b}). */
type UnionToFields<U> = { [K in U extends unknown ? keyof U : never]: U extends Record<K, infer V> ? V : never };

/** A streamed error line as the error the client throws for an answer's error. */
function lineError(body: ErrorBody): ApiError {
  const status = ERROR_STATUS[body.code] ?? null;
  return new ApiError(status, body.code, body.error, body.error, body.details ?? []);
}

/**
 * Commits an import, its progress streamed (one JSON value a line) to `onProgress`; the
 * answer is the result, in the shape of a preview. An error before the stream starts (a
 * 400, 403, 503…) and an error line are thrown as ApiErrors. A server that answers plain
 * JSON instead is read as such.
 */
export async function commitImport(kind: ImportKind, body: ImportBody, onProgress: (progress: ImportProgress) => void): Promise<ImportPreview> {
  const res = await requestStream('POST', `/data/import/${kind}`, { body, accept: `${IMPORT_PROGRESS_TYPE}, application/json;q=0.5` });
  if (!res.body || !(res.headers.get('content-type') ?? '').includes(IMPORT_PROGRESS_TYPE)) return (await res.json()) as ImportPreview;
  try {
    for await (const value of readNdjson(res.body)) {
      // One of ImportStreamLine's shapes; anything else (a line a newer server adds) is passed over.
      const line = (value ?? {}) as Partial<UnionToFields<ImportStreamLine>>;
      if (line.progress) onProgress(line.progress);
      else if (line.result) return line.result;
      else if (line.error) throw lineError(line.error);
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // The connection dropped mid-way: whether the transaction committed is not known here.
    throw new ApiError(
      null,
      null,
      null,
      'The connection was lost before the import’s end was reported. Look at the past imports to see whether it was imported.',
    );
  }
  throw new ApiError(null, null, null, 'The import ended without a result. Look at the past imports to see whether it was imported.');
}

/** What an import changes nothing in: the app's configuration, the session, the previews (the commit forgot its session's). */
const UNCHANGED_BY_AN_IMPORT = [appConfigKeys.all, authKeys.all, importKeys.allPreviews];

/** A commit with its progress while it runs; once done, the answers that show what it changed are asked again. */
export function useCommitImport(kind: ImportKind) {
  const client = useQueryClient();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const mutation = useOneAtATime(
    useMutation({
      mutationFn: (body: ImportBody) => {
        setProgress(null);
        return commitImport(kind, body, setProgress);
      },
      onSettled: (_data, _error, body) => {
        client.removeQueries({ queryKey: importKeys.previews(body.session) });
        void client.invalidateQueries({ predicate: (q) => !UNCHANGED_BY_AN_IMPORT.some((root) => isUnder(q.queryKey, root)) });
      },
    }),
  );
  return { ...mutation, progress };
}

/**
 * Adds a text field to a metadata schema (manageSchema): a new version of the schema as the
 * server has it now (another administrator may have changed it since the types loaded). Done
 * once the types are loaded again, so the import's mapping knows the field.
 */
export function useAddMetadataField() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ schema: slug, key }: { schema: string; key: string }) => {
      const { schema } = await api.get<MetadataSchemaResponse>(metadataSchemaPath(slug));
      return api.put<MetadataSchema>(metadataSchemaPath(slug), { title: schema.title, schema: withTextField(schema.schema, key) });
    },
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: objectTypeKeys.all }), client.invalidateQueries({ queryKey: metadataSchemaKeys.all })]),
  });
}

/** A project's data tables (observations are written into one of them). */
export const useProjectDataTables = (project: string | null) =>
  useQuery({
    queryKey: projectKeys.dataTables(project ?? ''),
    queryFn: () => api.get<{ datatables: DataTable[] }>(`/projects/${encodeURIComponent(project!)}/datatables`).then((r) => r.datatables),
    enabled: !!project,
  });
