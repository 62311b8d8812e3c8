/** Who to tell when a module's own state changes: `subscribe` as useSyncExternalStore takes it, `changed` to tell them. */
export function changeSignal() {
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    changed: () => listeners.forEach((listener) => listener()),
  };
}
