/**
 * Plausibility checks of observations, set-wise in SQL: one statement checks every series
 * (an object's values of a metric, in time order) a write touched, against the rules of
 * the metrics (packages/shared quality.ts), after the tests of US IOOS QARTOD and Argo:
 * gross range, rate of change (step), flat line (the present value equal to the
 * `count − 1` before it) and spike (Argo's, which spares a spike's neighbours and a step).
 *
 * A value's check reads the values just before and after it, so a write re-checks its span
 * with a margin: `margin` rows before and after are read, and the row before the span and
 * the `margin − 1` after it are checked again (their neighbours changed). Values a person
 * flagged, and released values, are left as they are.
 */
import { sql } from 'drizzle-orm';
import type { PlausibilityRule } from '@observatory/shared';
import { rowsOf, type Db } from '../../db/client.js';
import { metrics, observations } from '../../db/schema/index.js';
import { keepLatest } from './repo.js';

/** One series' span of written values. */
export interface WrittenSpan {
  objectId: string;
  metricId: string;
  from: Date;
  to: Date;
}

export interface CheckCounts {
  checked: number;
  suspect: number;
  bad: number;
}

/** How many rows either side of a span a metric's rules read: the flat line's count, else the neighbours. */
export const marginOf = (rules: PlausibilityRule[]) => Math.max(2, ...rules.map((r) => (r.kind === 'flat' ? r.count : 1)));

/** The written rows' spans, one per series, for the metrics that have rules. */
export function spansOf(rows: { objectId: string; metricId: string; time: Date | string }[], ruled: Set<string>): WrittenSpan[] {
  const spans = new Map<string, WrittenSpan>();
  for (const r of rows) {
    if (!ruled.has(r.metricId)) continue;
    const time = r.time instanceof Date ? r.time : new Date(r.time);
    const key = `${r.objectId}|${r.metricId}`;
    const span = spans.get(key);
    if (!span) spans.set(key, { objectId: r.objectId, metricId: r.metricId, from: time, to: time });
    else if (time < span.from) span.from = time;
    else if (time > span.to) span.to = time;
  }
  return [...spans.values()];
}

/**
 * Checks the spans' values (and their margins) against their metrics' rules, in one
 * statement: a broken rule sets its flag (bad before suspect, then the rules' order) and
 * its name; a value that breaks none, flagged by a rule before, is not checked again.
 */
export async function checkSpans(db: Db, tableId: string, spans: WrittenSpan[], margin: number): Promise<CheckCounts> {
  if (spans.length === 0) return { checked: 0, suspect: 0, bad: 0 };
  const column = <T>(pick: (s: WrittenSpan) => T) => sql.param(spans.map(pick));
  const result = await db.execute(sql`
    with spans as (
      select * from unnest(${column((s) => s.objectId)}::uuid[], ${column((s) => s.metricId)}::uuid[],
                           ${column((s) => s.from.toISOString())}::timestamptz[], ${column((s) => s.to.toISOString())}::timestamptz[]) as s(o, m, t0, t1)
    ),
    -- Materialized: worked out once a series, not again for each of its rows.
    windows as materialized (
      select s.o, s.m,
        coalesce((select p.time from ${observations} p where p.table_id = ${tableId} and p.object_id = s.o and p.metric_id = s.m and p.time < s.t0
                  order by p.time desc offset ${margin - 1} limit 1), '-infinity') as lo,
        coalesce((select p.time from ${observations} p where p.table_id = ${tableId} and p.object_id = s.o and p.metric_id = s.m and p.time > s.t1
                  order by p.time offset ${margin - 1} limit 1), 'infinity') as hi,
        coalesce((select p.time from ${observations} p where p.table_id = ${tableId} and p.object_id = s.o and p.metric_id = s.m and p.time < s.t0
                  order by p.time desc limit 1), s.t0) as first,
        coalesce((select p.time from ${observations} p where p.table_id = ${tableId} and p.object_id = s.o and p.metric_id = s.m and p.time > s.t1
                  order by p.time offset ${Math.max(0, margin - 2)} limit 1), 'infinity') as last
      from spans s
    ),
    neighbours as (
      select p.object_id, p.metric_id, p.time, p.number, w.first, w.last,
        lag(p.number) over series as prev, lead(p.number) over series as next,
        case when p.number is not distinct from lag(p.number) over series then 0 else 1 end as starts
      from windows w
      join ${observations} p on p.table_id = ${tableId} and p.object_id = w.o and p.metric_id = w.m and p.time >= w.lo and p.time <= w.hi
      window series as (partition by p.object_id, p.metric_id order by p.time)
    ),
    runs as (
      select *, sum(starts) over (partition by object_id, metric_id order by time) as run from neighbours
    ),
    measured as (
      select *, row_number() over (partition by object_id, metric_id, run order by time) as repeats from runs
    ),
    -- Each value's worst broken rule (bad before suspect, then the rules' order), looked up beside it: a join
    -- of two statements' rows would be planned without their sizes, as a loop over both.
    verdicts as (
      select v.object_id, v.metric_id, v.time, coalesce(b.flag, 'not checked') as flag, b.rule
      from measured v
      join ${metrics} m on m.id = v.metric_id
      left join lateral (
        select r.rule->>'flag' as flag, r.rule->>'name' as rule
        from jsonb_array_elements(m.rules) with ordinality as r(rule, position)
        where v.number is not null and case r.rule->>'kind'
          when 'range' then v.number < (r.rule->>'min')::float8 or v.number > (r.rule->>'max')::float8
          when 'step' then abs(v.number - v.prev) > (r.rule->>'max')::float8
          when 'flat' then v.repeats >= (r.rule->>'count')::int
          when 'spike' then abs(v.number - (v.prev + v.next) / 2) - abs(v.next - v.prev) / 2 > (r.rule->>'threshold')::float8
        end
        order by (r.rule->>'flag') = 'bad' desc, r.position
        limit 1
      ) b on true
      where v.time between v.first and v.last
    ),
    changed as (
      update ${observations} o set flag = v.flag, flag_rule = v.rule, flagged_at = now()
      from verdicts v
      where o.table_id = ${tableId} and o.object_id = v.object_id and o.metric_id = v.metric_id and o.time = v.time
        and o.flagged_by is null and o.level <> 'released' and (o.flag, o.flag_rule) is distinct from (v.flag, v.rule)
      returning 1
    )
    select count(*)::int as checked, (count(*) filter (where flag = 'suspect'))::int as suspect, (count(*) filter (where flag = 'bad'))::int as bad,
      (select count(*) from changed)::int as changed
    from verdicts`);
  const [counts] = rowsOf<CheckCounts & { changed: number }>(result);
  // A latest value's flag may have changed.
  if (Number(counts?.changed ?? 0) > 0) await keepLatest(db, tableId, { series: spans });
  return { checked: Number(counts?.checked ?? 0), suspect: Number(counts?.suspect ?? 0), bad: Number(counts?.bad ?? 0) };
}
