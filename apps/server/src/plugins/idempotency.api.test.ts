import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TTL_H } from '@observatory/shared';
import { idempotencyKeys } from '../db/schema/index.js';
import { buildApiKey, buildObject, buildUser, type TestUser } from '../../test/factories.js';
import { samplePng } from '../../test/factories/answer.js';
import { api, startTestApp, unique, uniqueIp, type FilePart, type TestApp } from '../../test/harness.js';

// docs/api.md "Idempotency-Key": a POST under a key is carried out once, per caller.

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  alice = await buildUser(t.app, { super: true });
  bob = await buildUser(t.app, { super: true });
});
afterAll(() => t.close());

const newKey = () => unique('key-');

/** A POST as `token` (a session's or an API key) under `key`. */
const post = (path: string, token: string, key: string | undefined, body?: unknown) =>
  api(t.app, 'POST', path, { token, body, headers: key === undefined ? {} : { 'idempotency-key': key } });

const notesPath = (object: string) => `/data/obj/${object}/notes`;
const notesOf = async (object: string): Promise<{ id: string; content: string }[]> =>
  (await api(t.app, 'GET', notesPath(object), { token: alice.token })).json().notes;

/** The kept row of a caller's key. */
const rowOf = async (caller: string, key: string) =>
  (
    await t.database.use((d) =>
      d
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key))),
    )
  )[0];

/** A multipart body as a browser's FormData sends it: each one with a boundary of its own. */
async function form(file: FilePart) {
  const data = new FormData();
  data.append('file', new Blob([file.data], { type: file.type ?? 'application/octet-stream' }), file.fileName ?? 'upload');
  const encoded = new Response(data);
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
}

