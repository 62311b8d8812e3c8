/**
 * Requests made up from the API's own OpenAPI document: values that fit each schema, and
 * the same values spoiled in the ways callers (and attackers) spoil them. Seeded, so a
 * run can be repeated exactly.
 */

export type Rng = () => number;

/** mulberry32: small, fast and good enough to pick test values. */
export function seeded(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

const uuid = (rng: Rng) => {
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(rng() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(rng, ['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
};

/** Strings that have broken servers: NUL, halves of surrogate pairs, markup, SQL, paths, huge and empty. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\u202egnp.exe',
  '🌲'.repeat(50),
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  'x'.repeat(10_000),
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-8FFF-FFFFFFFFFFFF',
  '-1',
  '1e309',
  'NaN',
  'true',
  'null',
];

/** Values of the wrong kind, or at the edges of numbers. */
export const NASTY_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 53,
  -(2 ** 63),
  1e308,
  [],
  {},
  [null],
  { '': null },
  JSON.parse('{"__proto__":{"admin":true}}'),
  'x',
];

export interface Schema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  default?: unknown;
}

/** A value that fits `schema` (as far as a sampler can tell), refs resolved through `resolve`. */
export function sample(schema: Schema | undefined, rng: Rng, resolve: (ref: string) => Schema, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if (schema.$ref) return sample(resolve(schema.$ref), rng, resolve, depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return pick(rng, schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return sample(pick(rng, choices), rng, resolve, depth + 1);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sample(s, rng, resolve, depth + 1)));
  const type = Array.isArray(schema.type) ? pick(rng, schema.type) : (schema.type ?? (schema.properties ? 'object' : 'string'));
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return rng() < 0.5;
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? schema.exclusiveMinimum ?? 0;
      const high = Math.min(schema.maximum ?? schema.exclusiveMaximum ?? low + 100, low + 1000);
      const n = low + rng() * (high - low);
      return type === 'integer' ? Math.floor(n) : n;
    }
    case 'array': {
      const count = Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + Math.floor(rng() * 3));
      return Array.from({ length: count }, () => sample(schema.items, rng, resolve, depth + 1));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || rng() < 0.6) out[key] = sample(property, rng, resolve, depth + 1);
      }
      return out;
    }
    default:
      return sampleString(schema, rng);
  }
}

function sampleString(schema: Schema, rng: Rng): string {
  switch (schema.format) {
    case 'uuid':
      return uuid(rng);
    case 'email':
      return `fuzz${Math.floor(rng() * 1e6)}@example.org`;
    case 'date':
      return `20${10 + Math.floor(rng() * 15)}-0${1 + Math.floor(rng() * 9)}-1${Math.floor(rng() * 9)}`;
    case 'date-time':
      return new Date(1.5e12 + rng() * 3e11).toISOString();
    case 'uri':
      return 'https://example.org/fuzz';
  }
  const min = schema.minLength ?? 1;
  const length = Math.min(schema.maxLength ?? 20, min + Math.floor(rng() * 12));
  return Array.from({ length: Math.max(min, length) }, () => pick(rng, [...'abcdefghijklmnopqrstuvwxyz0123456789-'])).join('');
}

/** The value with one part spoiled: a nasty string or value in place of a leaf, or the whole made deep. */
export function spoil(value: unknown, rng: Rng): unknown {
  const roll = rng();
  if (roll < 0.1) return deep(rng);
  if (value === null || typeof value !== 'object' || roll < 0.2) return rng() < 0.6 ? pick(rng, NASTY_STRINGS) : pick(rng, NASTY_VALUES);
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (keys.length === 0 || rng() < 0.1) {
    (copy as Record<string, unknown>)[pick(rng, ['extra', '__proto__', 'constructor', '\u0000', 'id'])] = pick(rng, NASTY_VALUES);
    return copy;
  }
  const key = pick(rng, keys);
  (copy as Record<string, unknown>)[key] = spoil((copy as Record<string, unknown>)[key], rng);
  return copy;
}

/** Stands for JSON nested `levels` deep, written out only by toJson (a client's JSON.stringify would overflow its stack). */
export class Deep {
  constructor(readonly levels: number) {}
}

function deep(rng: Rng): Deep {
  return new Deep(50 + Math.floor(rng() * 5000));
}

/** JSON text of a made-up value, deep parts written out without recursion. */
export function toJson(value: unknown): string {
  const parts: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (!(v instanceof Deep)) return v;
    parts.push(`${'['.repeat(v.levels)}"bottom"${']'.repeat(v.levels)}`);
    return `\u0001deep${parts.length - 1}\u0001`;
  });
  return text.replace(/"\\u0001deep(\d+)\\u0001"/g, (_m, i: string) => parts[Number(i)]!);
}
