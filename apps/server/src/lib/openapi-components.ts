import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import * as shared from '@observatory/shared';
import { z } from 'zod';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type Walkable = { _zod: { def: Record<string, unknown> & { type: string } } };

/** Kinds of schema worth a name of their own: a resource, a list answer, a choice of shapes. */
const NAMED_KINDS = new Set(['object', 'union', 'intersection', 'record']);

/** The shared package's schemas by identity, each with its exported name less `Schema`: `ProjectDetailSchema` is `ProjectDetail`. */
const EXPORTED_NAMES = new Map<unknown, string>(
  Object.entries(shared)
    .filter(([name, value]) => name.endsWith('Schema') && value instanceof z.ZodType && NAMED_KINDS.has(value._zod.def.type))
    .map(([name, value]) => [value, name.slice(0, -'Schema'.length)]),
);

/** The schemas a schema is made of, one level down. */
function parts(schema: Walkable): unknown[] {
  const def = schema._zod.def;
  switch (def.type) {
    case 'object':
      return Object.values(def.shape as Record<string, unknown>);
    case 'array':
      return [def.element];
    case 'union':
      return def.options as unknown[];
    case 'intersection':
      return [def.left, def.right];
    case 'record':
      return [def.valueType];
    case 'tuple':
      return def.items as unknown[];
    case 'pipe':
      return [def.in, def.out];
    case 'lazy':
      return [(def.getter as () => unknown)()];
    default:
      return 'innerType' in def ? [def.innerType] : [];
  }
}

/** Gives every shared schema inside `root` its exported name in the global registry, which the document's components come from. */
function nameExported(root: unknown, seen = new Set<unknown>()): void {
  if (!(root instanceof z.ZodType) || seen.has(root)) return;
  seen.add(root);
  const id = EXPORTED_NAMES.get(root);
  const meta = z.globalRegistry.get(root);
  if (id && meta?.id !== id) z.globalRegistry.add(root, { ...meta, id });
  for (const part of parts(root as unknown as Walkable)) nameExported(part, seen);
}

/**
 * Every answer built of the shared package's schemas refers to them by name
 * (`#/components/schemas/ProjectDetail`), so a generated client has a `Project` and a
 * `Publication` and the document states each shape once. Request bodies, queries and
 * parameters stay inline (a query must be spelled out as parameters); schemas inside
 * them that answers also use are referred to by the same name.
 */
export function withNamedComponents(transform: Transform): Transform {
  return (input) => {
    const responses = (input.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {};
    for (const [status, answer] of Object.entries(responses)) {
      if (!status.startsWith('2')) continue;
      const media = (answer as { content?: Record<string, { schema?: unknown }> }).content;
      for (const schema of media ? Object.values(media).map((m) => m.schema) : [answer]) nameExported(schema);
    }
    return transform(input);
  };
}

type Document = { components?: { schemas?: Record<string, unknown> } };

/** The names `value` refers to (`$ref: '#/components/schemas/X'`). */
function referencedNames(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencedNames(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(COMPONENT)) found.add(child.slice(COMPONENT.length));
      else referencedNames(child, found);
    }
  }
  return found;
}
const COMPONENT = '#/components/schemas/';

/**
 * Every named schema comes out twice (as read, `XInput`, and as answered, `X`), used or
 * not; only those the operations reach, directly or through another, are kept.
 */
export function withoutUnusedComponents<T extends object>(output: T): T {
  const schemas = (output as Document).components?.schemas;
  if (!schemas) return output;
  const { components: _components, ...rest } = output as Document;
  const reached = referencedNames(rest, new Set());
  for (const pending = [...reached]; pending.length > 0;) {
    for (const name of referencedNames(schemas[pending.pop()!], new Set())) {
      if (reached.has(name)) continue;
      reached.add(name);
      pending.push(name);
    }
  }
  for (const name of Object.keys(schemas)) if (!reached.has(name)) delete schemas[name];
  return output;
}
