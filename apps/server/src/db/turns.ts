import { AppError } from '../lib/errors.js';
import type { Database, Db } from './client.js';

/**
 * A large write in turns. The embedded database has one connection for every request, so
 * a batch longer than `size` is written `size` items a turn, each turn its own transaction
 * (the caller checks and audits within it), and other requests are answered in between; on
 * a server, and for a batch of one turn, it is one transaction. A turn refused (a row its
 * check needs was deleted in between, or the queue was full) refuses the rest, and the
 * answer says how many were written first. Callers write idempotently, so a batch cut off
 * is completed by sending it again.
 */
export async function inTurns<T, R>(db: Database, items: readonly T[], size: number, noun: string, turn: (tx: Db, part: T[]) => Promise<R>): Promise<R[]> {
  if (db.kind === 'server' || items.length <= size) return [await db.transaction((tx) => turn(tx, [...items]))];
  const answers: R[] = [];
  for (let written = 0; written < items.length; written += size) {
    const answer = await db
      .transaction((tx) => turn(tx, items.slice(written, written + size)))
      .catch((error: unknown) => {
        if (!(error instanceof AppError) || written === 0) throw error;
        // The turn's own first problem, not its summary (which would say nothing was written).
        const why = error.details?.[0]?.message ?? error.message;
        throw new AppError(error.code, `${written} of ${items.length} ${noun} were written, the rest not: ${why}`, {
          ...(error.details ? { details: error.details } : {}),
          ...(error.current ? { current: error.current } : {}),
          headers: error.headers,
          cause: error,
        });
      });
    answers.push(answer);
  }
  return answers;
}

/** Whether `inTurns` writes this many items in more than one turn. */
export const writtenInTurns = (db: Database, count: number, size: number) => db.kind !== 'server' && count > size;
