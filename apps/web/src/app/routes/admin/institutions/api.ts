import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoriesResponse, InstitutionsResponse } from '@observatory/shared';
import { api } from '../../../../lib/api-client';
import { institutionKeys } from '../../../../lib/query-keys';
import { addAtTop, moveInOrder } from './categories';

export type InstitutionsData = InstitutionsResponse;

export function useInstitutionsAdmin() {
  return useQuery({ queryKey: institutionKeys.all, queryFn: () => api.get<InstitutionsData>('/institutions') });
}

/** Changes to the categories go to the server one after another, in the order made: a move right after an add finds the category. */
const categoriesScope = { id: 'institution-categories' };

/**
 * Reorders optimistically: the list moves at once; if the server refuses, the old
 * order comes back and the error is rethrown to the caller (spec: institution store).
 */
export function useMoveCategory() {
  const client = useQueryClient();
  return useMutation({
    scope: categoriesScope,
    mutationFn: (move: { id: string; position: number }) => api.put<CategoriesResponse>(`/institution_categories/${move.id}`, { position: move.position }),
    onMutate: async (move) => {
      await client.cancelQueries({ queryKey: institutionKeys.all });
      const previous = client.getQueryData<InstitutionsData>(institutionKeys.all);
      if (previous)
        client.setQueryData<InstitutionsData>(institutionKeys.all, { ...previous, categories: moveInOrder(previous.categories, move.id, move.position) });
      return { previous };
    },
    onError: (_error, _move, context) => {
      if (context?.previous) client.setQueryData(institutionKeys.all, context.previous);
    },
    onSuccess: ({ categories }) => client.setQueryData<InstitutionsData>(institutionKeys.all, (old) => old && { ...old, categories }),
  });
}

/** A new category with an id made here; it goes to the top. */
export function useAddCategory() {
  const client = useQueryClient();
  return useMutation({
    scope: categoriesScope,
    mutationFn: (added: { id: string; name: string }) => api.post<CategoriesResponse>(`/institution_categories/${added.id}`, { name: added.name }),
    onMutate: async (added) => {
      await client.cancelQueries({ queryKey: institutionKeys.all });
      const previous = client.getQueryData<InstitutionsData>(institutionKeys.all);
      if (previous) client.setQueryData<InstitutionsData>(institutionKeys.all, { ...previous, categories: addAtTop(previous.categories, added) });
      return { previous };
    },
    onError: (_error, _added, context) => {
      if (context?.previous) client.setQueryData(institutionKeys.all, context.previous);
    },
    onSuccess: ({ categories }) => client.setQueryData<InstitutionsData>(institutionKeys.all, (old) => old && { ...old, categories }),
  });
}

export function useRenameCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; name: string }) => api.put<CategoriesResponse>(`/institution_categories/${input.id}`, { name: input.name }),
    onSuccess: ({ categories }) => client.setQueryData<InstitutionsData>(institutionKeys.all, (old) => old && { ...old, categories }),
  });
}

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.del<CategoriesResponse>(`/institution_categories/${id}`),
    onSuccess: ({ categories }) => client.setQueryData<InstitutionsData>(institutionKeys.all, (old) => old && { ...old, categories }),
  });
}
