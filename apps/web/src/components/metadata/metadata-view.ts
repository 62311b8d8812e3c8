import { schemasOf, type ObjectType } from '@observatory/shared';

/** One metadata field as the overview shows it: its title, its value with the unit, and which type it belongs to. */
export interface MetadataRow {
  key: string;
  label: string;
  value: string;
  /** The type whose schema describes it; null for a field no schema knows. */
  type: string | null;
}

interface FieldSchema {
  type?: string | string[];
  title?: string;
  format?: string;
  enum?: unknown[];
  'x-unit'?: string;
  'x-enumLabels'?: Record<string, string>;
  oneOf?: { const?: unknown; title?: string }[];
}

/** Units written straight after the number (50%, 12°); every other unit after a space (1850 m). */
const TIGHT_UNITS = new Set(['%', '°', '‰', '′', '″']);

const withUnit = (text: string, unit: string | undefined) => (!unit ? text : TIGHT_UNITS.has(unit) ? `${text}${unit}` : `${text} ${unit}`);

function formatNumber(value: number, schema: FieldSchema): string {
  // Years and codes read wrongly with thousands separators: only non-integers and large measures get them.
  const integer = schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'));
  return integer ? String(value) : value.toLocaleString('en', { maximumFractionDigits: 6, useGrouping: Math.abs(value) >= 10_000 });
}

function formatDate(value: string, format: string | undefined): string {
  const date = new Date(format === 'date' ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return format === 'date'
    ? date.toLocaleDateString('en', { dateStyle: 'medium', timeZone: 'UTC' })
    : date.toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
}

/** An enum value's label: from oneOf titles or x-enumLabels when the schema has them, else the value with a capital. */
function enumLabel(value: string, schema: FieldSchema): string {
  const titled = schema.oneOf?.find((o) => o.const === value)?.title ?? schema['x-enumLabels']?.[value];
  return titled ?? value.charAt(0).toUpperCase() + value.slice(1);
}

/** A value as text, by its schema: numbers with their unit, dates, yes/no, enum labels; anything else plainly. */
export function formatValue(value: unknown, schema: FieldSchema = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return withUnit(formatNumber(value, schema), schema['x-unit']);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    if (schema.format === 'date' || schema.format === 'date-time') return formatDate(value, schema.format);
    if (schema.enum || schema.oneOf) return enumLabel(value, schema);
    return withUnit(value, schema['x-unit']);
  }
  if (Array.isArray(value)) return value.map((v) => formatValue(v, { ...schema, type: undefined })).join(', ');
  return JSON.stringify(value);
}

/** What describes metadata: a type (of an object or a node) by its key, and its schemas in order. */
export interface MetadataSource {
  key: string;
  schemas: Record<string, unknown>[];
}

/** An object type as a source of metadata fields. */
export const objectTypeSource = (type: ObjectType): MetadataSource => ({ key: type.slug, schemas: schemasOf(type) });

/** The fields of all the source's schemas, in order; a field two schemas describe, as the first does. */
function fieldsOf(source: MetadataSource): Record<string, FieldSchema> {
  const fields: Record<string, FieldSchema> = {};
  for (const schema of source.schemas) {
    for (const [key, field] of Object.entries((schema.properties ?? {}) as Record<string, FieldSchema>)) if (!(key in fields)) fields[key] = field;
  }
  return fields;
}

/**
 * Metadata in the order of its types' schemas, each field under its schema
 * title with its unit; fields no loaded schema describes come last, under their own names.
 */
export function metadataRows(metadata: Record<string, unknown>, sources: MetadataSource[]): MetadataRow[] {
  const rows: MetadataRow[] = [];
  const seen = new Set<string>();
  for (const source of sources) {
    for (const [key, schema] of Object.entries(fieldsOf(source))) {
      if (seen.has(key) || !(key in metadata)) continue;
      seen.add(key);
      rows.push({ key, label: schema.title ?? key, value: formatValue(metadata[key], schema), type: source.key });
    }
  }
  for (const [key, value] of Object.entries(metadata)) {
    if (!seen.has(key)) rows.push({ key, label: key, value: formatValue(value), type: null });
  }
  return rows;
}
