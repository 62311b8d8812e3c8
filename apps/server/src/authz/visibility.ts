import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { ResourceAction } from '@observatory/shared';
import type { Actor } from './policy.js';
import { DEFAULT_OWNER_ACTIONS, sightOf } from './policy.js';
import { RESOURCES, type Kind } from './resources.js';

/** No row: mayActOn answers this very value when the actor may act on none, so a caller can leave a query out. */
export const NOTHING = sql`false`;
const never = NOTHING;

/**
 * The rows of a kind an actor may see, as a WHERE condition on the kind's table: the
 * policy's canSee for every row at once, from the same facts (sightOf). Every list,
 * search, count, filter, map, export and nested reference goes through it.
 * Undefined: every row.
 */
export function visibleTo(actor: Actor | null, kind: Kind): SQL | undefined {
  if (actor) return conditionFor(actor, kind);
  // A visitor's sight is fixed: one condition per kind, so caches keyed by it (db/sql-key.ts) render it once.
  if (!forVisitors.has(kind)) forVisitors.set(kind, conditionFor(null, kind));
  return forVisitors.get(kind);
}

const forVisitors = new Map<Kind, SQL | undefined>();

function conditionFor(actor: Actor | null, kind: Kind): SQL | undefined {
  const d = RESOURCES[kind];
  if (d.parent) {
    // Seen as its parent is: the parent row must be visible.
    const parent = RESOURCES[d.parent.kind];
    const parentVisible = visibleTo(actor, d.parent.kind);
    if (!d.orphans) return parentVisible && sql`exists (select 1 from ${parent.table} where ${parent.id} = ${d.parent.column} and ${parentVisible})`;
    // Beside the orphans' OR the parent check cannot become a join: as `in`, PostgreSQL hashes
    // the visible parents once (a correlated exists was costed so high that JIT compiling took 0.4 s).
    const inParent = parentVisible && sql`${d.parent.column} in (select ${parent.id} from ${parent.table} where ${parentVisible})`;
    // A kind that outlives its parent: the rows without one, as the policy's seesOrphan.
    const orphan = sql`${d.parent.column} is null`;
    const orphansSeen = !actor ? never : actor.super || actor.global.has(d.orphans) ? undefined : (ownedBy(kind, actor) ?? never);
    return or(inParent ?? sql`${d.parent.column} is not null`, orphansSeen ? and(orphan, orphansSeen) : orphan);
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

/** The rows of a kind the actor owns. */
function ownedBy(kind: Kind, actor: Actor): SQL | undefined {
  const owner = RESOURCES[kind].owner;
  return or(owner?.user ? eq(owner.user, actor.userId) : undefined, owner?.person ? eq(owner.person, actor.personId) : undefined);
}

/** Members-only rows the actor owns or holds a role on a target of. */
function membersSee(kind: Kind, sight: ReturnType<typeof sightOf>): SQL | undefined {
  const d = RESOURCES[kind];
  const owned = [
    d.owner?.user && sight.userId ? eq(d.owner.user, sight.userId) : undefined,
    d.owner?.person && sight.personId ? eq(d.owner.person, sight.personId) : undefined,
  ];
  return or(...owned, onTargets(kind, sight.targets));
}

/** The rows of a kind with one of these targets (a project itself, an object in one of these projects). */
function onTargets(kind: Kind, targets: readonly string[]): SQL | undefined {
  const d = RESOURCES[kind];
  if (!targets.length || !d.targets) return undefined;
  if (d.targets === 'self') return inArray(d.id, [...targets]);
  if ('column' in d.targets) return inArray(d.targets.column, [...targets]);
  return sql`exists (select 1 from ${d.targets.table} where ${d.targets.of} = ${d.id} and ${inArray(d.targets.target, [...targets])})`;
}

/**
 * The rows of a kind the actor may take `action` on, as a WHERE condition: the policy's
 * can(actor, action, row) for every row at once (its managers, owners and roles on the row's
 * targets, narrowed by an API key's permissions and targets), as visibleTo is its canSee.
 * For kinds seen on their own (no parent) and without co-owners. Undefined: every row.
 */
export function mayActOn(actor: Actor | null, kind: Kind, action: ResourceAction): SQL | undefined {
  const d = RESOURCES[kind];
  if (d.parent || d.coOwners) throw new Error(`mayActOn: ${kind} is read through its parent or co-owners`);
  if (!actor) return action === 'view' ? visibleTo(null, kind) : never;
  const seen = visibleTo(actor, kind);
  if (action === 'view') return seen;
  const key = actor.key;
  if (key && !key.permissions.has(action)) return never;
  const sight = sightOf(actor, kind);
  const granted = sight.everything
    ? undefined
    : (or(
        (d.ownerActions ?? DEFAULT_OWNER_ACTIONS).includes(action) ? ownedBy(kind, actor) : undefined,
        onTargets(
          kind,
          [...actor.onTargets].filter(([, actions]) => actions.has(action)).map(([target]) => target),
        ),
      ) ?? never);
  const keyTargets = key?.targets.size ? [...key.targets] : null;
  const byKey = keyTargets ? (or(inArray(d.id, keyTargets), onTargets(kind, keyTargets)) ?? never) : undefined;
  if (granted === never || byKey === never) return never;
  return and(seen, granted, byKey);
}

/** How many rows of a kind the actor may see (the admin overview's counts). */
export async function countVisible(d: Db, actor: Actor | null, kind: Kind): Promise<number> {
  const [row] = await d
    .select({ n: sql<number>`count(*)::int` })
    .from(RESOURCES[kind].table)
    .where(visibleTo(actor, kind));
  return row?.n ?? 0;
}
