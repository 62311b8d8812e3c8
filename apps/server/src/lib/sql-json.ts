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
