import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * Mantine's dialogs open through window events that its ModalsProvider listens for. The
 * app mounts the provider the first time a dialog is asked for, so a first visit loads no
 * dialog code (the first-visit budget, docs/performance.md).
 */
const ModalsProvider = lazy(() => import('@mantine/modals').then((m) => ({ default: m.ModalsProvider })));

let mountHost: (() => void) | null = null;
let listening: Promise<void> | null = null;
let heard = () => {};

/**
 * Resolves once a ModalsProvider listens. Without the app's host (a test that renders its
 * own provider) at once.
 */
export function whenModalsListen(): Promise<void> {
  const mount = mountHost;
  if (!mount) return Promise.resolve();
  listening ??= new Promise<void>((resolve) => {
    heard = resolve;
    mount();
  });
  return listening;
}

/** A child's effects run before its parent's: the provider's listeners are attached by the next task. */
function Listening() {
  useEffect(() => {
    const timer = setTimeout(heard, 0);
    return () => clearTimeout(timer);
  }, []);
  return null;
}

/** Where the app's dialogs are drawn: nothing until the first is asked for. */
export function ModalHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    mountHost = () => setWanted(true);
    return () => {
      mountHost = null;
      listening = null;
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <ModalsProvider>
        <Listening />
      </ModalsProvider>
    </Suspense>
  ) : null;
}
