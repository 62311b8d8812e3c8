import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.js';
import { rowsOf, type Database } from './client.js';
import { roles } from './schema/index.js';

// One connection, so that pg_prepared_statements (one session's) shows what was prepared.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase({ poolSize: 1 });
});
afterAll(() => database.close());

const prepared = async (text: string) =>
  rowsOf<{ name: string }>(await database.use((d) => d.execute(sql`select name from pg_prepared_statements where statement = ${text}`))).map((r) => r.name);

/** One select with a value of each kind a repo sends, and the text it goes out as. */
const typed = (n: number) => sql`select ${n}::int as n, ${`text ${n}`}::text as t, ${new Date(Date.UTC(2026, 0, n)).toISOString()}::timestamptz as at,
  ${JSON.stringify({ n })}::jsonb as j, ${null}::text as nothing, ${sql.param([`a${n}`, 'b'])}::text[] as list, ${n > 1}::boolean as flag`;

describe('named statements', () => {
  it('a select repeated goes out named and answers exactly as it did unnamed', async () => {
    const answers = [];
    for (const n of [1, 2, 3]) answers.push(rowsOf(await database.use((d) => d.execute(typed(n)))));
    expect(answers.map((rows) => rows.length)).toEqual([1, 1, 1]);
    const [first, second] = answers.map((rows) => rows[0] as Record<string, unknown>);
    expect(first).toMatchObject({ n: 1, t: 'text 1', j: { n: 1 }, nothing: null, list: ['a1', 'b'], flag: false });
    expect(second).toMatchObject({ n: 2, t: 'text 2', j: { n: 2 }, nothing: null, list: ['a2', 'b'], flag: true });
    expect(new Date(second!.at as string).toISOString()).toBe('2026-01-02T00:00:00.000Z');

    expect(await prepared(new PgDialect().sqlToQuery(typed(1)).sql)).toHaveLength(1);
  });

  it('a typed select (columns mapped by Drizzle) answers the same from its first to its third use', async () => {
    await database.use((d) => d.insert(roles).values({ slug: 'named-reader', name: 'Named reader', permissions: ['viewAll', 'editAll'] }));
    const read = () =>
      database.use((d) =>
        d.select({ slug: roles.slug, permissions: roles.permissions, createdAt: roles.createdAt }).from(roles).where(eq(roles.slug, 'named-reader')),
      );
    const [first, second, third] = [await read(), await read(), await read()];
    expect(first).toHaveLength(1);
    expect(first![0]!.createdAt).toBeInstanceOf(Date);
    expect(first![0]!.permissions).toEqual(['viewAll', 'editAll']);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
  });

  it('a named statement that fails throws its error, and the next use answers', async () => {
    const divide = (by: number) => database.use((d) => d.execute(sql`select 12 / ${by}::int as q`));
    expect(rowsOf(await divide(3))).toEqual([{ q: 4 }]);
    expect(rowsOf(await divide(4))).toEqual([{ q: 3 }]);
    await expect(divide(0)).rejects.toMatchObject({ cause: { code: '22012' } });
    expect(rowsOf(await divide(6))).toEqual([{ q: 2 }]);
    expect(rowsOf(await divide(2))).toEqual([{ q: 6 }]);
    expect(rowsOf(await divide(1))).toEqual([{ q: 12 }]);
  });

  it('writes and statements without parameters are not prepared', async () => {
    for (let i = 0; i < 3; i++) {
      await database.use((d) => d.execute(sql`select 42 as answer`));
      await database.use((d) => d.execute(sql`update roles set name = name where slug = ${'nobody'}`));
    }
    const texts = rowsOf<{ statement: string }>(await database.use((d) => d.execute(sql`select statement from pg_prepared_statements`))).map(
      (r) => r.statement,
    );
    expect(texts.some((t) => t.includes('42 as answer'))).toBe(false);
    expect(texts.some((t) => t.startsWith('update roles'))).toBe(false);
    expect(texts.length).toBeGreaterThan(0);
  });
});
