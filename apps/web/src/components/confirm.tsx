import type { ReactNode } from 'react';
import { reloadForChunkError } from '../lib/chunk-reload';
import { registerOfflineCode } from '../lib/prefetch';
import { whenModalsListen } from './modal-host';

/**
 * The confirmations the web asks before an action: `confirmDelete` before anything is
 * deleted or taken away, `confirmAction` before anything else that cannot wait for a second
 * thought (restore a version, send a request), `confirmLeave` before unsaved changes are
 * left behind. The dialogs themselves (confirm-dialogs.tsx) load on first use.
 */

/** What the dialog says: one paragraph, or several (one a line). */
export type Message = ReactNode | ReactNode[];

export interface ActionConfirmation {
  /** The question: "Restore this version?" */
  title: string;
  /** What the action does. */
  message: Message;
  /** The button that goes ahead: "Restore". */
  confirmLabel: string;
  cancelLabel?: string;
  /** The button in the danger colour: the action cannot be taken back. */
  danger?: boolean;
  onConfirm: () => void;
}

export interface DeleteConfirmation {
  /** The question: "Delete the unit mg?" */
  title: string;
  /** What is deleted and what goes with it ("This cannot be undone."). */
  message: Message;
  /** The button that deletes: "Delete" unless said ("Remove", "Delete page"). */
  confirmLabel?: string;
  /** The button that keeps it: "Keep it" unless said. */
  cancelLabel?: string;
  /** A deletion that takes much with it asks for its name (or title) typed first. */
  typed?: { label: string; value: string; description?: string };
  /**
   * Deletes. Most screens start a mutation and show its progress on the button that asked
   * and its error beside it: the dialog closes at once. A promise keeps the dialog open and
   * busy until it settles: closed when it resolves, its error shown in the dialog (titled
   * `failureTitle`) when it rejects.
   */
  onConfirm: () => void | Promise<unknown>;
  failureTitle?: string;
}

const loadDialogs = () => import('./confirm-dialogs');
// Removing what is kept, or discarding what waits to be sent, asks with no network too.
registerOfflineCode(loadDialogs);
type Dialogs = Awaited<ReturnType<typeof loadDialogs>>;

/** Loads the dialogs (once) and asks; a chunk that fails to load is reported as any other error. */
function ask(open: (dialogs: Dialogs) => void) {
  void Promise.all([loadDialogs(), whenModalsListen()]).then(
    ([dialogs]) => open(dialogs),
    (error: unknown) => {
      if (!reloadForChunkError(error)) reportError(error);
    },
  );
}

/** Asks before an action that deletes nothing; the dialog closes as the action starts, which starts once. */
export const confirmAction = (confirmation: ActionConfirmation) => ask((d) => d.confirmAction(confirmation));

/**
 * Asks before leaving a form or editor whose changes are not saved: "Stay" keeps the page
 * as it is, "Leave" goes on. Closing the dialog any other way (Escape, outside) stays.
 */
export const confirmLeave = (question: { what: string; onLeave: () => void; onStay: () => void }) => ask((d) => d.confirmLeave(question));

/** Asks before a deletion (or a removal: a role taken away, a link undone). */
export const confirmDelete = (confirmation: DeleteConfirmation) => ask((d) => d.confirmDelete(confirmation));
