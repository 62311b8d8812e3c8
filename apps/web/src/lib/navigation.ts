import { useSyncExternalStore } from 'react';
import { UNSAFE_createBrowserHistory, type Location, type To } from 'react-router';
import { changeSignal } from './change-signal';

/**
 * The app's history: the browser's, with a guard that may stop a navigation and ask first
 * (unsaved changes), and a count of the screens' code being loaded (the progress bar). The
 * router renders it with `unstable_HistoryRouter` and `useRoutes`: React Router's data
 * router brings those two and much else, 18 KB more of gzip on every first visit
 * (docs/architecture.md, "First visit").
 */
export type History = ReturnType<typeof UNSAFE_createBrowserHistory>;
type Update = Parameters<Parameters<History['listen']>[0]>[0];

/** Whether leaving `from` for `to` (pathnames) must be asked first, and how to ask. */
export interface NavigationGuard {
  blocks: (from: string, to: string) => boolean;
  /** Asks; `leave` goes on with the navigation, `stay` drops it. */
  ask: (leave: () => void, stay: () => void) => void;
}

let guard: NavigationGuard | null = null;

/** Sets the one guard of the page (null: none). */
export function guardNavigation(next: NavigationGuard | null): void {
  guard = next;
}

/**
 * `history` with every navigation checked by the guard: a link or `navigate()` is held
 * until answered; Back and Forward (the browser has already moved) are undone, then
 * redone if the answer is to leave. While a question is open, other navigations are dropped.
 */
export function guardedHistory(history: History): History {
  let shown: Location = history.location;
  let asking = false;
  /** The browser's moves of ours still to arrive (undone Backs), which the router must not hear. */
  let undoing = 0;
  let redoing = false;

  const askThen = (to: string, go: () => void, undo?: () => void) => {
    if (asking) {
      undo?.();
      return true;
    }
    if (!guard?.blocks(shown.pathname, to)) return false;
    asking = true;
    undo?.();
    guard.ask(
      () => {
        asking = false;
        go();
      },
      () => (asking = false),
    );
    return true;
  };

  /** Where `to` leads, taken from the page shown (the router passes resolved paths; a search alone stays on the page). */
  const pathnameOf = (to: To) => (typeof to === 'string' ? new URL(to, `http://page${shown.pathname}`).pathname : (to.pathname ?? shown.pathname));
  const navigate = (move: () => void, to: To) => {
    if (!askThen(pathnameOf(to), move)) move();
  };

  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push: (to, state) => navigate(() => history.push(to, state), to),
    replace: (to, state) => navigate(() => history.replace(to, state), to),
    listen: (listener) =>
      history.listen((update: Update) => {
        if (update.action === 'POP' && undoing > 0) {
          undoing--;
          return;
        }
        if (update.action === 'POP' && !redoing && update.delta) {
          const delta = update.delta;
          const held = askThen(
            update.location.pathname,
            () => {
              redoing = true;
              history.go(delta);
            },
            () => {
              undoing++;
              history.go(-delta);
            },
          );
          if (held) return;
        }
        redoing = false;
        shown = update.location;
        listener(update);
      }),
  };
}

/** The page's history: made once, for the app's router. */
export const browserHistory = (): History => guardedHistory(UNSAFE_createBrowserHistory({ v5Compat: true }));

let loading = 0;
const { subscribe, changed } = changeSignal();

/** Counts a screen's code as loading until `promise` settles. */
export function loadingScreen<T>(promise: Promise<T>): Promise<T> {
  loading++;
  changed();
  return promise.finally(() => {
    loading--;
    changed();
  });
}

/** Whether a screen's code is loading (a navigation waits for it). */
export const useScreenLoading = () => useSyncExternalStore(subscribe, () => loading > 0);
