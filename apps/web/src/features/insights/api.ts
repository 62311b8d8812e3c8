import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Comment, ImageRef, InsightDetail, ProseMirrorDoc, RevisionDetail, RevisionsResponse, TeamsResponse } from '@observatory/shared';
import { createContext, useContext } from 'react';
import { api, type Conditional } from '../../lib/api-client';
import { errorText, retryServerFaults } from '../../lib/errors';
import { useOneAtATime } from '../../lib/one-at-a-time';
import { conflictOf } from '../../lib/versions';
import { insightKeys } from './keys';
import { insightPath } from './search-api';

/** GET insights/tags: the tags of the insights the reader may see, most used first. */
export function useInsightTags() {
  return useQuery({
    queryKey: insightKeys.tags,
    queryFn: () => api.get<{ tags: { tag: string; count: number }[] }>('/insights/tags').then((r) => r.tags),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

// One insight

/** 404s and 403s show the route's error screen; nothing is retried. No key: nothing asked. */
export function useInsight(key: string) {
  return useQuery({
    enabled: key !== '',
    queryKey: insightKeys.detail(key),
    queryFn: () => api.get<InsightDetail>(insightPath(key)),
    retry: retryServerFaults,
  });
}

export interface InsightFields {
  title: string;
  tags: string[];
  /** The team's slug, or null. */
  team: string | null;
  /** Object names, in order. */
  objects: string[];
  visibility: 'public' | 'signed-in' | 'members';
}

/** After any insight is written, searches are forgotten (nothing loaded: the next one asks again). */
function forgetSearches(client: QueryClient) {
  client.removeQueries({ queryKey: insightKeys.searches });
  void client.invalidateQueries({ queryKey: insightKeys.tags });
}

/**
 * Write a new insight (no key) or change one (based on the version its form started from:
 * `conditional`, its If-Match); the detail is kept under its number and id.
 */
export function useSaveInsight(key: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ conditional, ...input }: { insight: InsightFields; doc: ProseMirrorDoc | null; conditional?: Conditional }) =>
      key ? api.put<InsightDetail>(insightPath(key), input, conditional) : api.post<InsightDetail>('/insights', input),
    // Refused as changed meanwhile (412): the current version, for the conflict dialog to compare.
    onError: (error) => {
      if (conflictOf(error)) void client.invalidateQueries({ queryKey: insightKeys.details });
    },
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: insightKeys.details });
      client.setQueryData(insightKeys.detail(String(saved.insight.num)), saved);
      client.setQueryData(insightKeys.detail(saved.insight.id), saved);
      void client.invalidateQueries({ queryKey: insightKeys.revisions(saved.insight.id) });
      forgetSearches(client);
    },
  });
}

export function useDeleteInsight() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version?: number }) => api.del(insightPath(id), { version }),
    // The deleted insight's own queries are left to expire: removing them while its page is
    // still shown would ask for them again (a 404) before the page goes.
    onSuccess: () => forgetSearches(client),
  });
}

/** The teams the signed-in user belongs to (GET teams?mine=true): an insight's team is one of them. */
export function useMyTeams() {
  return useQuery({ queryKey: insightKeys.myTeams, queryFn: () => api.get<TeamsResponse>('/teams', { mine: 'true' }).then((r) => r.teams) });
}

// Revisions of an insight's text (its editors only)

const revisionsPath = (id: string) => `${insightPath(id)}/revisions`;

export function useInsightRevisions(id: string) {
  return useQuery({ queryKey: insightKeys.revisions(id), queryFn: () => api.get<RevisionsResponse>(revisionsPath(id)).then((r) => r.revisions) });
}

/** One saved version of an insight's text (none while `rid` is null). */
export const insightRevisionQuery = (id: string, rid: string | null) =>
  queryOptions({ queryKey: insightKeys.revision(id, rid), queryFn: () => api.get<RevisionDetail>(`${revisionsPath(id)}/${rid}`), enabled: !!rid });

export function useRestoreInsightRevision(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rid: string) => api.post<InsightDetail>(`${revisionsPath(id)}/${rid}/restore`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: insightKeys.details });
      void client.invalidateQueries({ queryKey: insightKeys.revisions(id) });
      forgetSearches(client);
    },
  });
}

// Comments

export interface CommentInput {
  content: string;
  /** An uploaded image's asset id, or null. */
  photo: string | null;
}

/** The comment calls: the real ones, or a test's through InsightsApiContext. */
export interface CommentsApi {
  fetchComments: (insightId: string) => Promise<Comment[]>;
  addComment: (insightId: string, input: CommentInput) => Promise<Comment>;
  /** PUT and DELETE name the insight by its number (spec section 7); `conditional`: the version the write is based on (its If-Match). */
  changeComment: (insightNum: number, id: string, input: CommentInput, conditional?: Conditional) => Promise<Comment>;
  deleteComment: (insightNum: number, id: string, conditional?: Conditional) => Promise<unknown>;
  uploadPhoto: (insightId: string, file: File, onProgress?: (fraction: number) => void) => Promise<ImageRef>;
}

