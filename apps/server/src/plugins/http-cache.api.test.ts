import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGINATION_HEADERS } from '@observatory/shared';
import { buildNote, buildObject, buildUser, type TestUser } from '../../test/factories.js';
import { api, startTestApp, type TestApp } from '../../test/harness.js';

// docs/api.md "Caching": an ETag of every read's answer, 304 for If-None-Match, revalidation always.

let t: TestApp;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { super: true });
  other = await buildUser(t.app);
});
afterAll(() => t.close());

const read = (path: string, options: { token?: string; tag?: string } = {}) =>
  api(t.app, 'GET', path, { ...(options.token ? { token: options.token } : {}), headers: options.tag ? { 'if-none-match': options.tag } : {} });

describe('a detail', () => {
  it('carries its version and a hash of the answer; If-None-Match naming it answers 304 with no body', async () => {
    const { name } = await buildObject(t.app, owner);
    const first = await read(`/data/obj/${name}`);
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"1\.[\w-]{22}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toMatch(/Authorization/);

    const again = await read(`/data/obj/${name}`, { tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
    expect(again.headers['content-type']).toBeUndefined();
    // Weakly compared, and among others.
    expect((await read(`/data/obj/${name}`, { tag: `"elsewhere", W/${tag}` })).statusCode).toBe(304);
    expect((await read(`/data/obj/${name}`, { tag: '"elsewhere"' })).statusCode).toBe(200);
  });

  it('is written with the tag a read gave as If-Match, and reads under a new tag after', async () => {
    const { name } = await buildObject(t.app, owner);
    const tag = (await read(`/data/obj/${name}`)).headers.etag as string;
    const put = await api(t.app, 'PUT', `/data/obj/${name}`, { token: owner.token, headers: { 'if-match': tag }, body: { title: 'Renamed' } });
    expect(put.statusCode).toBe(200);
    const after = await read(`/data/obj/${name}`, { tag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).toMatch(/^"2\./);
    // The old tag no longer names the version to write on.
    const stale = await api(t.app, 'PUT', `/data/obj/${name}`, { token: owner.token, headers: { 'if-match': tag }, body: { title: 'Again' } });
    expect(stale.statusCode).toBe(412);
  });

  it('differs between readers whose permissions differ, kept private for a signed-in one', async () => {
    const { name } = await buildObject(t.app, owner);
    const visitor = await read(`/data/obj/${name}`);
    const mine = await read(`/data/obj/${name}`, { token: owner.token });
    const theirs = await read(`/data/obj/${name}`, { token: other.token });
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(mine.headers.vary).toMatch(/Authorization/);
    expect(mine.headers.etag).not.toBe(visitor.headers.etag);
    expect(mine.headers.etag).not.toBe(theirs.headers.etag);
    // The owner's tag is no good to a visitor.
    expect((await read(`/data/obj/${name}`, { tag: mine.headers.etag as string })).statusCode).toBe(200);
  });

  it('changes when a child that leaves the version alone changes (a note added)', async () => {
    const { name } = await buildObject(t.app, owner);
    const notes = await read(`/data/obj/${name}/notes`);
    await buildNote(t.app, owner, name);
    const after = await read(`/data/obj/${name}/notes`, { tag: notes.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(notes.headers.etag);
  });
});

describe('a list', () => {
  it('carries a tag that changes when a row is deleted, and its paging links beside the pagination headers', async () => {
    const { name } = await buildObject(t.app, owner);
    const notes = [];
    for (let i = 0; i < 3; i++) notes.push(await buildNote(t.app, owner, name));
    const before = await read(`/data/obj/${name}/notes`);
    expect(before.headers[PAGINATION_HEADERS.count]).toBe('3');
    expect(before.headers.link).toBe(`</api/v1/data/obj/${name}/notes?p=1>; rel="first", </api/v1/data/obj/${name}/notes?p=1>; rel="last"`);
    expect((await read(`/data/obj/${name}/notes`, { tag: before.headers.etag as string })).statusCode).toBe(304);

    const gone = await api(t.app, 'DELETE', `/data/obj/${name}/notes/${notes[0]!.id}`, { token: owner.token });
    expect(gone.statusCode).toBeLessThan(300);
    const after = await read(`/data/obj/${name}/notes`, { tag: before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers[PAGINATION_HEADERS.count]).toBe('2');
  });

  it('is not tagged when it fails, and writes are neither tagged nor cached', async () => {
    const missing = await read('/data/obj/no-such-object');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['cache-control']).toBeUndefined();
    const { name } = await buildObject(t.app, owner);
    const written = await api(t.app, 'PUT', `/data/obj/${name}`, { token: owner.token, body: { title: 'Written' } });
    expect(written.statusCode).toBe(200);
    expect(written.headers.etag).toBe('"2"');
    expect(written.headers['cache-control']).toBeUndefined();
  });

  it('keeps a route’s own Cache-Control (a basemap’s style is kept an hour)', async () => {
    const res = await read('/basemaps/osm-standard/style.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers.etag).toMatch(/^"[\w-]{22}"$/);
  });
});
