import { TIMESTAMP_MAX_AHEAD_S } from '@observatory/shared';
import { invalidField } from './errors.js';

/**
 * Checks the author a note's or comment's body names (spec §7: author, content, timestamp)
 * against the one it is written under: the caller for a new one, its author for a change
 * (as GET answered it). Naming that one, or none (left out or null), is fine. No policy lets
 * anyone write in another's name, so naming someone else is refused (400 naming
 * body.author) rather than silently ignored.
 */
export function checkAuthor(named: string | null | undefined, author: string | null, change: boolean): void {
  if (named === undefined || named === null || named === author) return;
  throw invalidField(
    'body.author',
    change
      ? 'The author stays as it is: send the author GET answered, or leave it out'
      : 'You write as yourself: the author may only be your own person id, or left out',
  );
}

/**
 * When a body says a note or comment was written (written offline, say), at most
 * TIMESTAMP_MAX_AHEAD_S ahead of the server's clock (400 naming body.timestamp beyond);
 * undefined when it says nothing.
 */
export function writtenAt(timestamp: string | null | undefined, now = Date.now()): Date | undefined {
  if (timestamp === undefined || timestamp === null) return undefined;
  const at = new Date(timestamp);
  if (at.getTime() > now + TIMESTAMP_MAX_AHEAD_S * 1000) {
    throw invalidField(
      'body.timestamp',
      `In the future: at most ${TIMESTAMP_MAX_AHEAD_S / 60} minutes ahead of the server’s clock (${new Date(now).toISOString()})`,
    );
  }
  // The ISO pattern lets the year 0 through (an offset may reach it too); the database's calendar starts at 1.
  if (at.getUTCFullYear() < 1) throw invalidField('body.timestamp', 'Times start with the year 1');
  return at;
}
