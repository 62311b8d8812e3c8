/**
 * What notes on objects and comments on insights share (spec §7: a body of author, content
 * and timestamp): who wrote one and when, as a body may name them.
 */
import { z } from 'zod';

/** How far ahead of the server's clock a note's or comment's `timestamp` may be: a device's clock may run a little fast. */
export const TIMESTAMP_MAX_AHEAD_S = 5 * 60;

/**
 * The author a body may name: the person's id, or the author as GET answers it ({id, …}).
 * The caller is the author of what they write, and a change keeps its author: naming
 * anyone else is refused (400 naming body.author), naming the author GET answered is
 * always fine. Left out or null: the caller (a new one), unchanged (a change).
 */
export const AuthorInputSchema = z
  .union([z.uuid(), z.object({ id: z.uuid() }).transform((author) => author.id)], {
    error: 'Give the author’s person id, or the author as GET answers it ({id})',
  })
  .transform((id) => id.toLowerCase())
  .nullable()
  .optional()
  .describe('The author: the caller’s person id (or, on a change, its author’s), or the author as GET answers it; anyone else is refused');

/** When a note or comment was written, as a body may say: left out or null, now. */
export const TimestampInputSchema = z.iso
  .datetime({ offset: true, error: 'Give a date and time with its offset (ISO 8601: 2024-07-01T10:30:00Z)' })
  .nullable()
  .optional()
  .describe(
    `When it was written (say, offline on a phone), ISO 8601 with an offset; at most ${TIMESTAMP_MAX_AHEAD_S / 60} minutes ahead of the server’s clock. Left out: now (a new one), unchanged (a change)`,
  );
