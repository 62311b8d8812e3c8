/**
 * What the page and the service worker say to each other. Types only: the worker is built as
 * one file of its own (vite.config.ts), so it shares no code with the app.
 */

/** Asked of the worker by the page. */
export type ToWorker =
  /** A new version waits: take over now (the page reloads when it has). */
  | { type: 'skip-waiting' }
  /** Keep these files of the app too: the page loaded them before the worker was in charge. */
  | { type: 'keep'; files: string[] };

/** The build's own files, written into the worker by the build. */
export interface Build {
  /** Changes with any file of the app: a browser sees a new worker, and a new version waits. */
  version: string;
  /** The page, what it loads at start and the update notice's code, kept when the worker installs. */
  shell: string[];
  /** Every code, style and font file of the build (under /assets/). */
  assets: string[];
}
