import { and, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../authz/policy.js';
import { rowsOf, type Db } from '../../db/client.js';
import { ODataError, type Expand, type QueryOptions } from './odata.js';
import { filterSql, orderSql, type Resolve, type Typed } from './odata-sql.js';
import { col, SETS, type Alias, type EntitySet } from './entities.js';

/**
 * Reading entity sets with SensorThings' query options: one statement for a page (and one
 * for its count), and one per expanded navigation over all the page's rows (a lateral join
 * gives each parent its own $top), however many rows the page has.
 */

/** Rows of a page when $top does not say. */
export const DEFAULT_TOP = 100;
/** The most rows of one page (a larger $top is cut to it; @iot.nextLink leads on). */
export const MAX_TOP = 10_000;

export type Entity = Record<string, unknown>;

/** Where a request's rows come from: a set, narrowed by a condition on its alias (a path's key and navigations). */
export interface Source {
  set: EntitySet;
  where: (a: Alias) => SQL | undefined;
}

interface Context {
  db: Db;
  actor: Actor | null;
  /** The API's root URL (definitions link to the catalogue's own unit and metric pages). */
  root: string;
}

const alias = (depth: number): Alias => sql`${sql.identifier(`e${depth}`)}`;

/** A property path of a set as SQL: its own property, or one through to-one navigations (a subquery each). */
function resolver(context: Context, set: EntitySet, a: Alias, depth: number, option: string): Resolve {
  const resolve = (current: EntitySet, at: Alias, level: number, segments: string[], position: number): Typed => {
    const [first = '', ...rest] = segments;
    const property = rest.length === 0 ? current.properties[first] : undefined;
    if (property) return property(at);
    const nav = current.navigations[first];
    if (nav && !nav.many && rest.length > 0) {
      if (nav.key && rest.length === 1 && rest[0] === 'id') return { type: 'string', sql: col(at, nav.key) };
      const target = SETS[nav.target];
      const inner = alias(level + 1);
      const found = resolve(target, inner, level + 1, rest, position);
      const sub = (expr: SQL) => sql`(select ${expr} from (${target.view(context.actor)}) ${inner} where ${nav.on(at, inner)} limit 1)`;
      return found.type === 'result' ? { type: 'result', number: sub(found.number), text: sub(found.text) } : { type: found.type, sql: sub(found.sql) };
    }
    throw new ODataError(`${current.name} have no property ${segments.join('/')}`, position, option);
  };
  return (segments, position) => resolve(set, a, depth, segments, position);
}

/** The condition a navigation from a source puts on its target's rows. */
export function navigated(actor: Actor | null, from: Source, name: string, depth: number): Source {
  const nav = from.set.navigations[name];
  if (!nav) throw new ODataError(`${from.set.name} have no navigation ${name}`, 0, 'path');
  const parent = alias(depth);
  return {
    set: SETS[nav.target],
    where: (a) => sql`exists (select 1 from (${from.set.view(actor)}) ${parent} where ${from.where(parent) ?? sql`true`} and ${nav.on(parent, a)})`,
  };
}

/** The query options' condition and order on a set's alias. */
function conditionAndOrder(context: Context, set: EntitySet, a: Alias, depth: number, options: QueryOptions, nested: boolean) {
  const [filterOption, orderOption] = nested ? ['$expand', '$expand'] : ['$filter', '$orderby'];
  const filter = options.filter ? filterSql(options.filter, resolver(context, set, a, depth, filterOption), filterOption) : undefined;
  const orders = options.orderby.map((o) => orderSql(o, resolver(context, set, a, depth, orderOption), orderOption));
  return { filter, order: [...orders, ...set.order(a)] };
}

/** The columns a page row brings beside its JSON: its id and the keys its to-one navigations need. */
function keyColumns(set: EntitySet, a: Alias): SQL {
  const keys = Object.values(set.navigations).flatMap((n) => (n.key ? [n.key] : []));
  return sql.join([sql`${col(a, 'id')} as "id"`, ...[...new Set(keys)].map((k) => sql`${col(a, k)} as ${sql.identifier(`key:${k}`)}`)], sql`, `);
}

interface Row {
  entity: Entity;
  id: string;
  [key: `key:${string}`]: string | null;
}

/** A page of a source with its options: its rows (with their expansions), whether more follow, and the count asked for. */
export async function readPage(context: Context, source: Source, options: QueryOptions) {
  const a = alias(0);
  const { filter, order } = conditionAndOrder(context, source.set, a, 0, options, false);
  const top = Math.min(options.top ?? DEFAULT_TOP, MAX_TOP);
  const skip = options.skip ?? 0;
  const where = and(source.where(a), filter) ?? sql`true`;
  const from = sql`from (${source.set.view(context.actor)}) ${a} where ${where}`;
  const [rows, count] = await Promise.all([
    context.db.execute(
      sql`select ${source.set.json(a, context.root)} as entity, ${keyColumns(source.set, a)} ${from} order by ${sql.join(order, sql`, `)} limit ${top + 1} offset ${skip}`,
    ),
    options.count ? context.db.execute(sql`select count(*)::int as n ${from}`) : undefined,
  ]);
  const page = rowsOf<Row>(rows);
  const more = page.length > top;
  const kept = page.slice(0, top);
  await expandAll(context, source.set, kept, options.expand, 1);
  return { rows: kept.map((r) => r.entity), more, count: count ? rowsOf<{ n: number }>(count)[0]!.n : undefined };
}

/** One entity of a source (a path ending at a key or a to-one navigation), with its expansions; null when none. */
export async function readOne(context: Context, source: Source, options: QueryOptions): Promise<Entity | null> {
  const { rows } = await readPage(context, source, { ...options, filter: undefined, orderby: [], top: 1, skip: 0, count: false });
  return rows[0] ?? null;
}

/** `A/B` as A expanded with B inside it; the same navigation named twice expands once with both insides. */
function grouped(expand: Expand[]): Map<string, QueryOptions> {
  const byName = new Map<string, QueryOptions>();
  for (const item of expand) {
    const [name = '', ...rest] = item.path;
    const options = rest.length ? { orderby: [], expand: [{ path: rest, options: item.options }] } : item.options;
    const known = byName.get(name);
    byName.set(name, known ? { ...known, ...(rest.length ? {} : options), expand: [...known.expand, ...options.expand] } : options);
  }
  return byName;
}

/** Expands each navigation named into every row of a page (one statement per navigation), then their own expansions. */
async function expandAll(context: Context, set: EntitySet, rows: Row[], expand: Expand[], depth: number): Promise<void> {
  if (rows.length === 0) return;
  for (const [name, options] of grouped(expand)) {
    const nav = set.navigations[name];
    if (!nav) throw new ODataError(`${set.name} have no navigation ${name}`, 0, '$expand');
    const target = SETS[nav.target];
    const parent = alias(depth);
    const child = alias(depth + 1);
    const { filter, order } = conditionAndOrder(context, target, child, depth + 1, options, true);
    const top = Math.min(options.top ?? DEFAULT_TOP, MAX_TOP);
    const ids = sql`${sql.param(rows.map((r) => r.id))}`;
    const children = nav.key
      ? await byKey(context, target, child, filter, rows, nav.key)
      : rowsOf<Row & { parent: string }>(
          await context.db.execute(sql`
            select ${parent}.id as parent, c.* from (${set.view(context.actor)}) ${parent}
            cross join lateral (
              select ${target.json(child, context.root)} as entity, ${keyColumns(target, child)}
              from (${target.view(context.actor)}) ${child}
              where ${nav.on(parent, child)} and ${filter ?? sql`true`}
              order by ${sql.join(order, sql`, `)}
              limit ${nav.many ? top : 1} offset ${nav.many ? (options.skip ?? 0) : 0}) c
            where ${parent}.id = any(${ids}::text[])`),
        );
    await expandAll(context, target, children, options.expand, depth + 2);
    const counts = nav.many && options.count ? await countsOf(context, set, nav.on, target, filter, parent, child, ids) : undefined;
    for (const row of rows) {
      const mine = children.filter((c) => c.parent === row.id).map((c) => c.entity);
      row.entity[name] = nav.many ? mine : (mine[0] ?? null);
      if (counts) row.entity[`${name}@iot.count`] = counts.get(row.id) ?? 0;
    }
  }
}

/** A to-one navigation's rows by the keys the parents hold (an observation's datastream), without reading the parents again. */
async function byKey(context: Context, target: EntitySet, child: Alias, filter: SQL | undefined, rows: Row[], key: string) {
  const keys = [...new Set(rows.map((r) => r[`key:${key}`]).filter((k): k is string => k !== null && k !== undefined))];
  if (keys.length === 0) return [];
  const found = rowsOf<Row>(
    await context.db.execute(sql`
      select ${target.json(child, context.root)} as entity, ${keyColumns(target, child)} from (${target.view(context.actor)}) ${child}
      where ${col(child, 'id')} = any(${sql.param(keys)}::text[]) and ${filter ?? sql`true`}`),
  );
  // A parent per row, as the lateral join answers (two observations of one datastream each get it).
  return rows.flatMap((r) => found.filter((f) => f.id === r[`key:${key}`]).map((f) => ({ ...f, entity: { ...f.entity }, parent: r.id })));
}

async function countsOf(
  context: Context,
  set: EntitySet,
  on: (o: Alias, i: Alias) => SQL,
  target: EntitySet,
  filter: SQL | undefined,
  parent: Alias,
  child: Alias,
  ids: SQL,
) {
  const rows = await context.db.execute(sql`
    select ${parent}.id as parent, count(*)::int as n from (${set.view(context.actor)}) ${parent}
    join (${target.view(context.actor)}) ${child} on ${on(parent, child)}
    where ${parent}.id = any(${ids}::text[]) and ${filter ?? sql`true`} group by ${parent}.id`);
  return new Map(rowsOf<{ parent: string; n: number }>(rows).map((r) => [r.parent, r.n]));
}
