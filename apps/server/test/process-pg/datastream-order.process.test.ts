import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';

/**
 * The order latest values are read in, kept on each datastream (migration 0043), with two
 * connections at once on one PostgreSQL database: a datastream made while its object is
 * renamed keeps the new name, which latest values find the object by. Runs when
 * TEST_DATABASE_URL names a server (the embedded database has one connection).
 */

const serverUrl = process.env.TEST_DATABASE_URL!;
const name = `observatory_order_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const renamer = new pg.Client({ connectionString: url.toString() });
const writer = new pg.Client({ connectionString: url.toString() });

beforeAll(async () => {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ url: url.toString(), dataDir: null, poolSize: 1, queueTimeoutMs: 30_000 });
  await database.migrate();
  await database.close();
  await Promise.all([renamer.connect(), writer.connect()]);
  await renamer.query(`
    insert into projects (slug, title) values ('river', 'River');
    insert into objects (name, title) values ('station-a', 'Station A'), ('station-c', 'Station C');
    insert into metrics (name, title, type) values ('temp', 'Temperature', 'number');
    insert into data_tables (project_id, title) select id, 'Loggers' from projects`);
});

afterAll(async () => {
  await Promise.all([renamer.end(), writer.end()]);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

/** Makes the datastream of `object`'s temperature, answering the name it keeps, and says when it has. */
function makeStream(object: string) {
  const made = { done: false };
  const query = writer
    .query<{ object_name: string }>(
      `insert into datastreams (project_id, table_id, object_id, metric_id)
       select p.id, t.id, o.id, m.id from projects p, data_tables t, objects o, metrics m where o.name = $1
       returning object_name`,
      [object],
    )
    .then((r) => {
      made.done = true;
      return r.rows;
    });
  return { made, query };
}

describe('the order kept on each datastream, with two connections at once', () => {
  it('a datastream made while its object is renamed waits for the rename and keeps the new name', async () => {
    await renamer.query('begin');
    await renamer.query(`update objects set name = 'station-b' where name = 'station-a'`);
    const { made, query } = makeStream('station-a');
    await sleep(300);
    // Without the lock its trigger takes, it would read the old name now and keep it.
    expect(made.done).toBe(false);
    await renamer.query('commit');
    expect(await query).toEqual([{ object_name: 'station-b' }]);
  });

  it('a rename begun while a datastream is being made waits for it, then renames it too', async () => {
    await writer.query('begin');
    const { query } = makeStream('station-c');
    expect(await query).toEqual([{ object_name: 'station-c' }]);
    let renamed = false;
    const rename = renamer.query(`update objects set name = 'station-d' where name = 'station-c'`).then(() => (renamed = true));
    await sleep(300);
    expect(renamed).toBe(false);
    await writer.query('commit');
    await rename;
    const kept = await writer.query(`select d.object_name from datastreams d join objects o on o.id = d.object_id where o.name = 'station-d'`);
    expect(kept.rows).toEqual([{ object_name: 'station-d' }]);
  });
});
