/**
 * Drafts: the unsaved fields of a document editor (project documentation, an update, an
 * insight, a page, a note, a comment), kept in this browser's localStorage per user and
 * resource until they are saved or discarded, so a reload, a closed tab or Back loses no text.
 * Stored as `draft:<user>:<kind>:<resource>` → `{ savedAt, fields }`; lib/use-draft offers
 * them back, and signing out forgets every draft of the user who leaves.
 */

export type DraftKind = 'project' | 'update' | 'insight' | 'page' | 'note' | 'comment';

export interface Draft<T> {
  /** When it was last written (milliseconds since the epoch). */
  savedAt: number;
  fields: T;
}

// Encoded: a colon in a name must not make one user's prefix another's.
const userPrefix = (user: string) => `draft:${encodeURIComponent(user)}:`;

/** `resource`: the edited resource's key as its address names it, or `new:<parent>` for one being written. */
export const draftKey = (user: string, kind: DraftKind, resource: string) => `${userPrefix(user)}${kind}:${resource}`;

// Storage may be unavailable (private mode) or full: then there are simply no drafts.
export function readDraft<T>(key: string): Draft<T> | null {
  try {
    const draft = JSON.parse(localStorage.getItem(key) ?? 'null') as Draft<T> | null;
    return draft && typeof draft.savedAt === 'number' && 'fields' in draft ? draft : null;
  } catch {
    return null;
  }
}

export function writeDraft<T>(key: string, fields: T): void {
  try {
    localStorage.setItem(key, JSON.stringify({ savedAt: Date.now(), fields } satisfies Draft<T>));
  } catch {
    // the form still holds the text
  }
}

export function removeDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}

/** On sign-out: what a user wrote stays with nobody else on this browser. */
export function removeUserDrafts(user: string): void {
  try {
    const prefix = userPrefix(user);
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter((key) => key?.startsWith(prefix));
    keys.forEach((key) => localStorage.removeItem(key!));
  } catch {
    // nothing stored
  }
}

/**
 * Fields as one comparable text: equal for the same values whatever the order of their keys
 * (a document as the server sends it and as the editor gives it back).
 */
export function canonicalFields(fields: unknown): string {
  const sorted = (_: string, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value;
  return JSON.stringify(fields, sorted) ?? '';
}
