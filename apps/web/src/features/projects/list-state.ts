import type { ProjectListItem, ProjectsResponse } from '@observatory/shared';
import { ApiError, type ApiResponse } from '../../lib/api-client';
import { objectLoadErrorText } from '../../lib/errors';

/** Project list state (spec section 3): what the catalogue shows. */
export interface ProjectListState {
  projects: ProjectListItem[];
  currentPage: number;
  totalRows: number;
  /** 25 until the server's pagination-limit header says otherwise. */
  perPage: number;
  busy: boolean;
  error: string | null;
  /** The query of the list shown (or being loaded). */
  query: string;
}

export const initialListState: ProjectListState = { projects: [], currentPage: 0, totalRows: 0, perPage: 25, busy: false, error: null, query: '' };

export type Fetcher = (query: string, page: number) => Promise<ApiResponse<ProjectsResponse>>;

/**
 * The project list's behaviours (spec section 4): a search sets busy and clears the
 * error; success stores the list and paging; failure ends busy and keeps the error text;
 * a search for the page already shown is skipped unless forced. Later answers win over
 * earlier ones still in flight.
 */
export function createProjectList(fetch: Fetcher) {
  let state = initialListState;
  let latest = 0;
  const listeners = new Set<() => void>();
  const set = (next: Partial<ProjectListState>) => {
    state = { ...state, ...next };
    listeners.forEach((l) => l());
  };
  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async search(query: string, page: number, options: { force?: boolean } = {}): Promise<void> {
      const shown = !state.error && state.currentPage === page && state.query === query && (state.busy || state.currentPage > 0);
      if (shown && !options.force) return;
      const call = ++latest;
      set({ busy: true, error: null, query });
      try {
        const { data, pagination } = await fetch(query, page);
        if (call !== latest) return;
        set({
          busy: false,
          projects: data.projects,
          currentPage: pagination?.page ?? page,
          totalRows: pagination?.count ?? data.projects.length,
          perPage: pagination?.limit ?? state.perPage,
        });
      } catch (error) {
        if (call !== latest || (error instanceof DOMException && error.name === 'AbortError')) return;
        set({ busy: false, error: error instanceof ApiError || error instanceof Error ? objectLoadErrorText(error) : String(error) });
      }
    },
  };
}
export type ProjectList = ReturnType<typeof createProjectList>;
