/** What the object and relation imports share: how records are numbered, shown and refused. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { AppError } from '../../lib/errors.js';

/** Records a session's preview answers (its stats count them all). */
export const PREVIEW_PAGE = 100;
/** The row of a file's first record: the header is row 1. */
export const FIRST_ROW = 2;
/** Refused records a failed commit names. */
const NAMED_ERRORS = 20;

/** A commit with any record in error writes nothing: a 400 naming each (the first 20) as records.<row>.<column>. */
export function refuseIfErrors(records: { row: number; status: 'ok' | 'error'; errors: { column: number | null; message: string }[] }[]): void {
  const refused = records.filter((r) => r.status === 'error');
  if (refused.length === 0) return;
  const details = refused.flatMap((r) => r.errors.map((e) => ({ field: `records.${r.row}.${e.column ?? 'record'}`, message: `Row ${r.row}: ${e.message}` })));
  throw new AppError('VALIDATION_FAILED', `${refused.length} record${refused.length === 1 ? ' has an error' : 's have errors'}: nothing was imported. ${details[0]!.message}`, {
    details: details.slice(0, NAMED_ERRORS),
  });
}

/** The records an answer lists: all of a request's own, the first page of a session's. */
export const shownRecords = <T>(records: T[], fromSession: boolean) => (fromSession ? records.slice(0, PREVIEW_PAGE) : records);

/** Records written between turns of the event loop. */
const WRITES_PER_TURN = 100;

/**
 * Lets the event loop take a turn every WRITES_PER_TURN writes. The embedded database
 * answers in microtasks, so a long commit would otherwise keep the server from even
 * reading other requests, which then could not time out with their 503.
 */
export async function letOthersIn(written: number): Promise<void> {
  if (written % WRITES_PER_TURN === WRITES_PER_TURN - 1) await nextTurn();
}
