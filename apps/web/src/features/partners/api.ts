import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category, Institution, InstitutionDetail } from '@observatory/shared';
import { institutionsQuery } from '../../components/pickers/lists';
import { api, type Conditional } from '../../lib/api-client';
import { institutionKeys } from '../../lib/query-keys';
import { conflictOf } from '../../lib/versions';

/** GET institutions/{id}: a partner institution with its people. */
export type PartnerDetail = InstitutionDetail;

export function useInstitutions() {
  return useQuery(institutionsQuery());
}

export function usePartner(slug: string) {
  return useQuery({ queryKey: institutionKeys.detail(slug), queryFn: () => api.get<PartnerDetail>(`/institutions/${encodeURIComponent(slug)}`) });
}

type InstitutionInput = Partial<Omit<Institution, 'id' | 'slug' | 'logo'>>;

/**
 * Adds an institution with an id made here, or changes one (based on the version its form
 * started from: `conditional`, its If-Match); the lists and its page refetch.
 */
export function useSaveInstitution() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, conditional }: { id: string | null; input: InstitutionInput; conditional?: Conditional }) =>
      id ? api.put<Institution>(`/institutions/${id}`, input, conditional) : api.post<Institution>(`/institutions/${crypto.randomUUID()}`, input),
    // Refused as changed meanwhile (412): the current version, for the conflict dialog to compare.
    onError: (error) => {
      if (conflictOf(error)) void client.invalidateQueries({ queryKey: institutionKeys.details });
    },
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: institutionKeys.all });
      void client.invalidateQueries({ queryKey: institutionKeys.details });
      return saved;
    },
  });
}

export function useDeleteInstitution() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version?: number }) => api.del(`/institutions/${id}`, { version }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: institutionKeys.all });
      // Marked stale, not asked again: the deleted partner's page, still shown, would answer 404.
      void client.invalidateQueries({ queryKey: institutionKeys.details, refetchType: 'none' });
    },
  });
}

/** Institutions grouped by category in the categories' order; the uncategorised last. */
export function groupByCategory(institutions: Institution[], categories: Category[]) {
  const groups = [...categories]
    .sort((a, b) => a.position - b.position)
    .map((category) => ({ category, institutions: institutions.filter((i) => i.categoryId === category.id) }));
  const known = new Set(categories.map((c) => c.id));
  const rest = institutions.filter((i) => !i.categoryId || !known.has(i.categoryId));
  return [...groups.filter((g) => g.institutions.length > 0), ...(rest.length ? [{ category: null, institutions: rest }] : [])];
}
