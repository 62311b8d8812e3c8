import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * JSON built in SQL, so that a detail and everything shown with it come in one statement
 * (one round trip) on both engines. Both drivers hand json columns back parsed.
 */

/** A subquery's json_agg as a list: [] when it found nothing. */
export const jsonList = <T>(query: SQL): SQL<T[]> => sql<T[]>`coalesce((${query}), '[]'::json)`;

/** A subquery's json_build_object, or null when it found nothing. */
export const jsonOne = <T>(query: SQL): SQL<T | null> => sql<T | null>`(${query})`;

/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds), for answers built as JSON. */
export const isoTime = (column: SQLWrapper): SQL => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A JSON object built in SQL from named parts (the names are the code's own, written into the text). */
export function jsonObject(fields: Record<string, SQLWrapper>): SQL {
  const parts = Object.entries(fields).map(([name, value]) => sql`${sql.raw(`'${name.replace(/'/g, "''")}'`)}, ${value}`);
  return sql`json_build_object(${sql.join(parts, sql`, `)})`;
}

/**
 * The text of a JSON array of `item` over the rows of a query, in `order`: a list answer
 * the database writes and the server sends on as it comes, unparsed. For the long lists
 * of the catalogue, reading each row's columns into objects and writing them out again
 * cost the server more than the database spent finding them.
 */
export const jsonArrayText = (item: SQL, order: SQL): SQL<string> => sql<string>`coalesce(json_agg(${item} order by ${order}), '[]'::json)::text`;
