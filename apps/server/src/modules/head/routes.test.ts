import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isKnownRoute } from './pages.js';

/**
 * The server answers each page with its head and status from its own table of the web
 * app's routes (pages.ts): a route the web app has and the table lacks would answer 404.
 * Every path of the web app's one list of routes (apps/web/src/config/paths.ts) must be known.
 */
const webPaths = path.resolve(import.meta.dirname, '../../../../web/src/config/paths.ts');

describe('the page heads’ table of routes', () => {
  it('knows every route of the web app', async () => {
    const { paths, patterns, OBJECT_TABS } = (await import(pathToFileURL(webPaths).href)) as {
      paths: Record<string, string | ((...args: string[]) => string)>;
      patterns: Record<string, string>;
      OBJECT_TABS: string[];
    };
    const examples: string[] = [];
    for (const entry of Object.values(paths)) {
      if (typeof entry === 'string') examples.push(entry);
      // With its first argument alone, and with a tab (the one a tab-taking page offers to all).
      else examples.push(entry('sample'), entry('sample', 'photos'));
    }
    for (const pattern of Object.values(patterns))
      examples.push(
        pattern
          .replace(/\/:\w+\?/g, '/sample')
          .replace(/:\w+/g, 'sample')
          .replace('*', 'a/b'),
      );
    for (const tab of OBJECT_TABS) examples.push((paths.object as (name: string, tab: string) => string)('sample', tab));
    expect(examples.length).toBeGreaterThan(100);
    expect(examples.filter((p) => !isKnownRoute(p))).toEqual([]);
  });

  it('does not know a path the web app lacks', () => {
    for (const p of ['/no/such/page', '/projects/a/b/c', '/peoples', '/data/x/y/z']) expect(isKnownRoute(p), p).toBe(false);
  });
});
