import { receiveFile } from '../lib/uploads.js';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../authz/authorize.js';
import { rowsOf } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import { buildInstitution, buildObject, buildPerson, buildProject, buildProjectFile, buildUser, type TestUser } from '../../test/factories.js';
import { api, startTestApp, type TestApp } from '../../test/harness.js';

/**
 * An upload takes time: its bytes are read after the target was found. Whatever holds
 * the upload may be deleted meanwhile; the upload then answers 404 or 409, never 500,
 * and leaves nothing behind. Each case deletes the target while the upload is read.
 */

let t: TestApp;
let admin: TestUser;
let actor: Actor;
let png: Buffer;
beforeAll(async () => {
  t = await startTestApp();
  admin = await buildUser(t.app, { roles: [{ slug: 'administrator' }] });
  actor = (await t.app.services.users.actorFor(admin.id))!;
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#396' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const assetCount = async () => rowsOf<{ n: number }>(await t.app.database.use((d) => d.execute('select count(*)::int as n from assets')))[0]!.n;

/** The upload's bytes, read only after `meanwhile` has run. */
const uploadAfter = (meanwhile: () => Promise<unknown>) => async () => {
  await meanwhile();
  return { stream: Readable.from([png]), fileName: 'logo.png' };
};

async function expectRefused(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect([404, 409]).toContain((error as AppError).status);
}

describe('an upload whose target is deleted meanwhile', () => {
  it('an institution logo', async () => {
    const institution = await buildInstitution(t.app, admin);
    const before = await assetCount();
    await expectRefused(
      t.app.services.institutions.setLogo(
        actor,
        institution.slug,
        uploadAfter(() => api(t.app, 'DELETE', `/institutions/${institution.id}`, { token: admin.token })),
      ),
    );
    expect(await assetCount()).toBe(before);
  });

  it('a person photo', async () => {
    const person = await buildPerson(t.app, admin);
    const before = await assetCount();
    await expectRefused(
      t.app.services.people.setPhoto(
        actor,
        person.slug,
        uploadAfter(() => api(t.app, 'DELETE', `/people/${person.slug}`, { token: admin.token })),
      ),
    );
    expect(await assetCount()).toBe(before);
  });

  it('an object photo', async () => {
    const { name } = await buildObject(t.app, admin);
    const before = await assetCount();
    await expectRefused(
      t.app.services.photos.createPhoto(actor, name, receiveFile(uploadAfter(() => api(t.app, 'DELETE', `/data/obj/${name}`, { token: admin.token })))),
    );
    expect(await assetCount()).toBe(before);
  });

  it('a project file and a new version', async () => {
    const receiveAfter =
      (meanwhile: () => Promise<unknown>) =>
      async (store: (upload: { stream: Readable; fileName: string; declaredType: string }, fields: Record<string, string>) => Promise<void>) => {
        await meanwhile();
        await store({ stream: Readable.from([Buffer.from('a,b\n1,2\n')]), fileName: 'data.csv', declaredType: 'text/csv' }, {});
        return {};
      };
    const before = await assetCount();
    const project = await buildProject(t.app, admin);
    await expectRefused(
      t.app.services.projectFiles.createFile(
        actor,
        project.slug,
        receiveAfter(() => api(t.app, 'DELETE', `/projects/${project.id}`, { token: admin.token })),
      ),
    );

    const other = await buildProject(t.app, admin);
    const file = await buildProjectFile(t.app, admin, other.slug);
    const withFile = await assetCount();
    await expectRefused(
      t.app.services.projectFiles.createVersion(
        actor,
        other.slug,
        file.id,
        receiveAfter(() => api(t.app, 'DELETE', `/projects/${other.id}/files/${file.id}`, { token: admin.token })),
      ),
    );
    expect(await assetCount()).toBe(withFile - 1);
    expect(withFile).toBe(before + 1);
  });
});
