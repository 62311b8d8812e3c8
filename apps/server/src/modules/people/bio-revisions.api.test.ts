import { readFile } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProseMirrorDoc } from '@observatory/shared';
import { documentRevisions, people } from '../../db/schema/index.js';
import { buildAsset, buildPerson, buildUser, type TestUser } from '../../../test/factories.js';
import { api, startTestApp, unique, type TestApp } from '../../../test/harness.js';
import { imageNode } from '../assets/index.js';

let t: TestApp;
let manager: TestUser;
let someone: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  manager = await buildUser(t.app, { roles: [{ slug: 'data-manager' }] });
  someone = await buildUser(t.app);
});
afterAll(() => t.close());

const text = (words: string): ProseMirrorDoc => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] });
const as = (who: TestUser | null) => (who ? { token: who.token } : {});
const revisionsOf = async (key: string, who: TestUser | null = manager) => api(t.app, 'GET', `/people/${key}/revisions`, as(who));
const bioRevisionRows = (personId: string) =>
  t.database.use((d) =>
    d
      .select()
      .from(documentRevisions)
      .where(and(eq(documentRevisions.ownerType, 'bio'), eq(documentRevisions.ownerId, personId))),
  );

describe('a person’s bio keeps revisions, as every document does', () => {
  it('keeps each changed bio (none for the same text again), shows one, and restores an older one as the newest', async () => {
    const person = await buildPerson(t.app, manager, { bio: text('Hydrologist.') });
    expect((await revisionsOf(person.slug)).json().revisions).toHaveLength(1);

    const changed = await api(t.app, 'PUT', `/people/${person.slug}`, { token: manager.token, body: { bio: text('Hydrologist and modeller.') } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await api(t.app, 'PUT', `/people/${person.slug}`, { token: manager.token, body: { bio: text('Hydrologist and modeller.') } })).statusCode).toBe(
      200,
    );
    const revisions = (await revisionsOf(person.slug)).json().revisions as { id: string; author: { slug: string } | null }[];
    expect(revisions).toHaveLength(2);
    expect(revisions[0]!.author?.slug).toBe(manager.username);

    const first = revisions[1]!.id;
    expect((await api(t.app, 'GET', `/people/${person.slug}/revisions/${first}`, as(manager))).json().doc).toEqual(text('Hydrologist.'));
    const restored = await api(t.app, 'POST', `/people/${person.slug}/revisions/${first}/restore`, as(manager));
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ person: { id: person.id }, bio: text('Hydrologist.') });
    expect((await api(t.app, 'GET', `/people/${person.slug}`)).json().bio).toEqual(text('Hydrologist.'));
    expect((await revisionsOf(person.slug)).json().revisions).toHaveLength(3);
  });

  it('shows the history to the person and to managePeople; a visitor must sign in, anyone else is refused', async () => {
    const user = await buildUser(t.app);
    const { personId } = user;
    const self = as(user);
    expect((await api(t.app, 'PUT', `/people/${personId}`, { ...self, body: { bio: text('My own words.') } })).statusCode).toBe(200);
    expect((await api(t.app, 'GET', `/people/${personId}/revisions`, self)).json().revisions).toHaveLength(1);
    expect((await revisionsOf(personId, manager)).statusCode).toBe(200);
    expect((await revisionsOf(personId, null)).statusCode).toBe(401);
    const refused = await revisionsOf(personId, someone);
    expect(refused.statusCode).toBe(403);
    // Nor may anyone else restore one.
    const [revision] = (await revisionsOf(personId, manager)).json().revisions as { id: string }[];
    expect((await api(t.app, 'POST', `/people/${personId}/revisions/${revision!.id}/restore`, as(someone))).statusCode).toBe(403);
    expect((await api(t.app, 'GET', `/people/${personId}/revisions/${unique('x')}`, as(manager))).json().details?.[0]?.field).toBe('params.rid');
  });

  it('goes with the person', async () => {
    const person = await buildPerson(t.app, manager, { bio: text('Gone soon.') });
    expect(await bioRevisionRows(person.id)).toHaveLength(1);
    expect((await api(t.app, 'DELETE', `/people/${person.slug}`, as(manager))).statusCode).toBe(204);
    expect(await bioRevisionRows(person.id)).toEqual([]);
  });

  it('counts an image of an earlier bio as used, as the other documents do', async () => {
    const asset = await buildAsset(t.app, manager);
    const person = await buildPerson(t.app, manager, { name: 'Ada Figure', bio: { type: 'doc', content: [imageNode(asset.id)] } as unknown as ProseMirrorDoc });
    expect((await api(t.app, 'PUT', `/people/${person.slug}`, { token: manager.token, body: { bio: text('No picture now.') } })).statusCode).toBe(200);
    const usages = (await api(t.app, 'GET', `/assets/${asset.id}`, as(manager))).json().usages;
    expect(usages).toEqual([{ kind: 'document', label: 'An image in an earlier version of the text of Ada Figure’s bio', path: `/people/${person.slug}` }]);
  });

  it('a bio written before revisions were kept becomes the first of its history, once', async () => {
    const slug = unique('before');
    const [row] = await t.database.use((d) =>
      d
        .insert(people)
        .values({ name: 'Written Before', slug, bio: text('From an older catalogue.') })
        .returning(),
    );
    const migration = await readFile(new URL('../../db/migrations/0027_bio_revisions.sql', import.meta.url), 'utf8');
    await t.database.use((d) => d.execute(sql.raw(migration)));
    await t.database.use((d) => d.execute(sql.raw(migration)));
    const rows = await bioRevisionRows(row!.id);
    expect(rows.map((r) => r.doc)).toEqual([text('From an older catalogue.')]);
  });
});
