/** What the imports share: how records are numbered, answered, refused and reported on while written. */
import { isDeepStrictEqual } from 'node:util';
import { IMPORT_PREVIEW_PAGE, type ImportPreview, type ImportProgress, type PreviewRecord, type PreviewShow } from '@observatory/shared';
import { AppError } from '../../lib/errors.js';

/** The row of a file's first record: the header is row 1. */
export const FIRST_ROW = 2;
/** Refused records a failed commit names. */
const NAMED_ERRORS = 20;

/** Told how a commit is getting on: the route streams it to the screen. */
export type OnProgress = (progress: ImportProgress) => void;
export const noProgress: OnProgress = () => {};

/** Which records an answer lists: those `show` asks for, a page of a session's. */
export interface PreviewView {
  show: PreviewShow;
  page: number;
}

/** A commit with any record in error writes nothing: a 400 naming each (the first 20) as records.<row>.<column>. */
export function refuseIfErrors(records: Pick<PreviewRecord, 'row' | 'status' | 'errors'>[]): void {
  const refused = records.filter((r) => r.status === 'error');
  if (refused.length === 0) return;
  const details = refused.flatMap((r) => r.errors.map((e) => ({ field: `records.${r.row}.${e.column ?? 'record'}`, message: `Row ${r.row}: ${e.message}` })));
  throw new AppError(
    'VALIDATION_FAILED',
    `${refused.length} record${refused.length === 1 ? ' has an error' : 's have errors'}: nothing was imported. ${details[0]!.message}`,
    {
      details: details.slice(0, NAMED_ERRORS),
    },
  );
}

/** What a session's commit kept of itself. */
interface CommittedSession {
  kind: string | null;
  options: unknown;
  stats: unknown;
  records: number;
  committedAt: Date | null;
}

/** A value as JSON keeps it (undefined fields dropped), to compare options sent with options kept. */
const asStored = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null));

/**
 * A session is imported once: a commit of a session already committed (a second click, a
 * retry) runs nothing and answers what its commit did, as the session kept it (its stats;
 * its records' plans are not kept, so none are listed). Asked as another kind or with other
 * options, it is a 409 naming when and how it was imported. Null: not committed yet.
 */
export function committedAnswer(session: CommittedSession, kind: string, options: unknown): ImportPreview | null {
  if (!session.committedAt) return null;
  if (session.kind !== kind || !isDeepStrictEqual(asStored(session.options), asStored(options))) {
    throw new AppError(
      'CONFLICT',
      `This file was imported already, as ${session.kind?.replace('_', ' ') ?? 'something else'} on ${session.committedAt.toISOString()}, with ${session.kind === kind ? 'other options' : 'its own options'}: a file is imported once. Upload it again to import it again`,
      { details: [{ field: 'body.session', message: 'Imported already' }] },
    );
  }
  return { stats: (session.stats ?? {}) as Record<string, number>, records: [], total: session.records, matching: 0, page: 1, pages: 1, committed: true };
}

const shows = (show: PreviewShow, r: Pick<PreviewRecord, 'status' | 'operation'>) =>
  show === 'all' || (show === 'error' ? r.status === 'error' : r.operation === show);

/**
 * A preview's or a commit's answer: the stats of every record, and the records the view
 * asks for (all of a request's own, a page of a session's).
 */
export function answerOf<R extends PreviewRecord>(
  records: R[],
  stats: Record<string, number>,
  view: PreviewView,
  fromSession: boolean,
  committed: boolean,
): ImportPreview {
  const matching = records.filter((r) => shows(view.show, r));
  const perPage = fromSession ? IMPORT_PREVIEW_PAGE : Math.max(1, matching.length);
  const start = (view.page - 1) * perPage;
  return {
    stats,
    records: matching.slice(start, start + perPage),
    total: records.length,
    matching: matching.length,
    page: view.page,
    pages: Math.max(1, Math.ceil(matching.length / perPage)),
    committed,
  };
}

/** Records written per set of statements: each batch reports its progress. */
export const WRITE_BATCH = 1000;

/** The batches of a list (of `size` items), reporting each as written once it is. */
export async function inBatches<T>(items: T[], onProgress: OnProgress, write: (batch: T[]) => Promise<void>, size = WRITE_BATCH): Promise<void> {
  onProgress({ phase: 'writing', done: 0, total: items.length });
  for (let start = 0; start < items.length; start += size) {
    const batch = items.slice(start, start + size);
    await write(batch);
    onProgress({ phase: 'writing', done: start + batch.length, total: items.length });
  }
}