describe('Idempotency-Key', () => {
  it('answers the same key and body again with the first answer, and creates once', async () => {
    const object = await buildObject(t.app, alice);
    const key = newKey();
    const first = await post(notesPath(object.name), alice.token, key, { content: 'Seen once' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post(notesPath(object.name), alice.token, key, { content: 'Seen once' });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect((await notesOf(object.name)).filter((n) => n.content === 'Seen once')).toHaveLength(1);
    expect(await rowOf(`user:${alice.id}`, key)).toMatchObject({ status: 201, method: 'POST', path: '/api/v1/data/obj/:key/notes' });
  });

  it('answers the same key with another body, or on another path, 422 naming the header, and does nothing', async () => {
    const object = await buildObject(t.app, alice);
    const other = await buildObject(t.app, alice);
    const key = newKey();
    expect((await post(notesPath(object.name), alice.token, key, { content: 'First' })).statusCode).toBe(201);
    const changed = await post(notesPath(object.name), alice.token, key, { content: 'Second' });
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({ code: 'UNPROCESSABLE', details: [{ field: 'headers.idempotency-key' }] });
    const elsewhere = await post(notesPath(other.name), alice.token, key, { content: 'First' });
    expect(elsewhere.statusCode).toBe(422);
    expect((await notesOf(object.name)).map((n) => n.content)).toEqual(['First']);
    expect(await notesOf(other.name)).toEqual([]);
  });

  it('answers 409 while the first request under the key still runs, and does nothing', async () => {
    const object = await buildObject(t.app, alice);
    const key = newKey();
    expect((await post(notesPath(object.name), alice.token, key, { content: 'Running' })).statusCode).toBe(201);
    // As if it were still running: claimed, no answer yet.
    await t.database.use((d) =>
      d
        .update(idempotencyKeys)
        .set({ status: null, headers: null, response: null })
        .where(and(eq(idempotencyKeys.caller, `user:${alice.id}`), eq(idempotencyKeys.key, key))),
    );
    const meanwhile = await post(notesPath(object.name), alice.token, key, { content: 'Running' });
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json()).toMatchObject({ code: 'CONFLICT', details: [{ field: 'headers.idempotency-key' }] });
    expect(await notesOf(object.name)).toHaveLength(1);
  });

  it('carries out two requests sent at once under one key once', async () => {
    const object = await buildObject(t.app, alice);
    const key = newKey();
    const answers = await Promise.all([1, 2, 3].map(() => post(notesPath(object.name), alice.token, key, { content: 'Twice clicked' })));
    const created = answers.filter((a) => a.statusCode === 201 && !a.headers['idempotent-replayed']);
    expect(created).toHaveLength(1);
    for (const answer of answers.filter((a) => a !== created[0])) {
      expect([201, 409]).toContain(answer.statusCode);
      if (answer.statusCode === 201) expect(answer.body).toBe(created[0]!.body);
    }
    expect(await notesOf(object.name)).toHaveLength(1);
  });

  it('keeps each caller’s keys apart: another user’s same key is a request of its own', async () => {
    const object = await buildObject(t.app, alice);
    const key = newKey();
    const mine = await post(notesPath(object.name), alice.token, key, { content: 'Same words' });
    const theirs = await post(notesPath(object.name), bob.token, key, { content: 'Same words' });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(theirs.json().author).toMatchObject({ id: bob.personId });
    expect(await notesOf(object.name)).toHaveLength(2);
  });

  it('scopes an API key’s requests to that key: its owner signed in, and their other keys, are other callers', async () => {
    const object = await buildObject(t.app, alice);
    const [one, two] = [await buildApiKey(t.app, alice, { permissions: ['comment'] }), await buildApiKey(t.app, alice, { permissions: ['comment'] })];
    const key = newKey();
    const body = { content: 'From a script' };
    const byKey = await post(notesPath(object.name), one.secret, key, body);
    expect(byKey.statusCode, byKey.body).toBe(201);
    expect((await post(notesPath(object.name), one.secret, key, body)).headers['idempotent-replayed']).toBe('true');
    const byOtherKey = await post(notesPath(object.name), two.secret, key, body);
    const inPerson = await post(notesPath(object.name), alice.token, key, body);
    for (const answer of [byOtherKey, inPerson]) {
      expect(answer.statusCode).toBe(201);
      expect(answer.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(await notesOf(object.name)).toHaveLength(3);
    expect(await rowOf(`key:${one.id}`, key)).toMatchObject({ status: 201 });
  });

  it('answers a malformed key 400 naming the header, and does nothing', async () => {
    const object = await buildObject(t.app, alice);
    for (const key of ['', 'k'.repeat(256), 'clé', 'tab\there']) {
      const res = await post(notesPath(object.name), alice.token, key, { content: 'Malformed' });
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'headers.idempotency-key' }] });
    }
    expect((await post(notesPath(object.name), alice.token, 'k'.repeat(255), { content: 'Longest' })).statusCode).toBe(201);
    expect((await notesOf(object.name)).map((n) => n.content)).toEqual(['Longest']);
  });

  it('keeps 4xx answers and answers them again: the request would fail the same way', async () => {
    const name = unique('not-yet-');
    const key = newKey();
    const missing = await post(notesPath(name), alice.token, key, { content: 'Too early' });
    expect(missing.statusCode).toBe(404);
    await buildObject(t.app, alice, { name });
    const again = await post(notesPath(name), alice.token, key, { content: 'Too early' });
    expect(again.statusCode).toBe(404);
    expect(again.body).toBe(missing.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await notesOf(name)).toEqual([]);
  });

  it('runs a request again once its key has expired', async () => {
    const object = await buildObject(t.app, alice);
    const key = newKey();
    expect((await post(notesPath(object.name), alice.token, key, { content: 'Yesterday' })).statusCode).toBe(201);
    await t.database.use((d) =>
      d
        .update(idempotencyKeys)
        .set({ createdAt: sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_H + 1})` })
        .where(and(eq(idempotencyKeys.caller, `user:${alice.id}`), eq(idempotencyKeys.key, key))),
    );
    const later = await post(notesPath(object.name), alice.token, key, { content: 'Yesterday' });
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await notesOf(object.name)).toHaveLength(2);
  });

  it('sweeps expired keys away', async () => {
    const stale = newKey();
    await t.database.use((d) =>
      d.insert(idempotencyKeys).values({
        caller: `user:${bob.id}`,
        key: stale,
        method: 'POST',
        path: '/api/v1/pages',
        bodyHash: 'x',
        status: 201,
        createdAt: sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_H + 1})`,
      }),
    );
    // A process sweeps on its first claim (then now and then).
    const other = await startTestApp({}, t.database);
    try {
      const object = await buildObject(other.app, alice);
      expect(
        (await api(other.app, 'POST', notesPath(object.name), { token: alice.token, body: { content: 'Sweep' }, headers: { 'idempotency-key': newKey() } }))
          .statusCode,
      ).toBe(201);
    } finally {
      await other.close();
    }
    expect(await rowOf(`user:${bob.id}`, stale)).toBeUndefined();
  });

  it('hashes an upload’s file, whatever boundary its form picks: the same file is answered again, another is 422', async () => {
    const object = await buildObject(t.app, alice);
    const key = newKey();
    const png = await samplePng();
    const send = async (file: FilePart) => {
      const { body, type } = await form(file);
      // eslint-disable-next-line tests/factories-for-test-data -- the upload under a key, sent again, is what this test checks
      return api(t.app, 'POST', `/data/obj/${object.name}/photos`, { token: alice.token, body, headers: { 'content-type': type, 'idempotency-key': key } });
    };
    const first = await send(png);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(png);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    const other = await send({ ...png, data: Buffer.concat([png.data, Buffer.from([0])]) });
    expect(other.statusCode).toBe(422);
    const photos = (await api(t.app, 'GET', `/data/obj/${object.name}/photos`, { token: alice.token })).json().photos;
    expect(photos).toHaveLength(1);
  });

  it('keeps only the status of an answer holding a secret: the same key again answers 409 and makes no second API key', async () => {
    const key = newKey();
    const path = `/users/${alice.username}/apikeys`;
    const first = await post(path, alice.token, key, { comment: 'Once only' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().secret).toBeTruthy();
    const again = await post(path, alice.token, key, { comment: 'Once only' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', details: [{ field: 'headers.idempotency-key' }] });
    expect(again.body).not.toContain(first.json().secret);
    const keys = (await api(t.app, 'GET', path, { token: alice.token })).json().apikeys as { comment: string }[];
    expect(keys.filter((k) => k.comment === 'Once only')).toHaveLength(1);
    const row = await rowOf(`user:${alice.id}`, key);
    expect(row).toMatchObject({ status: 201, response: null, headers: null });
  });

  it('ignores a visitor’s key: a visitor is nobody in particular', async () => {
    const key = newKey();
    const ip = uniqueIp();
    for (const login of [unique('nobody'), unique('someone')]) {
      const res = await api(t.app, 'POST', '/auth/reset', { body: { login }, headers: { 'idempotency-key': key }, ip });
      expect(res.statusCode).toBe(202);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    }
    const rows = await t.database.use((d) => d.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)));
    expect(rows).toEqual([]);
  });

  it('is declared on every POST of the OpenAPI document, with its 409 and 422', () => {
    const document = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; responses: Record<string, unknown> }>>;
    };
    const posts = Object.entries(document.paths).flatMap(([path, item]) => (item.post ? [{ path, operation: item.post }] : []));
    expect(posts.length).toBeGreaterThan(50);
    const without = posts.filter(
      ({ operation }) =>
        !operation.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key') || !operation.responses['409'] || !operation.responses['422'],
    );
    expect(without.map((p) => p.path)).toEqual([]);
    const puts = Object.values(document.paths).flatMap((item) => (item.put ? [item.put] : []));
    expect(puts.filter((op) => op.parameters?.some((p) => p.name === 'idempotency-key'))).toEqual([]);
  });
});
