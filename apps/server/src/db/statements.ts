import { createHash } from 'node:crypto';
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import pg from 'pg';

/** Texts named at most; later ones stay unnamed (each named text costs memory on every connection). */
const MAX_NAMED = 500;
/** Texts remembered as seen once, waiting for a second use. */
const MAX_SEEN = 5000;

/**
 * Which statements are sent as named (server-side prepared) statements: selects with
 * parameters, from their second use. PostgreSQL parses and plans a named statement once
 * per connection and then reuses its plan; for a detail's one large statement, parsing
 * and planning cost more than running it (0.2 of 0.33 ms on a server, two thirds of a
 * millisecond embedded). A text used once (an id list of one length) stays unnamed.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly seenOnce = new Set<string>();

  /** The name to send `text` under, or undefined to send it unnamed. */
  nameOf(text: string, params: readonly unknown[] | undefined): string | undefined {
    const named = this.names.get(text);
    if (named) return named;
    if (!params?.length || !/^\s*select\b/i.test(text)) return undefined;
    if (!this.seenOnce.has(text)) {
      if (this.seenOnce.size < MAX_SEEN) this.seenOnce.add(text);
      return undefined;
    }
    if (this.names.size >= MAX_NAMED) return undefined;
    this.seenOnce.delete(text);
    const name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    this.names.set(text, name);
    return name;
  }

  /** Forget a name whose statement failed: the next use prepares it again. */
  forget(text: string): void {
    this.names.delete(text);
  }

  get size(): number {
    return this.names.size;
  }
}

/**
 * A server pool whose repeated selects go out named. node-postgres prepares a named
 * statement once per connection and then sends only Bind and Execute.
 */
export function namingPool(config: pg.PoolConfig, names: StatementNames): pg.Pool {
  class NamingPool extends pg.Pool {
    override query(...args: unknown[]): never {
      const [first, values] = args as [unknown, unknown];
      if (first && typeof first === 'object' && 'text' in first && !('name' in first && first.name)) {
        const query = first as pg.QueryConfig;
        const name = names.nameOf(query.text, Array.isArray(values) ? values : query.values);
        if (name) args[0] = { ...query, name };
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  }
  return new NamingPool(config);
}

const { serialize } = protocol;

/** Messages in one buffer: PGlite runs them in one call. */
function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The embedded engine sends named statements too: `query` is replaced on the instance so
 * that a repeated select is parsed once (Parse, Describe) and then only bound and run.
 * The rest (writes, transactions, statements used once) goes through PGlite's own query.
 */
export function nameStatements(lite: PGlite, names: StatementNames): void {
  const plain = lite.query.bind(lite);
  /** Parameter types of each prepared statement, to serialise values as PGlite does. */
  const paramTypes = new Map<string, number[]>();

  async function prepare(name: string, text: string): Promise<number[]> {
    const known = paramTypes.get(name);
    if (known) return known;
    const { messages } = await lite.execProtocol(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]));
    const described = messages.find((m): m is typeof m & { dataTypeIDs: number[] } => m.name === 'parameterDescription');
    const types = described?.dataTypeIDs ?? [];
    paramTypes.set(name, types);
    return types;
  }

  async function run<T>(name: string, text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const types = await prepare(name, text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[types[i]!] ?? lite.serializers[types[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await lite.execProtocol(
      concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
    );
    return parse.parseResults(messages, lite.parsers, options)[0] as Results<T>;
  }

  lite.query = async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    const name = options?.blob ? undefined : names.nameOf(text, params);
    if (!name) return plain<T>(text, params, options);
    return lite.runExclusive(async () => {
      try {
        return await run<T>(name, text, params ?? [], options);
      } catch (err) {
        // A statement that failed is prepared afresh next time (its plan may be stale).
        names.forget(text);
        paramTypes.delete(name);
        await lite.execProtocol(concat([serialize.close({ type: 'S', name }), serialize.sync()]), { throwOnError: false });
        throw err;
      }
    });
  };
}
