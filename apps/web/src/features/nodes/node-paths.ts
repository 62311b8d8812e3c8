/** What a URL under /nodes asks for: a node's page, a new node inside one (or at the root), or a node's edit form. */
export type NodeScreen = { screen: 'view'; path: string } | { screen: 'new'; parent: string | null } | { screen: 'edit'; path: string };

/**
 * Reads the rest of a /nodes URL. A node's path is its slugs joined by "/", and `new` and
 * `edit` are never slugs (RESERVED_NODE_SEGMENTS), so a last segment of either is a page.
 */
export function nodeScreen(rest: string): NodeScreen {
  const segments = rest.split('/').filter(Boolean);
  const last = segments.at(-1);
  const above = segments.slice(0, -1).join('/');
  if (last === 'new') return { screen: 'new', parent: above || null };
  if (last === 'edit' && above) return { screen: 'edit', path: above };
  return { screen: 'view', path: segments.join('/') };
}

/** The paths of the nodes a node may move into: any but itself and those below it. */
export const placesFor = <T extends { path: string }>(outline: T[], moving: string | null) =>
  moving === null ? outline : outline.filter((n) => n.path !== moving && !n.path.startsWith(`${moving}/`));

/**
 * The metadata a node is saved with: the fields of its type's schema as the form holds
 * them, plus what it had that the schema does not describe, unless the schema is closed
 * (additionalProperties: false) and would refuse it. A type with no schema (any details)
 * thus keeps every detail; the form never drops what it does not show.
 */
export function nodeMetadata(saved: Record<string, unknown>, shown: string[], fromForm: Record<string, unknown>, closed: boolean): Record<string, unknown> {
  const kept = closed ? {} : Object.fromEntries(Object.entries(saved).filter(([key]) => !shown.includes(key)));
  return { ...kept, ...fromForm };
}
