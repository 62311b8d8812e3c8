import { DocumentSchema, HELP_PAGE_PATH, normalizeDocument, pagePathProblem, parentPagePath, PRIVACY_PAGE_PATH } from '@observatory/shared';
import { describe, expect, it } from 'vitest';
import { GUIDE_PAGES } from './guide.js';

type AnyNode = { type: string; attrs?: Record<string, unknown>; marks?: { type: string; attrs?: { href?: string } }[]; content?: AnyNode[] };

/** Every node of a document, depth first. */
function nodesOf(node: AnyNode): AnyNode[] {
  return [node, ...(node.content ?? []).flatMap(nodesOf)];
}

const linksOf = (doc: AnyNode) => nodesOf(doc).flatMap((n) => (n.marks ?? []).filter((m) => m.type === 'link').map((m) => m.attrs?.href ?? ''));

const paths = new Set(GUIDE_PAGES.map((p) => p.path));
const pages = GUIDE_PAGES.map((page) => ({ ...page, name: page.path }));

describe('the user guide pages', () => {
  it('hold the help page, the privacy policy and the guide, each path once', () => {
    expect(paths.size).toBe(GUIDE_PAGES.length);
    expect([...paths]).toEqual(expect.arrayContaining([HELP_PAGE_PATH, PRIVACY_PAGE_PATH, 'guide', 'guide/map', 'guide/import', 'guide/api']));
  });

  it.each(pages)('$name has a usable path below an existing parent', ({ path }) => {
    expect(pagePathProblem(path)).toBeNull();
    const parent = parentPagePath(path);
    if (parent !== null) expect(paths.has(parent)).toBe(true);
  });

  it('orders siblings by distinct positions', () => {
    const bySibling = new Map<string, number[]>();
    for (const { path, position } of GUIDE_PAGES) {
      const key = parentPagePath(path) ?? '';
      bySibling.set(key, [...(bySibling.get(key) ?? []), position]);
    }
    for (const [parent, positions] of bySibling) expect({ parent, positions: new Set(positions).size }).toEqual({ parent, positions: positions.length });
  });

  it.each(pages)('$name passes the document validator unchanged', ({ doc }) => {
    const parsed = DocumentSchema.safeParse(doc);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(normalizeDocument(parsed.data!)).toEqual(normalizeDocument(doc));
  });

  it.each(pages)('$name leaves its title to the page: no level 1 heading', ({ doc, title }) => {
    expect(title.trim()).not.toBe('');
    const levels = nodesOf(doc as AnyNode)
      .filter((n) => n.type === 'heading')
      .map((n) => n.attrs?.level);
    expect(levels.every((level) => level === 2 || level === 3 || level === 4)).toBe(true);
  });

  it.each(pages)('$name links only to pages of the guide or the API reference under /doc', ({ doc }) => {
    const links = linksOf(doc as AnyNode);
    const broken = links.filter((href) => href.startsWith('/doc/') && !paths.has(href.slice('/doc/'.length)) && !/^\/doc\/api(\/|$)/.test(href));
    expect(broken).toEqual([]);
  });

  it('links every section of the guide from the help page and the guide’s overview', () => {
    const sections = [...paths].filter((p) => p.startsWith('guide/')).map((p) => `/doc/${p}`);
    for (const overview of [HELP_PAGE_PATH, 'guide']) {
      const links = linksOf(GUIDE_PAGES.find((p) => p.path === overview)!.doc as AnyNode);
      expect(links).toEqual(expect.arrayContaining(sections));
    }
  });
});
