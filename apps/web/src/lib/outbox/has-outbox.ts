import { useSyncExternalStore } from 'react';
import { hasOutbox, OUTBOX_EVENT } from '../device-user';

function subscribe(onChange: () => void) {
  window.addEventListener(OUTBOX_EVENT, onChange);
  // Another tab's queue started or emptied.
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(OUTBOX_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Whether the user recorded something on this device that is not sent yet (kept current). */
export const useHasOutbox = (username: string | null | undefined) =>
  useSyncExternalStore(
    subscribe,
    () => !!username && hasOutbox(username),
    () => false,
  );
