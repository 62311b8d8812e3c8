import type { JsonSchema, OpenApiDocument } from './openapi';

/**
 * A schema as the reference shows it: $refs resolved against the document's components,
 * "X or null" read as a nullable X. `recursive` marks a $ref to a schema already open
 * above (the document nodes contain document nodes): it is named, never opened again.
 */
export interface SchemaView {
  schema: JsonSchema;
  /** The component the schema came from, when it came through a $ref. */
  refName: string | null;
  recursive: boolean;
  nullable: boolean;
  /** The components open from the root down to here, for the recursion guard. */
  chain: string[];
}

/** One line of the schema tree; its children are worked out only when it is opened. */
export interface SchemaNode extends SchemaView {
  /** Unique in its tree: the names from the root, joined. */
  id: string;
  name: string | null;
  required: boolean;
  label: string;
  description: string | null;
  facts: string[];
  hasChildren: boolean;
}

const COMPONENT_PREFIX = '#/components/schemas/';
const isNull = (s: JsonSchema) => s.type === 'null' || (s.const === null && !s.type);
const decodePointer = (part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~');

/** The component a local $ref names, or null for a reference the reference cannot follow. */
export function componentName(ref: string): string | null {
  return ref.startsWith(COMPONENT_PREFIX) ? decodePointer(ref.slice(COMPONENT_PREFIX.length)) : null;
}

/** Follows $refs (and the "one of X or null" wrapper), stopping at a component already in `chain`. */
export function resolveSchema(document: OpenApiDocument, raw: JsonSchema, chain: string[] = []): SchemaView {
  let schema = raw;
  let refName: string | null = null;
  let nullable = false;
  let seen = chain;
  for (;;) {
    if (schema.$ref) {
      const name = componentName(schema.$ref);
      const target = name === null ? undefined : document.components?.schemas?.[name];
      if (name === null || !target) return { schema: {}, refName: name ?? schema.$ref, recursive: false, nullable, chain: seen };
      if (seen.includes(name)) return { schema: target, refName: name, recursive: true, nullable, chain: seen };
      refName = name;
      seen = [...seen, name];
      schema = target;
      continue;
    }
    const variants = schema.anyOf ?? schema.oneOf;
    const others = variants?.filter((v) => !isNull(v));
    if (variants && others && others.length === 1 && others.length < variants.length) {
      nullable = true;
      schema = { ...others[0]!, description: schema.description ?? others[0]!.description };
      continue;
    }
    return { schema, refName, recursive: false, nullable, chain: seen };
  }
}

const typesOf = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** The schema's type as read: "string", "Publication[]", "integer | null", "one of 3". */
export function typeLabel(document: OpenApiDocument, view: SchemaView): string {
  const base = baseLabel(document, view);
  return view.nullable ? `${base} | null` : base;
}

function baseLabel(document: OpenApiDocument, { schema, refName, recursive, chain }: SchemaView): string {
  if (recursive) return refName ?? 'object';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const types = typesOf(schema);
  if (types.includes('array') || schema.items || schema.prefixItems) {
    if (schema.prefixItems) return `[${schema.prefixItems.map((item) => typeLabel(document, resolveSchema(document, item, chain))).join(', ')}]`;
    if (schema.items && typeof schema.items === 'object') {
      const item = resolveSchema(document, schema.items, chain);
      const label = item.refName ?? typeLabel(document, item);
      return label.includes(' ') ? `(${label})[]` : `${label}[]`;
    }
    return 'array';
  }
  if (types.length) return types.join(' | ');
  if (schema.oneOf) return `one of ${schema.oneOf.length}`;
  if (schema.anyOf) return `any of ${schema.anyOf.length}`;
  if (schema.properties || schema.allOf) return 'object';
  return refName ?? 'any';
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function range(min: number | undefined, max: number | undefined, unit: string): string | null {
  if (min !== undefined && max !== undefined) return min === max ? plural(min, unit) : `${min}–${max} ${unit}s`;
  if (min !== undefined) return `at least ${plural(min, unit)}`;
  if (max !== undefined) return `at most ${plural(max, unit)}`;
  return null;
}

/** The constraints worth telling: format, allowed values, default, lengths and bounds. */
export function schemaFacts(schema: JsonSchema): string[] {
  const facts: string[] = [];
  if (schema.format) facts.push(`format: ${schema.format}`);
  if (schema.enum) facts.push(`one of: ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if (schema.default !== undefined) facts.push(`default: ${JSON.stringify(schema.default)}`);
  const length = range(schema.minLength, schema.maxLength, 'character');
  if (length) facts.push(length);
  const items = range(schema.minItems, schema.maxItems, 'item');
  if (items) facts.push(items);
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? `more than ${schema.exclusiveMinimum}` : undefined);
  const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? `less than ${schema.exclusiveMaximum}` : undefined);
  if (low !== undefined && high !== undefined) facts.push(`from ${low} to ${high}`);
  else if (low !== undefined) facts.push(`minimum ${low}`);
  else if (high !== undefined) facts.push(`maximum ${high}`);
  // A format says it better than its regular expression (a UUID's is long).
  if (schema.pattern && !schema.format) facts.push(`pattern: ${schema.pattern}`);
  return facts;
}

/** The view one level in for an array (its items), or the view itself. */
function contentOf(document: OpenApiDocument, view: SchemaView): SchemaView {
  const { schema } = view;
  if (!view.recursive && schema.items && typeof schema.items === 'object' && !schema.properties)
    return contentOf(document, resolveSchema(document, schema.items, view.chain));
  return view;
}

interface Child {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** The parts a schema is made of: properties, the values of a map, tuple members or alternatives. */
function childSchemas(document: OpenApiDocument, view: SchemaView): Child[] {
  const content = contentOf(document, view);
  if (content.recursive) return [];
  const { schema } = content;
  const children: Child[] = [];
  const parts = [schema, ...(schema.allOf ?? []).map((part) => resolveSchema(document, part, content.chain).schema)];
  for (const part of parts) {
    const required = new Set(part.required ?? []);
    for (const [name, property] of Object.entries(part.properties ?? {})) children.push({ name, schema: property, required: required.has(name) });
    if (part.additionalProperties && typeof part.additionalProperties === 'object')
      children.push({ name: '{any key}', schema: part.additionalProperties, required: false });
  }
  (schema.prefixItems ?? []).forEach((item, i) => children.push({ name: `[${i}]`, schema: item, required: true }));
  const variants = schema.oneOf ?? schema.anyOf;
  variants?.forEach((variant, i) =>
    children.push({ name: variantName(document, variant, content.chain) ?? `option ${i + 1}`, schema: variant, required: false }),
  );
  return children;
}

/** A variant named by the property that tells it apart: type = "heading". */
function variantName(document: OpenApiDocument, variant: JsonSchema, chain: string[]): string | null {
  const { schema, refName } = resolveSchema(document, variant, chain);
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    if (property.const !== undefined) return `${name} = ${JSON.stringify(property.const)}`;
  return refName;
}

/** The tree's line for a schema (the root has no name). */
export function schemaNode(
  document: OpenApiDocument,
  raw: JsonSchema,
  options: { id?: string; name?: string | null; required?: boolean; chain?: string[] } = {},
): SchemaNode {
  const view = resolveSchema(document, raw, options.chain ?? []);
  const content = contentOf(document, view);
  const facts = view.recursive ? [] : schemaFacts(view.schema);
  if (content.recursive) facts.push(`the same ${content.refName} as above (it holds itself)`);
  return {
    ...view,
    id: options.id ?? 'root',
    name: options.name ?? null,
    required: options.required ?? false,
    label: typeLabel(document, view),
    description: raw.description ?? view.schema.description ?? null,
    facts,
    hasChildren: childSchemas(document, view).length > 0,
  };
}

/** The lines under a node: empty for a leaf, and for a recursive reference. */
export function childNodes(document: OpenApiDocument, node: SchemaNode): SchemaNode[] {
  const chain = contentOf(document, node).chain;
  return childSchemas(document, node).map((child) =>
    schemaNode(document, child.schema, { id: `${node.id}/${child.name}`, name: child.name, required: child.required, chain }),
  );
}
