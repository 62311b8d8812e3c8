import { parentPagePath } from '@observatory/shared';

interface TreeEntry {
  path: string;
  title: string;
  position: number;
}

/** The nearest page above `path` among `present` (a page whose parent is left out hangs from the nearest page above that is in). */
function holderOf(path: string, present: ReadonlySet<string>): string | null {
  let parent = parentPagePath(path);
  while (parent !== null && !present.has(parent)) parent = parentPagePath(parent);
  return parent;
}

const bySiblingOrder = (a: TreeEntry, b: TreeEntry) => a.position - b.position || a.title.localeCompare(b.title) || a.path.localeCompare(b.path);

/** Pages in the order of the navigation tree: depth-first from the top, siblings by position, then title. */
export function treeOrder<T extends TreeEntry>(entries: readonly T[]): T[] {
  const present = new Set(entries.map((e) => e.path));
  const children = new Map<string | null, T[]>();
  for (const entry of entries) {
    const holder = holderOf(entry.path, present);
    children.set(holder, [...(children.get(holder) ?? []), entry]);
  }
  const ordered: T[] = [];
  // An explicit stack: a tree is at most PAGE_LIMITS.depth deep, but nothing here relies on it.
  const stack: T[] = [...(children.get(null) ?? [])].sort(bySiblingOrder).reverse();
  while (stack.length) {
    const entry = stack.pop()!;
    ordered.push(entry);
    stack.push(...[...(children.get(entry.path) ?? [])].sort(bySiblingOrder).reverse());
  }
  return ordered;
}
