/**
 * The types an object may be given, in the schema's order: when its projects catalogue
 * types, only those and any already chosen; when none of them does, every type.
 */
export function narrowedTypes<T extends { slug: string }>(all: readonly T[], catalogued: readonly string[], chosen: readonly string[]): T[] {
  if (catalogued.length === 0) return [...all];
  const offered = new Set([...catalogued, ...chosen]);
  return all.filter((t) => offered.has(t.slug));
}
