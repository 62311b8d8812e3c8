import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.js';
import { rowsOf, type Database } from '../db/client.js';
import { arrayParam } from './sql-arrays.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase({ poolSize: 1 });
});
afterAll(() => database.close());

const read = async (query: ReturnType<typeof sql>) => rowsOf<{ v: unknown }>(await database.use((d) => d.execute(query))).map((r) => r.v);

describe('arrayParam: a column as array text, read back as sent', () => {
  it('text with quotes, backslashes, commas, braces, spaces, a NULL spelled out, an empty string and a real null', async () => {
    const values = ['say "hi"', 'C:\\data\\x', 'a,b', '{x}', '  two  spaces ', 'NULL', '', null, 'ünïcode ✓'];
    expect(await read(sql`select unnest(${arrayParam(values, 'text')}::text[]) as v`)).toEqual(values);
  });

  it('uuids, times and numbers bare; null and undefined as NULL', async () => {
    const uuids = ['0b78462e-e012-4ff8-9f47-2f9698fcf144', null];
    expect(await read(sql`select unnest(${arrayParam(uuids, 'bare')}::uuid[]) as v`)).toEqual(uuids);
    const times = ['2024-05-01T12:00:00.000Z', '1999-12-31T23:59:59.999Z'];
    const back = await read(sql`select unnest(${arrayParam(times, 'bare')}::timestamptz[]) as v`);
    expect(back.map((t) => new Date(t as string).toISOString())).toEqual(times);
    const numbers = [0, -1.5, 0.1 + 0.2, 1e21, 5e-324, undefined, Number.MAX_VALUE, Infinity, -Infinity, NaN];
    expect(await read(sql`select unnest(${arrayParam(numbers, 'bare')}::float8[]) as v`)).toEqual([
      0,
      -1.5,
      0.1 + 0.2,
      1e21,
      5e-324,
      null,
      Number.MAX_VALUE,
      Infinity,
      -Infinity,
      NaN,
    ]);
  });

  it('an empty column is an empty array', async () => {
    expect(await read(sql`select cardinality(${arrayParam([], 'text')}::text[]) as v`)).toEqual([0]);
  });
});
