import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, hasAccessToken } from './api-client';
import { useCurrentUser } from './auth';
import { canonicalFields, draftKey, readDraft, removeDraft, writeDraft, type Draft, type DraftKind } from './drafts';

/** How long after the last change a draft is written. */
const WRITE_DELAY_MS = 500;

export interface DraftOptions<T> {
  kind: DraftKind;
  /** The resource's key as its address names it, `new:<parent>` for a new one; null while no editor is open. */
  resource: string | null;
  /** The editor's fields now. */
  fields: T;
  /** The fields as saved (a new one's: empty): a draft the same is neither kept nor offered. */
  stored: T;
  /** Puts a draft's fields back into the editor. */
  onRestore: (fields: T) => void;
}

export interface DraftState<T> {
  /** The draft found as the editor opened, differing from what is stored: offered until restored or discarded. */
  offer: Draft<T> | null;
  restore: () => void;
  discard: () => void;
  /** The fields are saved, or the edit given up (Cancel): their draft goes. */
  clear: () => void;
  /** Counts restores: the rich-text editor's key, as it reads its document once. */
  restored: number;
}

/**
 * Keeps a document editor's unsaved fields as a draft of the signed-in user (lib/drafts),
 * written a moment after each change and at once when the editor closes or the page goes;
 * offers a draft found when the editor opens; forgets it once saved or discarded.
 */
export function useDraft<T>({ kind, resource, fields, stored, onRestore }: DraftOptions<T>): DraftState<T> {
  const user = useCurrentUser().user?.username;
  const key = user && resource !== null ? draftKey(user, kind, resource) : null;
  const current = canonicalFields(fields);
  const original = canonicalFields(stored);
  const latest = useRef({ fields, current, original });
  useEffect(() => {
    latest.current = { fields, current, original };
  });
  // The fields as the editor opened (or was last saved); null once they have changed since.
  const start = useRef<string | null>(null);
  const pending = useRef<{ key: string; fields: T; same: boolean } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [offer, setOffer] = useState<Draft<T> | null>(null);
  const [restored, setRestored] = useState(0);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const write = pending.current;
    pending.current = null;
    // None after signing out, which forgot the user's drafts.
    if (!write || !hasAccessToken()) return;
    if (write.same) removeDraft(write.key);
    else writeDraft(write.key, write.fields);
  }, []);

  // As the editor opens: a draft differing from what is stored is offered, one the same dropped.
  useEffect(() => {
    start.current = latest.current.current;
    const found = key ? readDraft<T>(key) : null;
    const differs = !!found && canonicalFields(found.fields) !== latest.current.original;
    if (key && found && !differs) removeDraft(key);
    setOffer(differs ? found : null);
    return flush;
  }, [key, flush]);

  // Each change is written a moment later; changed back to what is stored, the draft goes.
  useEffect(() => {
    if (!key || (start.current !== null && current === start.current)) return;
    start.current = null;
    pending.current = { key, fields: latest.current.fields, same: current === original };
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, WRITE_DELAY_MS);
  }, [key, current, original, flush]);

  // A reload or a closed tab keeps the last keystrokes too.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [flush]);

  const restore = () => {
    if (!offer) return;
    onRestore(offer.fields);
    setOffer(null);
    setRestored((n) => n + 1);
  };
  const discard = () => {
    // Only the draft offered: text typed since has replaced it.
    if (key && offer && readDraft(key)?.savedAt === offer.savedAt) removeDraft(key);
    setOffer(null);
  };
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
    if (key) removeDraft(key);
    start.current = latest.current.current;
    setOffer(null);
  }, [key]);
  return { offer, restore, discard, clear, restored };
}

/** A Mantine form's `onRestore`: the draft's values, judged against what is stored again (not the form's earlier edits). */
export const restoreForm =
  <T>(form: { setValues: (values: T) => void; setDirty: (dirty: Record<string, boolean>) => void }) =>
  (fields: T) => {
    form.setValues(fields);
    form.setDirty({});
  };

/** Forgets the draft of a resource its editor's load answers 404 for: gone, or hidden from the user now. */
export function useForgetDraftWhenGone(kind: DraftKind, resource: string, error: unknown) {
  const user = useCurrentUser().user?.username;
  const gone = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (gone && user) removeDraft(draftKey(user, kind, resource));
  }, [gone, user, kind, resource]);
}
