import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * A column of many values as one parameter holding PostgreSQL's array text, for the
 * statement to cast (`::uuid[]`, `::float8[]`, `::text[]`): pg and PGlite would otherwise
 * prepare and escape each element of a 5,000-element array one call at a time, a large
 * share of a bulk write's CPU. Uuids, ISO times and numbers go bare (none holds a comma,
 * brace, quote, backslash or space); `text` values are quoted and escaped; null is NULL.
 */
export function arrayParam(values: readonly (string | number | null | undefined)[], kind: 'bare' | 'text'): SQLWrapper {
  const element = kind === 'text' ? quoted : bare;
  return sql.param(`{${values.map((v) => (v === null || v === undefined ? 'NULL' : element(v))).join(',')}}`);
}

const bare = (v: string | number) => String(v);
const quoted = (v: string | number) => `"${String(v).replace(/[\\"]/g, '\\$&')}"`;
