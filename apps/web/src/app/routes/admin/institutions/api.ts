import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoriesResponse, InstitutionsResponse } from '@observatory/shared';
import { api } from '../../../../lib/api-client';
import { institutionKeys } from '../../../../lib/query-keys';
import { addAtTop, moveInOrder } from './categories';

export type InstitutionsData = InstitutionsResponse;

export function useInstitutionsAdmin() {
  return useQuery({ queryKey: institutionKeys.all, queryFn: () => api.get<InstitutionsData>('/institutions') });
}

type Category = InstitutionsData['categories'][number];

/** Changes to the categories go to the server one after another, in the order made: a move right after an add finds the category. */
const categoriesScope = { id: 'institution-categories' };

/**
 * A change of the categories; the server answers them all, in order, and the cached list
 * takes them. With `expected`, the change shows at once (optimistically, in order with the
 * others); if the server refuses, the old list comes back and the error reaches the caller
 * (spec: institution store).
 */
function useCategoriesChange<I>(mutationFn: (input: I) => Promise<CategoriesResponse>, expected?: (categories: Category[], input: I) => Category[]) {
  const client = useQueryClient();
  const key = institutionKeys.all;
  const setCategories = (categories: Category[]) => client.setQueryData<InstitutionsData>(key, (old) => old && { ...old, categories });
  return useMutation({
    ...(expected ? { scope: categoriesScope } : {}),
    mutationFn,
    onMutate: async (input: I) => {
      if (!expected) return {};
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<InstitutionsData>(key);
      if (previous) setCategories(expected(previous.categories, input));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
    },
    onSuccess: ({ categories }) => setCategories(categories),
  });
}

const categoryPath = (id: string) => `/institution_categories/${id}`;

/** Reorders: the list moves at once. */
export const useMoveCategory = () =>
  useCategoriesChange(
    (move: { id: string; position: number }) => api.put<CategoriesResponse>(categoryPath(move.id), { position: move.position }),
    (categories, move) => moveInOrder(categories, move.id, move.position),
  );

/** A new category with an id made here; it goes to the top at once. */
export const useAddCategory = () =>
  useCategoriesChange(
    (added: { id: string; name: string }) => api.post<CategoriesResponse>(categoryPath(added.id), { name: added.name }),
    (categories, added) => addAtTop(categories, added),
  );

export const useRenameCategory = () =>
  useCategoriesChange((input: { id: string; name: string }) => api.put<CategoriesResponse>(categoryPath(input.id), { name: input.name }));

export const useDeleteCategory = () => useCategoriesChange((id: string) => api.del<CategoriesResponse>(categoryPath(id)));
