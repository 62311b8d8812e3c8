import { and, eq, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import type { Actor } from './policy.js';
import { sightOf } from './policy.js';
import { RESOURCES, type Kind } from './resources.js';

const never = sql`false`;

/**
 * The rows of a kind an actor may see, as a WHERE condition on the kind's table: the
 * policy's canSee for every row at once, from the same facts (sightOf). Every list,
 * search, count, filter, map, export and nested reference goes through it.
 * Undefined: every row.
 */
export function visibleTo(actor: Actor | null, kind: Kind): SQL | undefined {
  const d = RESOURCES[kind];
  if (d.parent) {
    // Seen as its parent is: the parent row must be visible.
    const parent = RESOURCES[d.parent.kind];
    const parentVisible = visibleTo(actor, d.parent.kind);
    return parentVisible && sql`exists (select 1 from ${parent.table} where ${parent.id} = ${d.parent.column} and ${parentVisible})`;
  }
  if (!d.visibility) return undefined;
  const sight = sightOf(actor, kind);
  if (sight.everything) return undefined;
  const visibility = d.visibility;
  if (typeof visibility === 'string') {
    // One rule for every row (users: members only).
    return sight.open.includes(visibility) ? undefined : (membersSee(kind, sight) ?? never);
  }
  return or(inArray(visibility, [...sight.open]), and(eq(visibility, 'members'), membersSee(kind, sight) ?? never));
}

/** Members-only rows the actor owns or holds a role on a target of. */
function membersSee(kind: Kind, sight: ReturnType<typeof sightOf>): SQL | undefined {
  const d = RESOURCES[kind];
  const owned = [
    d.owner?.user && sight.userId ? eq(d.owner.user, sight.userId) : undefined,
    d.owner?.person && sight.personId ? eq(d.owner.person, sight.personId) : undefined,
  ];
  const targets = sight.targets.length ? [...sight.targets] : null;
  const member =
    !targets || !d.targets
      ? undefined
      : d.targets === 'self'
        ? inArray(d.id, targets)
        : sql`exists (select 1 from ${d.targets.table} where ${d.targets.of} = ${d.id} and ${inArray(d.targets.target, targets)})`;
  return or(...owned, member);
}

/** How many rows of a kind the actor may see (the admin overview's counts). */
export async function countVisible(d: Db, actor: Actor | null, kind: Kind): Promise<number> {
  const [row] = await d.select({ n: sql<number>`count(*)::int` }).from(RESOURCES[kind].table).where(visibleTo(actor, kind));
  return row?.n ?? 0;
}

/**
 * Rows naming a target by kind and id (audit entries) whose target the actor may see. A
 * target that is gone is named to the managers of its kind only; other kinds of target
 * (a role, a category) are not the registry's and pass.
 */
export function visibleTargets(actor: Actor | null, type: AnyPgColumn, id: AnyPgColumn): SQL {
  const kinds = Object.keys(RESOURCES) as Kind[];
  return or(
    not(inArray(type, kinds)),
    ...kinds.map((kind) => {
      if (sightOf(actor, kind).everything) return eq(type, kind);
      const d = RESOURCES[kind];
      return and(eq(type, kind), sql`exists (select 1 from ${d.table} where ${d.id}::text = ${id} and ${visibleTo(actor, kind) ?? sql`true`})`);
    }),
  )!;
}
