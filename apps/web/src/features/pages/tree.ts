import { parentPagePath, pathsAbove, type PageSummary } from '@observatory/shared';
import { slugFromTitle } from '../../lib/slug';

/** A page with the pages it holds in the navigation tree. */
export interface PageNode {
  page: PageSummary;
  children: PageNode[];
}

/** The nearest page above `path` among `present`: a page whose parent is not listed (a draft hidden from the reader) hangs from the one above that. */
function holderOf(path: string, present: ReadonlySet<string>): string | null {
  let parent = parentPagePath(path);
  while (parent !== null && !present.has(parent)) parent = parentPagePath(parent);
  return parent;
}

const bySiblingOrder = (a: PageNode, b: PageNode) =>
  a.page.position - b.page.position || a.page.title.localeCompare(b.page.title) || a.page.path.localeCompare(b.page.path);

/**
 * The flat list of GET pages as a tree: each page under the nearest listed page above its
 * path, siblings by position (then title), as the server orders them. `drafts: false`
 * leaves drafts out (and hangs what is below a draft from the page above it).
 */
export function buildPageTree(pages: readonly PageSummary[], { drafts = true }: { drafts?: boolean } = {}): PageNode[] {
  const kept = drafts ? pages : pages.filter((p) => !p.draft);
  const present = new Set(kept.map((p) => p.path));
  const nodes = new Map(kept.map((page) => [page.path, { page, children: [] } as PageNode]));
  const top: PageNode[] = [];
  for (const node of nodes.values()) {
    const holder = holderOf(node.page.path, present);
    (holder === null ? top : nodes.get(holder)!.children).push(node);
  }
  const sort = (list: PageNode[]) => {
    list.sort(bySiblingOrder);
    list.forEach((n) => sort(n.children));
  };
  sort(top);
  return top;
}

/** A node of a flattened tree: its depth (0 at the top), and its place among its siblings (`index` of `siblings`). */
export interface FlatNode {
  node: PageNode;
  depth: number;
  index: number;
  siblings: number;
}

/** Every node of a tree, depth-first, with its depth and place. */
export function flattenTree(nodes: readonly PageNode[], depth = 0): FlatNode[] {
  return nodes.flatMap((node, index) => [{ node, depth, index, siblings: nodes.length }, ...flattenTree(node.children, depth + 1)]);
}

/**
 * A new child's path from its title: the title as a URL key (lib/slug) under `parent`,
 * cut to a segment's length. Only the parent's part while the title has no letter or digit.
 */
export function childPath(parent: string | null, title: string, segmentLimit: number): string {
  const segment = slugFromTitle(title).slice(0, segmentLimit).replace(/-+$/, '');
  if (!segment) return parent ? `${parent}/` : '';
  return parent ? `${parent}/${segment}` : segment;
}

/** The nearest draft above `path` among `pages`, or null: a page below it is a draft too. */
export function nearestDraftAbove(pages: readonly PageSummary[], path: string): string | null {
  const drafts = new Set(pages.filter((p) => p.draft).map((p) => p.path));
  return pathsAbove(path).findLast((above) => drafts.has(above)) ?? null;
}
