import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProjectDetail, ProjectFile, SignedUrlResponse } from '@observatory/shared';
import { api, type Conditional } from '../../../lib/api-client';
import { conflictOf } from '../../../lib/versions';
import { projectKeys } from '../keys';

const filesPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/files`;
const filePath = (projectId: string, fileId: string) => `${filesPath(projectId)}/${fileId}`;

export type FileVersion = ProjectFile['versions'][number];

/** Shared with other screens (lib/bytes); kept here for this feature's callers. */
export { formatBytes } from '../../../lib/bytes';

/** A form with the fields first and the file last, so the server checks the fields before it stores a byte. */
function uploadForm(file: File, fields: Record<string, string | null | undefined> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value) form.append(name, value);
  form.append('file', file);
  return form;
}

/** An upload with its progress (0..1) while it runs. */
function useUpload<I, O>(
  slug: string,
  send: (input: I, onProgress: (fraction: number) => void) => Promise<O>,
  onSuccess?: (client: QueryClient, saved: O) => void,
) {
  const client = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (input: I) => {
      setProgress(0);
      return send(input, setProgress);
    },
    onSuccess: (saved) => onSuccess?.(client, saved),
    onSettled: () => client.invalidateQueries({ queryKey: projectKeys.detail(slug) }),
  });
  return { ...mutation, progress };
}

/** A new file with its first version. */
export const useAddFile = (project: { id: string; slug: string }) =>
  useUpload(project.slug, (input: { file: File; name?: string; description?: string }, onProgress) =>
    api.postForm<ProjectFile>(filesPath(project.id), uploadForm(input.file, { name: input.name?.trim(), description: input.description?.trim() }), onProgress),
  );

/** The next version of a file. */
export const useAddVersion = (project: { id: string; slug: string }, fileId: string) =>
  useUpload(
    project.slug,
    (file: File, onProgress) => api.postForm<FileVersion>(`${filePath(project.id, fileId)}/version`, uploadForm(file), onProgress),
    (client, version) => client.setQueryData<ProjectDetail>(projectKeys.detail(project.slug), (old) => old && withNewVersion(old, fileId, version)),
  );

/** A new version goes to the front of its file's version list (spec: project store). */
export function withNewVersion(detail: ProjectDetail, fileId: string, version: FileVersion): ProjectDetail {
  return {
    ...detail,
    files: detail.files.map((f) => (f.id === fileId ? { ...f, versions: [version, ...f.versions.filter((v) => v.version !== version.version)] } : f)),
  };
}

/** The project's files are asked for again after a write, and after one refused as changed meanwhile (412): its current version, to compare. */
function useFileWrite<I, O>(slug: string, mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onError: (error) => {
      if (conflictOf(error)) void client.invalidateQueries({ queryKey: projectKeys.details });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.detail(slug) }),
  });
}

/** A new name or description, based on the version the editor started from (`conditional`: its If-Match). */
export const useChangeFile = (project: { id: string; slug: string }, fileId: string) =>
  useFileWrite(project.slug, ({ conditional, ...input }: { name: string; description: string | null; conditional?: Conditional }) =>
    api.put<ProjectFile>(filePath(project.id, fileId), input, conditional),
  );

/** Deletes a file, as of the version shown. */
export const useDeleteFile = (project: { id: string; slug: string }) =>
  useFileWrite(project.slug, ({ id, version }: { id: string; version?: number }) => api.del(filePath(project.id, id), { version }));

export const useDeleteVersion = (project: { id: string; slug: string }, fileId: string) =>
  useFileWrite(project.slug, (version: number) => api.del<ProjectFile>(`${filePath(project.id, fileId)}/${version}`));

/**
 * Downloads a version: asks the server for a signed URL (valid a few minutes), then lets
 * the browser open it; the answer is an attachment, so the page stays where it is.
 */
export function useDownload(project: { id: string }) {
  return useMutation({
    mutationFn: async ({ fileId, version }: { fileId: string; version: number | 'latest' }) => {
      const { url } = await api.get<SignedUrlResponse>(`/auth/sign/projects/${encodeURIComponent(project.id)}/files/${fileId}/${version}`);
      window.location.assign(url);
      return url;
    },
  });
}