const commentPath = (num: number, id: string) => `${insightPath(num)}/comments/${encodeURIComponent(id)}`;

export const liveCommentsApi: CommentsApi = {
  fetchComments: (insightId) => api.get<{ comments: Comment[] }>(`${insightPath(insightId)}/comments`).then((r) => r.comments),
  addComment: (insightId, input) => api.post<{ comment: Comment }>(`${insightPath(insightId)}/comments`, input).then((r) => r.comment),
  changeComment: (num, id, input, conditional) => api.put<{ comment: Comment }>(commentPath(num, id), input, conditional).then((r) => r.comment),
  deleteComment: (num, id, conditional) => api.del(commentPath(num, id), conditional),
  uploadPhoto: (insightId, file, onProgress) => {
    const form = new FormData();
    form.append('file', file);
    return api.postForm<{ photo: ImageRef }>(`${insightPath(insightId)}/comment-photos`, form, onProgress).then((r) => r.photo);
  },
};

export const CommentsApiContext = createContext<CommentsApi>(liveCommentsApi);
const useCommentsApi = () => useContext(CommentsApiContext);

/** Oldest first. */
const byTime = (comments: Comment[]) => [...comments].sort((a, b) => a.timestamp.localeCompare(b.timestamp));

export function useComments(insightId: string) {
  const calls = useCommentsApi();
  const list = useQuery({ queryKey: insightKeys.comments(insightId), queryFn: () => calls.fetchComments(insightId).then(byTime), retry: retryServerFaults });
  return {
    items: list.data ?? [],
    loaded: !!list.data,
    busy: list.isFetching,
    error: list.error ? errorText(list.error) : null,
    reload: () => void list.refetch(),
  };
}

/** The insight's comment count, moved by `delta` wherever its detail is cached. */
function countComment(client: QueryClient, insightId: string, delta: number) {
  client.setQueriesData<InsightDetail>({ queryKey: insightKeys.details }, (old) =>
    old && old.insight.id === insightId ? { ...old, insight: { ...old.insight, comments: Math.max(0, old.insight.comments + delta) } } : old,
  );
}

type InsightRef = { id: string; num: number };

/** Writes a comment: it goes last (oldest first) and counts. */
export function useAddComment(insight: InsightRef) {
  const calls = useCommentsApi();
  const client = useQueryClient();
  return useOneAtATime(
    useMutation({
      mutationFn: (input: CommentInput) => calls.addComment(insight.id, input),
      onSuccess: (comment) => {
        client.setQueryData<Comment[]>(insightKeys.comments(insight.id), (old) => (old ? [...old.filter((c) => c.id !== comment.id), comment] : old));
        countComment(client, insight.id, 1);
      },
    }),
  );
}

/** Uploads a photo for a comment about to be written (the comment then names it). */
export function useUploadCommentPhoto(insightId: string, onProgress?: (fraction: number) => void) {
  const calls = useCommentsApi();
  return useMutation({ mutationFn: (file: File) => calls.uploadPhoto(insightId, file, onProgress) });
}

/**
 * Saving and deleting one comment (spec section 4): busy while either runs; on failure
 * an error and busy cleared; on success replaced by the server's comment, or removed.
 * Both are based on the version the comment was listed at (`conditional`, `version`); a
 * save refused as changed meanwhile (412) asks for the comments again and shows no error
 * (the conflict dialog says it).
 */
export function useCommentActions(insight: InsightRef, id: string) {
  const calls = useCommentsApi();
  const client = useQueryClient();
  const key = insightKeys.comments(insight.id);
  const save = useMutation({
    mutationFn: ({ conditional, ...input }: CommentInput & { conditional?: Conditional }) => calls.changeComment(insight.num, id, input, conditional),
    onError: (error) => {
      if (conflictOf(error)) void client.invalidateQueries({ queryKey: key });
    },
    onSuccess: (saved) => client.setQueryData<Comment[]>(key, (old) => old?.map((c) => (c.id === id ? saved : c))),
  });
  const remove = useMutation({
    mutationFn: (version?: number) => calls.deleteComment(insight.num, id, { version }),
    onSuccess: () => {
      client.setQueryData<Comment[]>(key, (old) => old?.filter((c) => c.id !== id));
      countComment(client, insight.id, -1);
    },
  });
  // The error of the latest try, whichever it was.
  const latest = save.submittedAt >= remove.submittedAt ? save : remove;
  const shown = latest.error && !(latest === save && conflictOf(latest.error)) ? latest.error : null;
  return { save, remove, busy: save.isPending || remove.isPending, error: shown ? errorText(shown) : null };
}
