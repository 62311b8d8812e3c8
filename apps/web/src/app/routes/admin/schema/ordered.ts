/** An ordered choice (a type's metrics, its schemas): what the up, down, remove and add buttons do. */

/** The list with the item at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveBy<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** The list without the item at `index`. */
export const removeAt = <T>(items: readonly T[], index: number): T[] => items.filter((_, i) => i !== index);

/** The list with `item` added at the end, unless it is there already. */
export const appendOnce = <T>(items: readonly T[], item: T): T[] => (items.includes(item) ? [...items] : [...items, item]);
