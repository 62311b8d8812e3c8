import { matchRoutes, type RouteObject } from 'react-router';

/** What a lazily loaded screen's route carries: how to load its code ahead of the click. */
export interface RouteHandle {
  load: () => Promise<unknown>;
  /** The code its screen loads later, on its own (an editor, a map): loaded too when the screen is kept for use offline. */
  parts?: () => Promise<unknown>;
}

let routes: RouteObject[] = [];
const done = new Set<RouteHandle>();

export function registerRoutes(all: RouteObject[]): void {
  routes = all;
}

/** Loads the code of the routes `path` matches, once, so the click renders at once. */
export function prefetchRoute(path: string): void {
  for (const match of matchRoutes(routes, path) ?? []) {
    const handle = match.route.handle as RouteHandle | undefined;
    if (typeof handle?.load === 'function' && !done.has(handle)) {
      done.add(handle);
      void handle.load().catch(() => done.delete(handle));
    }
  }
}

/** Code every screen may load later (the user menu, the header's line of what waits to be sent): kept with anything kept. */
const offlineCode: (() => Promise<unknown>)[] = [];

/** Called by the module that loads `load` lazily, beside its lazy(): one import, one list of what it needs. */
export function registerOfflineCode(load: () => Promise<unknown>): void {
  offlineCode.push(load);
}

/** Loads the code every screen may need with no network (see registerOfflineCode). */
export const loadOfflineCode = () => Promise.all(offlineCode.map((load) => load().catch(() => undefined)));

/** Loads the code of the routes `path` matches and of their later parts: a screen kept to open with no network (lib/kept). */
export async function loadForOffline(path: string): Promise<void> {
  prefetchRoute(path);
  for (const match of matchRoutes(routes, path) ?? []) {
    const handle = match.route.handle as RouteHandle | undefined;
    await Promise.all([handle?.load(), handle?.parts?.()]);
  }
}
