import { RevisionHistory } from '../../components/RevisionHistory';
import { revisionQuery, useRestoreRevision, useRevisions } from './api';

/** Saved versions of a project's documentation or of an update's text. */
export function Revisions({ slug, update }: { slug: string; update?: string }) {
  return (
    <RevisionHistory revisions={useRevisions(slug, update)} restore={useRestoreRevision(slug, update)} versionQuery={(id) => revisionQuery(slug, id, update)} />
  );
}
