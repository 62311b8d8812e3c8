import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from './client.js';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sqlKey } from './sql-key.js';
import { literal, queryTemplate } from './templates.js';

/** Stands for a Drizzle query builder: records what was built and what each run was given. */
function recorder() {
  const built: string[] = [];
  const runs: { shape: string; values: Record<string, unknown> | undefined }[] = [];
  const template = queryTemplate({
    shape: ({ where, limit }: { where: ReturnType<typeof sql>; limit: number; key: string }) => [where, limit],
    values: ({ key }) => ({ key }),
    build: (_db, { where, limit }) => {
      const shape = `${JSON.stringify(where.queryChunks.length)}:${limit}:${built.length}`;
      built.push(shape);
      return { prepare: () => ({ execute: async (values?: Record<string, unknown>) => void runs.push({ shape, values }) }) };
    },
  });
  return { template, built, runs };
}

const db = {} as Db;
const other = {} as Db;

describe('query templates', () => {
  it('build once per shape and run each time with the placeholder values', async () => {
    const { template, built, runs } = recorder();
    await template(db, { where: sql`visibility = ${'public'}`, limit: 25, key: 'a' });
    await template(db, { where: sql`visibility = ${'public'}`, limit: 25, key: 'b' });
    expect(built).toHaveLength(1);
    expect(runs.map((r) => r.values)).toEqual([{ key: 'a' }, { key: 'b' }]);

    // Another value inside a condition, another limit, another database: other shapes.
    await template(db, { where: sql`visibility = ${'members'}`, limit: 25, key: 'c' });
    await template(db, { where: sql`visibility = ${'public'}`, limit: 10, key: 'd' });
    await template(other, { where: sql`visibility = ${'public'}`, limit: 25, key: 'e' });
    expect(built).toHaveLength(4);
    expect(new Set(runs.map((r) => r.shape)).size).toBe(4);
  });

  it('keep the 200 shapes used last', async () => {
    const { template, built } = recorder();
    for (let limit = 0; limit < 201; limit++) await template(db, { where: sql`true`, limit, key: 'k' });
    expect(built).toHaveLength(201);
    await template(db, { where: sql`true`, limit: 200, key: 'k' });
    expect(built).toHaveLength(201);
    await template(db, { where: sql`true`, limit: 0, key: 'k' });
    expect(built).toHaveLength(202);
  });

  it('write page sizes into the text, where PostgreSQL can plan for them once', () => {
    const { sql: text, params } = new PgDialect().sqlToQuery(sql`select 1 limit ${literal(25)} offset ${literal(50)}`);
    expect(text).toBe('select 1 limit 25 offset 50');
    expect(params).toEqual([]);
    for (const bad of [2.5, Number.NaN, 2 ** 60]) expect(() => literal(bad)).toThrow(/whole number/);
  });
});

describe('condition keys', () => {
  it('are equal for equal conditions and differ with any value', () => {
    const visible = (v: string) => sql`visibility = ${v} and archived = ${false}`;
    expect(sqlKey(visible('public'))).toBe(sqlKey(visible('public')));
    expect(sqlKey(visible('public'))).not.toBe(sqlKey(visible('members')));
    expect(sqlKey(sql`a = ${1}`)).not.toBe(sqlKey(sql`a = ${'1'}`));
  });
});
