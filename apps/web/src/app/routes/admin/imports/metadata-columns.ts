/**
 * What the object import's metadata columns may be mapped to, by the server's rule
 * (apps/server/src/lib/metadata.ts): the fields the chosen types' schemas describe, and
 * any other key only when a type has no schema or one of its schemas leaves
 * additionalProperties open. Pure, so the wording and the matching are tested without a page.
 */
import { schemasOf, type ImportColumn, type MetadataSchema, type ObjectType } from '@observatory/shared';
import { guessNamedColumns } from './guess';

type TypeSchemas = Pick<ObjectType, 'slug' | 'name' | 'metadata_schemas'>;

export interface MetadataTerms {
  /** The chosen types, in the order chosen. */
  types: TypeSchemas[];
  /** The keys their schemas describe, in schema order. */
  keys: string[];
  /** A key none of them describes is taken too. */
  open: boolean;
}

/** The terms of the chosen types (slugs in `chosen`, in that order) among those known. */
export function metadataTerms(known: readonly TypeSchemas[] | undefined, chosen: readonly string[]): MetadataTerms {
  const types = chosen.map((slug) => known?.find((t) => t.slug === slug)).filter((t): t is TypeSchemas => !!t);
  const schemas = types.flatMap(schemasOf);
  const open = types.some((t) => schemasOf(t).length === 0) || schemas.some((s) => s.additionalProperties !== false);
  const keys = [...new Set(schemas.flatMap((s) => Object.keys((s.properties as Record<string, unknown> | undefined) ?? {})))];
  return { types, keys, open };
}

/** "Site", "Site and Plot", "Site, Plot and Soil plot". */
export const typeNames = (types: readonly { name: string }[]) => {
  const names = types.map((t) => t.name);
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
};

const START = 'Map columns to metadata fields in the list of columns below';

/** The help above the columns: what may be typed, said truly for the chosen types. */
export function metadataHelp(terms: MetadataTerms, mayAddFields: boolean): string {
  if (terms.types.length === 0) return `${START}: every type’s fields are offered. Choose the objects’ types: their schemas say which fields they take.`;
  if (terms.open) return `${START}: the chosen types’ fields are offered, and any other key may be typed.`;
  const whose = terms.types.length === 1 ? `${terms.types[0]!.name}’s schema takes` : `The schemas of ${typeNames(terms.types)} take`;
  const takes = terms.keys.length ? `${whose} only these fields: ${terms.keys.join(', ')}.` : `${whose} no metadata fields.`;
  const other = mayAddFields
    ? 'Another key typed can be added to the schema from its column.'
    : 'Another field has to be added to the schema first, by someone who manages it.';
  return `${START}. ${takes} ${other}`;
}

/** Why a typed key will not import, or null: the chosen types' schemas are closed and none describes it. */
export function keyProblem(key: string, terms: MetadataTerms): string | null {
  if (!key || terms.types.length === 0 || terms.open || terms.keys.includes(key)) return null;
  return `Not a field of ${typeNames(terms.types)}`;
}

/** Where a field added for the import goes: the first chosen type's first schema (a closed type has one). */
export function schemaToExtend(terms: MetadataTerms): { type: TypeSchemas; schema: MetadataSchema } | null {
  const type = terms.types[0];
  const schema = type && Object.values(type.metadata_schemas)[0];
  return type && schema ? { type, schema } : null;
}

/** The schema with a text field `key` added (left optional: no object changes). */
export function withTextField(schema: Record<string, unknown>, key: string): Record<string, unknown> {
  const properties = (schema.properties as Record<string, unknown> | undefined) ?? {};
  return { ...schema, properties: { ...properties, [key]: { type: 'string' } } };
}

/**
 * The mapping with each column whose header names a field (its key or title, whatever the
 * case, spaces and underscores) mapped to it; columns taken by other options or mapped already stay.
 */
export function mapByHeader(
  columns: readonly ImportColumn[],
  fields: readonly { key: string; label: string }[],
  taken: ReadonlySet<number>,
  mapped: Readonly<Record<string, string>>,
): Record<string, string> {
  return guessNamedColumns(
    columns,
    fields.map((f) => ({ name: f.key, title: f.label })),
    taken,
    mapped,
  );
}
