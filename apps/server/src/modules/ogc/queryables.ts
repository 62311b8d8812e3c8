import { sql, type SQL } from 'drizzle-orm';
import { objects } from '../../db/schema/index.js';
import { flatProperties } from '../../lib/geojson.js';
import { OBJECT_PROPERTIES } from '../objects/index.js';

/** What a CQL2 expression compares: the typed SQL of a property (cql2-sql.ts casts nothing itself). */
export type QueryableType = 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'timestamp' | 'geometry';

export interface Queryable {
  type: QueryableType;
  sql: SQL;
  /** Its JSON Schema in the queryables document. */
  schema: Record<string, unknown>;
}

/** The properties every object has, as its Feature names them (objects/features.ts). */
const FIXED: Record<string, Queryable> = {
  name: { type: 'string', sql: sql`${objects.name}`, schema: { type: 'string', title: 'Name (the object’s unique key)' } },
  title: { type: 'string', sql: sql`${objects.title}`, schema: { type: 'string', title: 'Title' } },
  visibility: { type: 'string', sql: sql`${objects.visibility}`, schema: { type: 'string', title: 'Visibility', enum: ['public', 'signed-in', 'members'] } },
  updated: { type: 'timestamp', sql: sql`${objects.updatedAt}`, schema: { type: 'string', format: 'date-time', title: 'Last changed' } },
  geometry: { type: 'geometry', sql: sql`${objects.geo}`, schema: { format: 'geometry-any', 'x-ogc-role': 'primary-geometry' } },
};

const DATE = String.raw`^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])`;
const TIME = String.raw`[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$`;

/**
 * A metadata field's typed SQL. A value stored before its schema changed may be of another
 * kind: it reads as null, never as an error that would fail the whole query (the metadata
 * validator holds dates to their format, so a date's pattern is the guard).
 */
function metadataSql(field: string, type: QueryableType): SQL {
  const json = sql`(${objects.metadata} -> ${field})`;
  const text = sql`(${objects.metadata} ->> ${field})`;
  switch (type) {
    case 'number':
    case 'integer':
      return sql`(case when jsonb_typeof(${json}) = 'number' then ${text}::numeric end)`;
    case 'boolean':
      return sql`(case when jsonb_typeof(${json}) = 'boolean' then ${text}::boolean end)`;
    case 'date':
      return sql`(case when ${text} ~ ${`${DATE}$`} then ${text}::date end)`;
    case 'timestamp':
      return sql`(case when ${text} ~ ${DATE + TIME} then ${text}::timestamptz end)`;
    default:
      return sql`(case when jsonb_typeof(${json}) = 'string' then ${text} end)`;
  }
}

/** The kind of a metadata field's JSON Schema, or null for one a filter cannot compare (arrays, objects). */
function typeOf(schema: Record<string, unknown>): QueryableType | null {
  const types = ([] as unknown[]).concat(schema.type ?? []).filter((t) => t !== 'null');
  if (types.length !== 1) return null;
  if (types[0] === 'string') return schema.format === 'date' ? 'date' : schema.format === 'date-time' ? 'timestamp' : 'string';
  return types[0] === 'number' || types[0] === 'integer' || types[0] === 'boolean' ? types[0] : null;
}

const FIXED_NAMES = Object.fromEntries(OBJECT_PROPERTIES.map((p) => [p, null]));
/** The name a metadata field has among a Feature's properties (lib/geojson.ts prefixes one that clashes). */
const propertyName = (field: string) => Object.keys(flatProperties(FIXED_NAMES, { [field]: null })).at(-1)!;

/** The properties a type's metadata schemas describe, by field, in the schemas' order. */
function metadataFields(schemas: Record<string, unknown>[]): [string, Record<string, unknown>][] {
  const fields = new Map<string, Record<string, unknown>>();
  for (const schema of schemas) {
    const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    for (const [field, property] of Object.entries(properties)) if (!fields.has(field)) fields.set(field, property);
  }
  return [...fields];
}

/**
 * The queryables of a collection, by the name its features give each property: every
 * object's fixed ones, then (for a type's collection) each metadata field its schemas
 * describe that a filter can compare.
 */
export function queryablesOf(schemas: Record<string, unknown>[] | null): Map<string, Queryable> {
  const all = new Map(Object.entries(FIXED));
  for (const [field, property] of metadataFields(schemas ?? [])) {
    const type = typeOf(property);
    if (!type) continue;
    const { title, description, format, enum: values, minimum, maximum } = property;
    const schema = Object.fromEntries(
      Object.entries({ type: type === 'date' || type === 'timestamp' ? 'string' : type, format, title, description, enum: values, minimum, maximum }).filter(
        ([, v]) => v !== undefined,
      ),
    );
    all.set(propertyName(field), { type, sql: metadataSql(field, type), schema });
  }
  return all;
}
