import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DataTable, DataTableInput, ProjectObjectTypes } from '@observatory/shared';
import { api, type Conditional } from '../../../../lib/api-client';
import { conflictOf } from '../../../../lib/versions';
import { projectObjectTypesPath, projectObjectTypesQuery } from '../../../../lib/project-object-types';
import { projectKeys } from '../../../../lib/query-keys';
import { projectPath } from '../../../../features/projects/api';

/** What a project catalogues: its object types and its data tables (by the project's id; its page is under its slug). */

export { useMetrics } from '../../../../lib/metrics';
export { useObjectTypes } from '../../../../lib/object-types';

export const useProjectObjectTypes = (id: string) => useQuery(projectObjectTypesQuery(id));

export function useSaveProjectObjectTypes(id: string, slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (types: string[]) => api.put<ProjectObjectTypes>(projectObjectTypesPath(id), { types }).then((r) => r.types),
    onSuccess: (saved) => {
      client.setQueryData(projectKeys.objectTypes(id), saved);
      void client.invalidateQueries({ queryKey: projectKeys.detail(slug) });
    },
  });
}

const tablesPath = (id: string, table?: string) => `${projectPath(id)}/datatables${table ? `/${encodeURIComponent(table)}` : ''}`;

export const useDataTables = (id: string) =>
  useQuery({ queryKey: projectKeys.dataTables(id), queryFn: () => api.get<{ datatables: DataTable[] }>(tablesPath(id)).then((r) => r.datatables) });

/** The tables here and on the project's page. */
function refreshTables(client: QueryClient, id: string, slug: string) {
  void client.invalidateQueries({ queryKey: projectKeys.dataTables(id) });
  void client.invalidateQueries({ queryKey: projectKeys.detail(slug) });
}

/**
 * Adds a table (no `table`) or changes one, based on the version its editor started from
 * (`conditional`: its If-Match). Refused as changed meanwhile (412), the tables are asked
 * again, for the conflict dialog to compare.
 */
export function useSaveDataTable(id: string, slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ table, input, conditional }: { table?: string; input: DataTableInput; conditional?: Conditional }) =>
      (table ? api.put<{ datatable: DataTable }>(tablesPath(id, table), input, conditional) : api.post<{ datatable: DataTable }>(tablesPath(id), input)).then(
        (r) => r.datatable,
      ),
    onError: (error) => {
      if (conflictOf(error)) refreshTables(client, id, slug);
    },
    onSuccess: () => refreshTables(client, id, slug),
  });
}

/** Deletes a table with its observations, as of the version shown. */
export function useDeleteDataTable(id: string, slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ table, version }: { table: string; version?: number }) => api.del(tablesPath(id, table), { version }),
    onSuccess: () => refreshTables(client, id, slug),
  });
}
