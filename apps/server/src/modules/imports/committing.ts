import { AppError } from '../../lib/errors.js';

/**
 * The import sessions whose commit is being written in turns (the embedded database's, so
 * one process's): between turns no other transaction holds their row, so their commit, sheet
 * and deletion are refused here until the last turn is in.
 */
const committing = new Set<string>();

export const claimSession = (id: string) => committing.add(id);
export const releaseSession = (id: string) => committing.delete(id);

/** A 409 while the session's file is being imported in turns. */
export function refuseWhileCommitting(id: string): void {
  if (committing.has(id)) throw new AppError('CONFLICT', 'This file is being imported: wait for the import to end');
}
