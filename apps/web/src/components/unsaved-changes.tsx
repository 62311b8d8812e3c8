import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { guardNavigation, type NavigationGuard } from '../lib/navigation';
import { confirmLeave } from './confirm';
import { changeSignal } from '../lib/change-signal';

/**
 * The forms and editors now holding unsaved changes, each with what it edits. One store for
 * the whole page: the history takes one guard, and a page may hold several forms.
 */
const unsaved = new Map<symbol, string>();
const { subscribe, changed } = changeSignal();
const hasUnsaved = () => unsaved.size > 0;
/** What the form changed last edits ("this update"). */
const lastEdited = () => [...unsaved.values()].at(-1) ?? 'this page';

/**
 * Marks the calling form or editor as holding unsaved changes while `dirty`: leaving the page
 * (a link, Back or Forward, a reload, closing the tab) then asks first. `what` names what is
 * edited in the question: "Your changes to this update will be lost."
 *
 * A save that navigates calls `saved()` just before: until the page changes the form's values
 * still differ from those it started with, and its own navigation must not ask.
 */
export function useUnsavedChanges(dirty: boolean, what = 'this page') {
  const [id] = useState(() => Symbol(what));
  useEffect(() => {
    if (!dirty) return;
    unsaved.set(id, what);
    changed();
    return () => {
      unsaved.delete(id);
      changed();
    };
  }, [id, dirty, what]);
  const saved = useCallback(() => {
    if (unsaved.delete(id)) changed();
  }, [id]);
  return { saved };
}

/** Only a change of page asks: a form stays through its page's own search and tab changes. */
const guard: NavigationGuard = {
  blocks: (from, to) => hasUnsaved() && from !== to,
  ask: (leave, stay) => confirmLeave({ what: lastEdited(), onLeave: leave, onStay: stay }),
};

/** The browser's own question before a reload or closing the tab (it shows its own text). */
const askBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();

/**
 * Asks "Leave without saving?" when a navigation would leave unsaved changes behind, and has
 * the browser ask before the page unloads while there are any. Mounted once, in the root route.
 */
export function UnsavedChangesGuard() {
  const dirty = useSyncExternalStore(subscribe, hasUnsaved);
  useEffect(() => {
    guardNavigation(guard);
    return () => guardNavigation(null);
  }, []);
  useEffect(() => {
    if (!dirty) return;
    window.addEventListener('beforeunload', askBeforeUnload);
    return () => window.removeEventListener('beforeunload', askBeforeUnload);
  }, [dirty]);
  return null;
}
