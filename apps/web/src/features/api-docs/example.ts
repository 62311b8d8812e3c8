import type { JsonSchema, OpenApiDocument } from './openapi';
import { resolveSchema } from './schema';

export interface ExampleOptions {
  /** Which properties of an object to fill: only the required ones (a request body), or all (an answer). */
  properties?: 'required' | 'all';
}

/** Values of the formats the document uses, each valid for its format. */
const FORMAT_EXAMPLES: Record<string, string> = {
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  'date-time': '2025-06-01T12:00:00Z',
  date: '2025-06-01',
  time: '12:00:00',
  email: 'name@example.org',
  uri: 'https://example.org',
  url: 'https://example.org',
};

/** Past this depth optional parts are left out and required ones cut short: an example stays small. */
const MAX_DEPTH = 8;

/**
 * A small value that fits the schema, to show and to start a request body from: an enum's
 * first value, a format's typical value, the shortest length allowed, the lowest number.
 * A schema that holds itself (a document node) ends with an empty list.
 */
export function exampleOf(document: OpenApiDocument, schema: JsonSchema, options: ExampleOptions = {}): unknown {
  return valueOf(document, schema, [], 0, options.properties ?? 'all');
}

function valueOf(document: OpenApiDocument, raw: JsonSchema, chain: string[], depth: number, properties: 'required' | 'all'): unknown {
  const view = resolveSchema(document, raw, chain);
  if (view.recursive || depth > MAX_DEPTH) return undefined;
  const { schema } = view;
  const next = (s: JsonSchema) => valueOf(document, s, view.chain, depth + 1, properties);
  if (schema.const !== undefined) return schema.const;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const variant = (schema.oneOf ?? schema.anyOf)?.find((v) => v.type !== 'null');
  if (variant) return next(variant);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => next(part)).filter((v) => v && typeof v === 'object'));
  const type = typeOf(schema);
  switch (type) {
    case 'string':
      return stringExample(schema);
    case 'integer':
    case 'number':
      return numberExample(schema, type === 'integer');
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return arrayExample(schema, next);
    case 'object':
      return objectExample(schema, next, properties);
    default:
      return null;
  }
}

function typeOf(schema: JsonSchema): string | null {
  const types = (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []).filter((t) => t !== 'null');
  if (types[0]) return types[0];
  if (Array.isArray(schema.type) && schema.type.includes('null')) return 'null';
  if (schema.properties || schema.additionalProperties) return 'object';
  if (schema.items || schema.prefixItems) return 'array';
  return null;
}

function stringExample(schema: JsonSchema): string {
  const known = schema.format ? FORMAT_EXAMPLES[schema.format] : undefined;
  if (known) return known;
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  const text = 'text'.padEnd(min, 'x');
  return text.slice(0, Math.max(min, Math.min(text.length, max)));
}

function numberExample(schema: JsonSchema, integer: boolean): number {
  let value = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 0.5) : 0);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 0.5) : undefined);
  if (max !== undefined && value > max) value = max;
  return integer ? Math.ceil(value) : value;
}

function arrayExample(schema: JsonSchema, next: (s: JsonSchema) => unknown): unknown[] {
  if (schema.prefixItems) return schema.prefixItems.map((item) => next(item) ?? null);
  if (schema.maxItems === 0 || !schema.items || typeof schema.items !== 'object') return [];
  const item = next(schema.items);
  if (item === undefined) return [];
  return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
}

function objectExample(schema: JsonSchema, next: (s: JsonSchema) => unknown, properties: 'required' | 'all'): Record<string, unknown> {
  const required = new Set(schema.required ?? []);
  const result: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (properties === 'required' && !required.has(name)) continue;
    const value = next(property);
    if (value !== undefined) result[name] = value;
  }
  return result;
}

/** The example as the body editor shows it. */
export const exampleJson = (value: unknown) => JSON.stringify(value ?? null, null, 2);
