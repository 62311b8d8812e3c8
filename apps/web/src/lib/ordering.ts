/** Items with `id` moved to `position` and all renumbered 0..n-1 (what the server does on a reorder). */
export function moveInOrder<T extends { id: string; position: number }>(items: T[], id: string, position: number): T[] {
  const ordered = [...items].sort((a, b) => a.position - b.position);
  const moving = ordered.find((c) => c.id === id);
  if (!moving) return ordered;
  const rest = ordered.filter((c) => c.id !== id);
  rest.splice(Math.max(0, Math.min(position, rest.length)), 0, moving);
  return rest.map((c, index) => ({ ...c, position: index }));
}
