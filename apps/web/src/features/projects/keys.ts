import { projectKeys as shared } from '../../lib/query-keys';

/**
 * Projects: the shared keys (lib/query-keys) and a project's own: the history of its
 * documentation or of an update's text (`update` null for the documentation), its updates
 * and its members.
 */
export const projectKeys = {
  ...shared,
  /** Every history of the project's texts. */
  allRevisions: (slug: string) => ['revisions', slug] as const,
  revisions: (slug: string, update: string | null) => ['revisions', slug, update] as const,
  revision: (slug: string, update: string | null, id: string | null) => ['revision', slug, update, id] as const,
  updates: (slug: string) => ['updates', slug] as const,
  /** Every update of the project, and one. */
  updateDetails: (slug: string) => ['update', slug] as const,
  update: (slug: string, update: string) => ['update', slug, update] as const,
  members: (slug: string) => ['project-members', slug] as const,
};

/** The key of every removal of a publication under way from a project (its variables are the publications' ids). */
export const removePublicationMutationKey = (projectId: string) => ['project-publication-remove', projectId] as const;
