import { matchRoutes, type RouteObject } from 'react-router';

let routes: RouteObject[] = [];
const done = new Set<string>();

export function registerRoutes(all: RouteObject[]): void {
  routes = all;
}

/** Loads the code of the routes `path` matches, once, so the click renders at once. */
export function prefetchRoute(path: string): void {
  for (const match of matchRoutes(routes, path) ?? []) {
    const key = match.route.id ?? match.route.path ?? '';
    const lazy = match.route.lazy;
    if (typeof lazy === 'function' && !done.has(key)) {
      done.add(key);
      void lazy().catch(() => done.delete(key));
    }
  }
}
