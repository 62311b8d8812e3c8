import { useQuery } from '@tanstack/react-query';
import type { Category, Institution } from '@observatory/shared';
import { api } from '../../lib/api-client';

export interface PartnerDetail {
  institution: Institution;
  permissions: string[];
  people: { id: string; slug: string; name: string; photo: string | null; title: string | null; primary: boolean }[];
  projects: unknown[];
}

export const institutionsKey = ['institutions'] as const;

export function useInstitutions() {
  return useQuery({ queryKey: institutionsKey, queryFn: () => api.get<{ institutions: Institution[]; categories: Category[] }>('/institutions') });
}

export function usePartner(slug: string) {
  return useQuery({ queryKey: ['institution', slug], queryFn: () => api.get<PartnerDetail>(`/institutions/${encodeURIComponent(slug)}`) });
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
