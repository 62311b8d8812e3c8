import { describe, expect, it } from 'vitest';
import { StatementNames } from './statements.js';

describe('statement names', () => {
  it('name a select with parameters from its second use, the same name each time', () => {
    const names = new StatementNames();
    const text = 'select "id" from "objects" where "name" = $1';
    expect(names.nameOf(text, ['a'])).toBeUndefined();
    const name = names.nameOf(text, ['b']);
    expect(name).toMatch(/^s_[0-9a-f]{24}$/);
    expect(names.nameOf(text, ['c'])).toBe(name);
    expect(new StatementNames().nameOf(text, ['a'])).toBeUndefined();
  });

  it('leave writes and statements without parameters unnamed', () => {
    const names = new StatementNames();
    for (let i = 0; i < 3; i++) {
      expect(names.nameOf('insert into "notes" ("text") values ($1)', ['x'])).toBeUndefined();
      expect(names.nameOf("select current_setting('server_version')", [])).toBeUndefined();
      expect(names.nameOf('with x as (select 1) delete from "notes" where "id" = $1', ['x'])).toBeUndefined();
    }
    expect(names.size).toBe(0);
  });

  it('stop naming at 500 texts, and name again a text whose statement failed once it is used twice more', () => {
    const names = new StatementNames();
    const text = (i: number) => `select ${i} where $1`;
    for (let i = 0; i < 501; i++) names.nameOf(text(i), [true]);
    for (let i = 0; i < 500; i++) expect(names.nameOf(text(i), [true])).toBeDefined();
    expect(names.nameOf(text(500), [true])).toBeUndefined();
    expect(names.size).toBe(500);

    const named = names.nameOf(text(7), [true]);
    names.forget(text(7));
    expect(names.nameOf(text(7), [true])).toBeUndefined();
    expect(names.nameOf(text(7), [true])).toBe(named);
  });
});
