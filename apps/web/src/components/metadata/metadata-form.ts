/**
 * The metadata form of an object, generated from the JSON Schemas of its types: one field
 * per property, with the control its JSON type calls for, the limits the schema sets, and
 * the unit (`x-unit`) shown beside the value. Pure, so the rules are tested without a page.
 */

import { schemasOf, type ObjectType } from '@observatory/shared';
import { lengthProblem } from '../../lib/form-rules';

export type MetadataFieldKind = 'text' | 'select' | 'number' | 'integer' | 'boolean' | 'date';

export interface MetadataField {
  key: string;
  kind: MetadataFieldKind;
  label: string;
  description: string | null;
  required: boolean;
  unit: string | null;
  /** The allowed values of a select. */
  options: string[];
  /** Inclusive bounds of a number (minimum/maximum). */
  min: number | null;
  max: number | null;
  /** Exclusive bounds of a number (exclusiveMinimum/exclusiveMaximum). */
  above: number | null;
  below: number | null;
  maxLength: number | null;
  /** The names of the types that ask for this field. */
  types: string[];
}

/** What the form holds for one field: '' when empty (inputs cannot hold undefined). */
export type MetadataValue = string | number | boolean;
export type MetadataValues = Record<string, MetadataValue>;

/** A type as the form sees it: its name and its schemas, in order (an object satisfies all of them). */
export interface TypeWithSchema {
  name: string;
  schemas: Record<string, unknown>[];
}

/** An object type's schemas in order, as the form takes them. */
export const withSchemas = (type: Pick<ObjectType, 'name' | 'metadata_schemas'>): TypeWithSchema => ({ name: type.name, schemas: schemasOf(type) });

interface PropertySchema {
  type?: string | string[];
  title?: string;
  description?: string;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxLength?: number;
  'x-unit'?: string;
}

const numberOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function kindOf(p: PropertySchema): MetadataFieldKind {
  const type = Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type;
  if (Array.isArray(p.enum) && p.enum.length > 0) return 'select';
  if (type === 'integer') return 'integer';
  if (type === 'number') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'string' && p.format === 'date') return 'date';
  return 'text';
}

function fieldOf(key: string, p: PropertySchema, required: boolean, typeName: string): MetadataField {
  return {
    key,
    kind: kindOf(p),
    label: p.title?.trim() || key,
    description: p.description?.trim() || null,
    required,
    unit: typeof p['x-unit'] === 'string' ? p['x-unit'] : null,
    options: (p.enum ?? []).map(String),
    min: numberOrNull(p.minimum),
    max: numberOrNull(p.maximum),
    above: numberOrNull(p.exclusiveMinimum),
    below: numberOrNull(p.exclusiveMaximum),
    maxLength: numberOrNull(p.maxLength),
    types: [typeName],
  };
}

const stricterMin = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
const stricterMax = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/**
 * A field asked for by two types: the value must satisfy both schemas (the server checks
 * each type on its own), so the stricter limits hold and it is required if either requires it.
 */
function merge(a: MetadataField, b: MetadataField): MetadataField {
  return {
    ...a,
    description: a.description ?? b.description,
    required: a.required || b.required,
    unit: a.unit ?? b.unit,
    options: a.options.length && b.options.length ? a.options.filter((o) => b.options.includes(o)) : a.options.length ? a.options : b.options,
    min: stricterMin(a.min, b.min),
    max: stricterMax(a.max, b.max),
    above: stricterMin(a.above, b.above),
    below: stricterMax(a.below, b.below),
    maxLength: stricterMax(a.maxLength, b.maxLength),
    types: [...a.types, ...b.types],
  };
}

/** The fields of all the types' schemas, in schema order, a property shared by several types once. */
export function metadataFields(types: TypeWithSchema[]): MetadataField[] {
  const fields = new Map<string, MetadataField>();
  for (const type of types) {
    for (const schema of type.schemas) {
      const properties = (schema.properties ?? {}) as Record<string, PropertySchema>;
      const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
      for (const [key, property] of Object.entries(properties)) {
        const field = fieldOf(key, property ?? {}, required.has(key), type.name);
        const existing = fields.get(key);
        // A field two schemas of one type describe is still that type's once.
        fields.set(key, existing ? { ...merge(existing, field), types: [...new Set([...existing.types, ...field.types])] } : field);
      }
    }
  }
  return [...fields.values()];
}

function initialValue(field: MetadataField, value: unknown): MetadataValue {
  if (field.kind === 'boolean') return value === true;
  if (field.kind === 'number' || field.kind === 'integer') return typeof value === 'number' ? value : '';
  return value === undefined || value === null ? '' : String(value);
}

/** The form's values for an object's metadata: every field present, empty ones as ''. */
export function metadataFormValues(fields: MetadataField[], metadata: Record<string, unknown>): MetadataValues {
  return Object.fromEntries(fields.map((f) => [f.key, initialValue(f, metadata[f.key])]));
}

const isEmpty = (v: MetadataValue | undefined) => v === undefined || v === '' || (typeof v === 'string' && v.trim() === '');

function numberError(field: MetadataField, n: number): string | null {
  if (!Number.isFinite(n)) return 'Enter a number';
  if (field.kind === 'integer' && !Number.isInteger(n)) return 'Enter a whole number';
  const unit = field.unit ? ` ${field.unit}` : '';
  if (field.min !== null && n < field.min) return `At least ${field.min}${unit}`;
  if (field.max !== null && n > field.max) return `At most ${field.max}${unit}`;
  if (field.above !== null && n <= field.above) return `More than ${field.above}${unit}`;
  if (field.below !== null && n >= field.below) return `Less than ${field.below}${unit}`;
  return null;
}

/** One field's error, or null: required, number limits, choices, length, dates. */
export function metadataFieldError(field: MetadataField, value: MetadataValue | undefined): string | null {
  if (field.kind === 'boolean') return null;
  if (isEmpty(value)) return field.required ? `${field.label} is required` : null;
  if (field.kind === 'number' || field.kind === 'integer') return numberError(field, typeof value === 'number' ? value : Number(value));
  const text = String(value);
  if (field.kind === 'select' && !field.options.includes(text)) return `Choose one of ${field.options.join(', ')}`;
  if (field.kind === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(text)) return 'Enter a date (YYYY-MM-DD)';
  return lengthProblem(text, field.maxLength ?? undefined);
}

/** Errors keyed by field key; empty when the values may be sent. */
export function validateMetadata(fields: MetadataField[], values: MetadataValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const error = metadataFieldError(field, values[field.key]);
    if (error) errors[field.key] = error;
  }
  return errors;
}

/**
 * The metadata to send: the fields of the current types only (a field of a type taken
 * away would be refused), empty ones left out, numbers as numbers, text trimmed.
 */
export function toMetadata(fields: MetadataField[], values: MetadataValues): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (field.kind === 'boolean') {
      if (value === true) metadata[field.key] = true;
    } else if (!isEmpty(value)) {
      metadata[field.key] = field.kind === 'number' || field.kind === 'integer' ? Number(value) : String(value).trim();
    }
  }
  return metadata;
}
