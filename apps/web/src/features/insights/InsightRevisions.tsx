import { RevisionHistory } from '../../components/RevisionHistory';
import { insightRevisionQuery, useInsightRevisions, useRestoreInsightRevision } from './api';

/** Saved versions of an insight's text, newest first: open one, or make it current again. */
export function InsightRevisions({ id }: { id: string }) {
  return <RevisionHistory revisions={useInsightRevisions(id)} restore={useRestoreInsightRevision(id)} versionQuery={(rid) => insightRevisionQuery(id, rid)} />;
}
