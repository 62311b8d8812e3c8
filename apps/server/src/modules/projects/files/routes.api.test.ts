import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assets, auditLog, fileVersions, projectFiles } from '../../../db/schema/index.js';
import type { ProjectFile } from '@observatory/shared';
import { buildProject, buildProjectFile, buildUser, type TestUser } from '../../../../test/factories.js';
import { api, startTestApp, upload, type FilePart, type TestApp } from '../../../../test/harness.js';

const MiB = 1024 * 1024;
const MAX_BYTES = 4 * MiB;

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await startTestApp({ files: { maxBytes: MAX_BYTES } });
  owner = await buildUser(t.app, { roles: [{ slug: 'researcher' }] });
  stranger = await buildUser(t.app);
});
afterAll(() => t.close());

/** A member of the project with this role, with a token that knows it. */
const member = (projectId: string, slug: string) => buildUser(t.app, { roles: [{ slug, target: { id: projectId, type: 'project' } }] });

const bytes = (text: string) => Buffer.from(text);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The create calls under test: a file, and a new version of one (by the owner unless told). */
const addFile = (project: string, file: FilePart | undefined, options: { token?: string; fields?: Record<string, string> } = {}) =>
  upload(t.app, 'POST', `/projects/${project}/files`, { token: 'token' in options ? options.token : owner.token, file, fields: options.fields ?? {} });
const addVersion = (project: string, fileId: string, file: FilePart | undefined, token: string | undefined = owner.token) =>
  upload(t.app, 'POST', `/projects/${project}/files/${fileId}/version`, { token, file });

/** A file's answer to its create call, which the test checks. */
async function created(res: { statusCode: number; body: string; json: () => ProjectFile }) {
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const sign = (pathToSign: string, token?: string) => api(t.app, 'GET', `/auth/sign/${pathToSign}`, { token });

/** Signs and opens a version's download, as the browser would (no Authorization header on the download). */
async function download(project: string, fileId: string, version: number | 'latest', token: string | undefined = owner.token) {
  const signed = await sign(`projects/${project}/files/${fileId}/${version}`, token);
  expect(signed.statusCode, signed.body).toBe(200);
  return t.app.inject({ method: 'GET', url: signed.json().url });
}

/** Every stored file, relative to the storage root (temporary files included). */
const storedFiles = () => (fs.readdirSync(t.filesDir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(t.filesDir, f)).isFile()).sort();
const assetCount = () => t.database.use(async (d) => (await d.select({ id: assets.id }).from(assets)).length);
const fileCount = () => t.database.use(async (d) => (await d.select({ id: fileVersions.id }).from(fileVersions)).length);
const snapshot = async () => ({ files: storedFiles(), assets: await assetCount(), versions: await fileCount() });
const auditOf = (action: string, projectId: string) =>
  t.database.use((d) => d.select().from(auditLog).where(eq(auditLog.action, action))).then((rows) => rows.filter((r) => r.targetId === projectId));
const fieldsOf = (res: { json: () => { details?: { field: string }[] } }) => (res.json().details ?? []).map((d) => d.field);

/** A multipart body in any part order (the harness sends fields first). */
async function rawUpload(url: string, parts: (['field', string, string] | ['file', string, Buffer, string])[], token = owner.token) {
  const form = new FormData();
  for (const part of parts) {
    if (part[0] === 'field') form.append(part[1], part[2]);
    else form.append(part[1], new Blob([part[2]], { type: 'application/octet-stream' }), part[3]);
  }
  const encoded = new Response(form);
  return api(t.app, 'POST', url, { token, body: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } });
}

describe('POST /projects/{id}/files', () => {
  it('adds a file with version 1, shown with the project, recorded and audited', async () => {
    const project = await buildProject(t.app, owner);
    const data = bytes('site,depth\nA,12\nB,7\n');
    const res = await addFile(
      project.slug,
      { data, fileName: 'C:\\field\\cores.csv', type: 'text/csv' },
      { fields: { name: 'Core depths', description: ' Measured in 2024 ' } },
    );
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json();
    expect(file).toEqual({
      id: expect.any(String),
      name: 'Core depths',
      description: 'Measured in 2024',
      createdAt: expect.any(String),
      version: 1,
      versions: [
        {
          version: 1,
          fileName: 'cores.csv',
          mediaType: 'text/csv',
          size: data.length,
          sha256: sha256(data),
          createdAt: expect.any(String),
          author: { id: owner.personId, slug: owner.username, name: `Test ${owner.username}` },
        },
      ],
    });
    const detail = (await api(t.app, 'GET', `/projects/${project.slug}`)).json();
    expect(detail.files).toEqual([file]);
    expect((await api(t.app, 'GET', `/projects/${project.id}/files`)).json()).toEqual({ files: [file] });
    expect((await api(t.app, 'GET', `/projects/${project.id}/files/${file.id}`)).json()).toEqual(file);

    const [version] = await t.database.use((d) => d.select().from(fileVersions).where(eq(fileVersions.fileId, file.id)));
    const [asset] = await t.database.use((d) => d.select().from(assets).where(eq(assets.id, version!.assetId)));
    expect(asset).toMatchObject({ ownerId: owner.id, size: data.length, mediaType: 'text/csv' });
    expect(fs.readFileSync(path.join(t.filesDir, asset!.storageKey)).equals(data)).toBe(true);
    expect(await auditOf('project.file.create', project.id)).toEqual([
      expect.objectContaining({
        actorId: owner.id,
        after: expect.objectContaining({ fileId: file.id, name: 'Core depths', version: 1, assetId: asset!.id, sha256: sha256(data) }),
      }),
    ]);
  });

  it('names the file after the upload unless told, and reads fields sent after the file too', async () => {
    const project = await buildProject(t.app, owner);
    const unnamed = await created(await addFile(project.id, { data: bytes('x'), fileName: 'soil-moisture.xlsx', type: 'text/csv' }));
    expect(unnamed).toMatchObject({ name: 'soil-moisture.xlsx', description: null });
    const res = await rawUpload(`/projects/${project.id}/files`, [
      ['file', 'file', bytes('late fields'), 'a.txt'],
      ['field', 'name', 'Named late'],
      ['field', 'description', 'Described late'],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Named late', description: 'Described late' });
    // Files are listed by name.
    expect((await api(t.app, 'GET', `/projects/${project.id}/files`)).json().files.map((f: { name: string }) => f.name)).toEqual([
      'Named late',
      'soil-moisture.xlsx',
    ]);
  });

  it('streams a file larger than the JSON body limit', async () => {
    const project = await buildProject(t.app, owner);
    const data = randomBytes(3 * MiB);
    expect(data.length).toBeGreaterThan(t.app.config.bodyLimit);
    const file = await created(await addFile(project.id, { data, fileName: 'big.bin', type: 'text/csv' }));
    expect(file.versions[0]).toMatchObject({ size: data.length, sha256: sha256(data) });
    const res = await download(project.id, file.id, 1);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(data)).toBe(true);
  });

  it('413 past FILE_MAX_BYTES, naming the limit, and keeps nothing: no record, no bytes, no temporary file', async () => {
    const project = await buildProject(t.app, owner);
    const kept = await buildProjectFile(t.app, owner, project.id, { file: { data: bytes('v1'), fileName: 'data.csv', type: 'text/csv' } });
    const before = await snapshot();
    const tooLarge = { data: Buffer.alloc(MAX_BYTES + 1, 7), fileName: 'huge.bin' };
    for (const res of [await addFile(project.id, tooLarge, { fields: { name: 'Huge' } }), await addVersion(project.id, kept.id, tooLarge)]) {
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: expect.stringContaining(`${MAX_BYTES} bytes`), details: [{ field: 'file' }] });
      expect(res.json().error).toContain('4 MB');
    }
    expect(await snapshot()).toEqual(before);
    expect(before.files.filter((f) => f.startsWith('.tmp'))).toEqual([]);
    expect((await api(t.app, 'GET', `/projects/${project.id}/files`)).json().files.map((f: { name: string }) => f.name)).toEqual([kept.name]);
    // Exactly the limit is fine.
    expect((await addFile(project.id, { data: Buffer.alloc(MAX_BYTES, 1), fileName: 'exact.bin' })).statusCode).toBe(201);
  });

  it('400 naming the field for missing or bad input, and stores nothing', async () => {
    const project = await buildProject(t.app, owner);
    const before = await snapshot();
    const noFile = await addFile(project.id, undefined, { fields: { name: 'No file' } });
    expect(noFile.statusCode).toBe(400);
    expect(fieldsOf(noFile)).toEqual(['file']);
    const wrongPart = await addFile(project.id, { data: bytes('x'), field: 'attachment' });
    expect(fieldsOf(wrongPart)).toEqual(['file']);
    for (const [fields, field] of [
      [{ name: '   ' }, 'body.name'],
      [{ name: 'x'.repeat(301) }, 'body.name'],
      [{ description: 'x'.repeat(2001) }, 'body.description'],
    ] as const) {
      const res = await addFile(project.id, { data: bytes('x') }, { fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
    }
    // A bad field after the file: the stored bytes go again.
    const late = await rawUpload(`/projects/${project.id}/files`, [
      ['file', 'file', bytes('late'), 'a.txt'],
      ['field', 'name', ''],
    ]);
    expect(late.statusCode).toBe(400);
    expect(fieldsOf(late)).toEqual(['body.name']);
    const json = await api(t.app, 'POST', `/projects/${project.id}/files`, { token: owner.token, body: { name: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(await snapshot()).toEqual(before);
  });

  it('400 for an empty (0-byte) file or version, storing nothing', async () => {
    const project = await buildProject(t.app, owner);
    const kept = await buildProjectFile(t.app, owner, project.id, { file: { data: bytes('v1'), fileName: 'data.csv', type: 'text/csv' } });
    const before = await snapshot();
    const empty = { data: Buffer.alloc(0), fileName: 'empty.csv' };
    for (const res of [await addFile(project.id, empty), await addVersion(project.id, kept.id, empty)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([{ field: 'file', message: 'The file is empty (0 bytes): choose a file with something in it' }]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('shows names without bidirectional controls or folders, uploaded or typed', async () => {
    const project = await buildProject(t.app, owner);
    const uploaded = await created(await addFile(project.id, { data: bytes('MZ'), fileName: 'C:\\Downloads\\evil\u202egnp.exe', type: 'text/csv' }));
    expect(uploaded.name).toBe('evilgnp.exe');
    const typed = await created(
      await addFile(project.id, { data: bytes('x'), fileName: 'data.csv', type: 'text/csv' }, { fields: { name: 'report\u2067 final\u2069.pdf' } }),
    );
    expect(typed.name).toBe('report final.pdf');
    const renamed = await api(t.app, 'PUT', `/projects/${project.id}/files/${typed.id}`, { token: owner.token, body: { name: '\u202eRenamed' } });
    expect(renamed.json().name).toBe('Renamed');
  });

  it('401 signed out (before any lookup); 403 without upload; 404 for a project one cannot see', async () => {
    const project = await buildProject(t.app, owner);
    const hidden = await buildProject(t.app, owner, { visibility: 'members' });
    const viewer = await member(project.id, 'viewer');
    const before = await snapshot();
    const file = { data: bytes('x') };
    expect((await addFile(project.id, file, { token: undefined })).statusCode).toBe(401);
    expect((await addFile('no-such-project', file, { token: undefined })).statusCode).toBe(401);
    expect((await addFile(project.id, file, { token: stranger.token })).statusCode).toBe(403);
    const refused = await addFile(project.id, file, { token: viewer.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await addFile(hidden.id, file, { token: stranger.token })).statusCode).toBe(404);
    expect((await addFile('no-such-project', file)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('lets contributors upload (files and versions) but not change or delete', async () => {
    const project = await buildProject(t.app, owner);
    const contributor = await member(project.id, 'contributor');
    const res = await addFile(project.id, { data: bytes('from a contributor') }, { token: contributor.token });
    expect(res.statusCode).toBe(201);
    const fileId = res.json().id;
    expect((await addVersion(project.id, fileId, { data: bytes('v2') }, contributor.token)).statusCode).toBe(201);
    expect((await api(t.app, 'PUT', `/projects/${project.id}/files/${fileId}`, { token: contributor.token, body: { name: 'x' } })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `/projects/${project.id}/files/${fileId}/1`, { token: contributor.token })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `/projects/${project.id}/files/${fileId}`, { token: contributor.token })).statusCode).toBe(403);
  });
});

describe('versions and signed downloads', () => {
  it('puts a new version first; both download through signed URLs with their exact bytes', async () => {
    const project = await buildProject(t.app, owner);
    const v1 = randomBytes(2000);
    const v2 = Buffer.concat([v1, bytes('and more')]);
    const file = await buildProjectFile(t.app, owner, project.slug, { file: { data: v1, fileName: 'dump-1.bin', type: 'text/csv' }, name: 'Logger dump' });
    const res = await addVersion(project.slug, file.id, { data: v2, fileName: 'dump-2.bin', type: 'application/octet-stream' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      version: 2,
      fileName: 'dump-2.bin',
      mediaType: 'application/octet-stream',
      size: v2.length,
      sha256: sha256(v2),
      createdAt: expect.any(String),
      author: expect.objectContaining({ id: owner.personId }),
    });
    const versions = (await api(t.app, 'GET', `/projects/${project.slug}`)).json().files[0].versions;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(await auditOf('project.file.version.create', project.id)).toEqual([
      expect.objectContaining({ actorId: owner.id, after: expect.objectContaining({ fileId: file.id, version: 2 }) }),
    ]);

    // Version 1 was declared text/csv (above), version 2 application/octet-stream: each keeps its own.
    for (const [version, data, name, type] of [
      [1, v1, 'dump-1.bin', 'text/csv'],
      [2, v2, 'dump-2.bin', 'application/octet-stream'],
      ['latest', v2, 'dump-2.bin', 'application/octet-stream'],
    ] as const) {
      const got = await download(project.slug, file.id, version);
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(data), String(version)).toBe(true);
      expect(got.headers).toMatchObject({
        'content-type': type,
        'content-length': String(data.length),
        'content-disposition': `attachment; filename="${name}"`,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'private',
      });
    }
  });

  it('a file named after its upload shows the newest version’s name, in the list and alone; each version keeps its own', async () => {
    const project = await buildProject(t.app, owner);
    const file = await created(await addFile(project.id, { data: bytes('2023'), fileName: 'plan-2023.pdf' }));
    const named = await buildProjectFile(t.app, owner, project.id, { file: { data: bytes('a'), fileName: 'a.csv' }, name: 'Sampling plan' });
    expect((await addVersion(project.id, file.id, { data: bytes('2024'), fileName: 'plan-2024.pdf' })).statusCode).toBe(201);
    expect((await addVersion(project.id, named.id, { data: bytes('b'), fileName: 'b.csv' })).statusCode).toBe(201);

    const one = (await api(t.app, 'GET', `/projects/${project.id}/files/${file.id}`)).json();
    expect(one.name).toBe('plan-2024.pdf');
    expect(one.versions.map((v: { fileName: string }) => v.fileName)).toEqual(['plan-2024.pdf', 'plan-2023.pdf']);
    const listed = (await api(t.app, 'GET', `/projects/${project.id}/files`)).json().files;
    expect(listed.map((f: { name: string }) => f.name)).toEqual(['plan-2024.pdf', 'Sampling plan']);
    expect((await api(t.app, 'GET', `/projects/${project.slug}`)).json().files.map((f: { name: string }) => f.name)).toEqual([
      'plan-2024.pdf',
      'Sampling plan',
    ]);
    expect(await auditOf('project.file.version.create', project.id)).toContainEqual(
      expect.objectContaining({ after: expect.objectContaining({ fileId: file.id, version: 2, name: 'plan-2024.pdf' }) }),
    );

    // The newest deleted, the name goes back to the one before; a name someone chose stays through it all.
    const back = await api(t.app, 'DELETE', `/projects/${project.id}/files/${file.id}/2`, { token: owner.token });
    expect(back.json()).toMatchObject({ name: 'plan-2023.pdf', versions: [{ fileName: 'plan-2023.pdf' }] });
    expect((await api(t.app, 'GET', `/projects/${project.id}/files/${named.id}`)).json().name).toBe('Sampling plan');
  });

  it('signs a path for five minutes, as a path on this server; HEAD answers the length only', async () => {
    const project = await buildProject(t.app, owner);
    const file = await buildProjectFile(t.app, owner, project.id, { file: { data: bytes('twelve bytes'), fileName: 'data.csv', type: 'text/csv' } });
    const before = Date.now();
    const res = await sign(`projects/${project.id}/files/${file.id}/1`, owner.token);
    const after = Date.now();
    const { url, expiresAt } = res.json();
    expect(url).toMatch(new RegExp(`^/api/v1/files/[0-9a-f-]{36}\\?expires=\\d+&user=${owner.id}&signature=[\\w-]{43}$`));
    // Five minutes from when the server signed it (to the second), however long the call took.
    expect(Date.parse(expiresAt)).toBeGreaterThan(before + 299_000);
    expect(Date.parse(expiresAt)).toBeLessThanOrEqual(after + 300_000);
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('12');
    expect(head.rawPayload.length).toBe(0);
    // The API path may be given with its root too.
    expect((await sign(`api/v1/projects/${project.id}/files/${file.id}/latest`)).statusCode).toBe(200);
  });

  it('403 for an unsigned, altered or expired URL', async () => {
    const project = await buildProject(t.app, owner);
    const file = await buildProjectFile(t.app, owner, project.id, { file: { data: bytes('secret-ish'), fileName: 'data.csv', type: 'text/csv' } });
    const { url } = (await sign(`projects/${project.id}/files/${file.id}/1`, owner.token)).json();
    const parsed = new URL(url, 'http://x');
    const versionPath = parsed.pathname;
    const q = Object.fromEntries(parsed.searchParams);
    const variant = (changes: Record<string, string | undefined>) => {
      const params = new URLSearchParams(Object.entries({ ...q, ...changes }).filter((e): e is [string, string] => e[1] !== undefined));
      return `${versionPath}?${params.toString()}`;
    };
    const otherVersion = (await addVersion(project.id, file.id, { data: bytes('v2') })).json();
    expect(otherVersion.version).toBe(2);
    const { url: url2 } = (await sign(`projects/${project.id}/files/${file.id}/2`, owner.token)).json();
    const cases = [
      versionPath,
      variant({ signature: undefined }),
      variant({ signature: `${q.signature!.slice(0, -3)}AAA` }),
      variant({ signature: 'not-a-signature' }),
      variant({ expires: String(Number(q.expires) + 3600) }),
      variant({ expires: 'tomorrow' }),
      variant({ user: stranger.id }),
      variant({ user: undefined }),
      // Another version's signature does not open this one.
      `${versionPath}?${new URL(url2, 'http://x').searchParams.toString()}`,
    ];
    for (const bad of cases) {
      const res = await t.app.inject({ method: 'GET', url: bad });
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    // An unknown version with no valid signature says no more than 403 either.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/files/${randomUUID()}?${parsed.searchParams.toString()}` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 301_000 });
    const expired = await t.app.inject({ method: 'GET', url });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error).toMatch(/expired/);
  });

  it('signs for visitors as the project’s visibility allows; 404 for what the caller cannot see', async () => {
    const open = await buildProject(t.app, owner);
    const signedInOnly = await buildProject(t.app, owner, { visibility: 'signed-in' });
    const hidden = await buildProject(t.app, owner, { visibility: 'members' });
    const a = await buildProjectFile(t.app, owner, open.id, { file: { data: bytes('public bytes'), fileName: 'data.csv', type: 'text/csv' } });
    const b = await buildProjectFile(t.app, owner, signedInOnly.id, { file: { data: bytes('signed-in bytes'), fileName: 'data.csv', type: 'text/csv' } });
    const c = await buildProjectFile(t.app, owner, hidden.id, { file: { data: bytes('members bytes'), fileName: 'data.csv', type: 'text/csv' } });

    const visitor = await sign(`projects/${open.id}/files/${a.id}/1`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().url).not.toContain('user=');
    expect((await t.app.inject({ method: 'GET', url: visitor.json().url })).rawPayload.toString()).toBe('public bytes');

    expect((await sign(`projects/${signedInOnly.id}/files/${b.id}/1`)).statusCode).toBe(404);
    expect((await download(signedInOnly.id, b.id, 1, stranger.token)).rawPayload.toString()).toBe('signed-in bytes');

    for (const token of [undefined, stranger.token]) {
      expect((await sign(`projects/${hidden.id}/files/${c.id}/1`, token)).statusCode).toBe(404);
      expect((await api(t.app, 'GET', `/projects/${hidden.id}/files`, { token })).statusCode).toBe(404);
    }
    expect((await sign(`projects/${open.id}/files/${randomUUID()}/1`)).statusCode).toBe(404);
    expect((await sign(`projects/${open.id}/files/${a.id}/9`)).statusCode).toBe(404);
    // A file of another project is not found through this one.
    expect((await sign(`projects/${open.id}/files/${c.id}/1`, owner.token)).statusCode).toBe(404);
  });

  it('a members-only download stops working for someone who is no longer a member (404)', async () => {
    const hidden = await buildProject(t.app, owner, { visibility: 'members' });
    const file = await buildProjectFile(t.app, owner, hidden.id, { file: { data: bytes('members bytes'), fileName: 'data.csv', type: 'text/csv' } });
    const viewer = await member(hidden.id, 'viewer');
    const { url } = (await sign(`projects/${hidden.id}/files/${file.id}/1`, viewer.token)).json();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const removed = await api(t.app, 'DELETE', `/projects/${hidden.id}/members/${viewer.personId}`, { token: owner.token });
    expect(removed.statusCode).toBe(204);
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('members bytes');
  });

  it('400 naming the field for paths and ids that cannot be', async () => {
    const project = await buildProject(t.app, owner);
    const file = await buildProjectFile(t.app, owner, project.id, { file: { data: bytes('x'), fileName: 'data.csv', type: 'text/csv' } });
    for (const bad of [
      'projects',
      'people/ada/photo',
      `projects/${project.id}/files/not-a-uuid/1`,
      `projects/${project.id}/files/${file.id}/0`,
      `projects/${project.id}/files/${file.id}/newest`,
      `projects/${project.id}/files/${file.id}/1/extra`,
    ]) {
      const res = await sign(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(fieldsOf(res)).toEqual(['params.path']);
    }
    const badId = await api(t.app, 'PUT', `/projects/${project.id}/files/not-a-uuid`, { token: owner.token, body: { name: 'x' } });
    expect(fieldsOf(badId)).toEqual(['params.fid']);
    expect(fieldsOf(await addVersion(project.id, 'not-a-uuid', { data: bytes('x') }))).toEqual(['params.fid']);
    expect(fieldsOf(await api(t.app, 'DELETE', `/projects/${project.id}/files/${file.id}/first`, { token: owner.token }))).toEqual(['params.version']);
    expect(fieldsOf(await t.app.inject({ method: 'GET', url: '/api/v1/files/not-a-uuid' }))).toEqual(['params.versionId']);
    expect(fieldsOf(await addVersion(project.id, file.id, undefined))).toEqual(['file']);
  });

  it('numbers concurrent versions one after the other', async () => {
    const project = await buildProject(t.app, owner);
    const file = await buildProjectFile(t.app, owner, project.id, { file: { data: bytes('v1'), fileName: 'data.csv', type: 'text/csv' } });
    const results = await Promise.all(['a', 'b', 'c'].map((s) => addVersion(project.id, file.id, { data: bytes(s) })));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(results.map((r) => r.json().version).sort()).toEqual([2, 3, 4]);
    expect((await addVersion(project.id, randomUUID(), { data: bytes('x') })).statusCode).toBe(404);
  });

  it('keeps markup as application/octet-stream and names the download in UTF-8', async () => {
    const project = await buildProject(t.app, owner);
    const html = bytes('<!doctype html><script>alert(document.cookie)</script>');
    const res = await addFile(project.id, { data: html, fileName: 'Résumé (draft)*.html', type: 'text/html' });
    expect(res.json().versions[0].mediaType).toBe('application/octet-stream');
    const got = await download(project.id, res.json().id, 1);
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="R_sum_ (draft)*.html"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28draft%29%2A.html`);
    expect(got.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(got.rawPayload.equals(html)).toBe(true);
    const svg = await addFile(project.id, { data: bytes('<svg onload="alert(1)"/>'), fileName: 'logo.png', type: 'image/png' });
    expect(svg.json().versions[0].mediaType).toBe('application/octet-stream');
  });
});

describe('changing and deleting', () => {
  it('PUT renames and describes (edit), audited', async () => {
    const project = await buildProject(t.app, owner);
    const file = await buildProjectFile(t.app, owner, project.id, {
      file: { data: bytes('x'), fileName: 'data.csv', type: 'text/csv' },
      name: 'Old',
      description: 'Old text',
    });
    const res = await api(t.app, 'PUT', `/projects/${project.slug}/files/${file.id}`, { token: owner.token, body: { name: ' New name ', description: '' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: file.id, name: 'New name', description: null, versions: [{ version: 1 }] });
    expect(
      (await api(t.app, 'PUT', `/projects/${project.id}/files/${file.id}`, { token: owner.token, body: { description: 'Only this' } })).json(),
    ).toMatchObject({ name: 'New name', description: 'Only this' });
    expect(await auditOf('project.file.change', project.id)).toHaveLength(2);
    const empty = await api(t.app, 'PUT', `/projects/${project.id}/files/${file.id}`, { token: owner.token, body: { name: '' } });
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toEqual(['body.name']);
    expect((await api(t.app, 'PUT', `/projects/${project.id}/files/${file.id}`, { body: { name: 'x' } })).statusCode).toBe(401);
    expect((await api(t.app, 'PUT', `/projects/${project.id}/files/${file.id}`, { token: stranger.token, body: { name: 'x' } })).statusCode).toBe(403);
    expect((await api(t.app, 'PUT', `/projects/${project.id}/files/${randomUUID()}`, { token: owner.token, body: { name: 'x' } })).statusCode).toBe(404);
  });

  it('DELETE a version removes its asset and bytes; the only version is refused (409)', async () => {
    const project = await buildProject(t.app, owner);
    const file = await buildProjectFile(t.app, owner, project.id, { file: { data: bytes('first'), fileName: 'data.csv', type: 'text/csv' } });
    await addVersion(project.id, file.id, { data: bytes('second') });
    const { url: oldUrl } = (await sign(`projects/${project.id}/files/${file.id}/1`)).json();
    const before = await snapshot();
    expect((await api(t.app, 'DELETE', `/projects/${project.id}/files/${file.id}/1`)).statusCode).toBe(401);
    expect((await api(t.app, 'DELETE', `/projects/${project.id}/files/${file.id}/1`, { token: stranger.token })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `/projects/${project.id}/files/${file.id}/7`, { token: owner.token })).statusCode).toBe(404);
    const res = await api(t.app, 'DELETE', `/projects/${project.id}/files/${file.id}/1`, { token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().versions.map((v: { version: number }) => v.version)).toEqual([2]);
    const after = await snapshot();
    expect(after).toMatchObject({ assets: before.assets - 1, versions: before.versions - 1 });
    expect(before.files.filter((f) => !after.files.includes(f))).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: oldUrl })).statusCode).toBe(404);
    expect(await auditOf('project.file.version.delete', project.id)).toEqual([
      expect.objectContaining({ before: expect.objectContaining({ fileId: file.id, version: 1 }) }),
    ]);

    const only = await api(t.app, 'DELETE', `/projects/${project.id}/files/${file.id}/2`, { token: owner.token });
    expect(only.statusCode).toBe(409);
    expect(only.json().error).toMatch(/delete the file instead/);
    expect(await snapshot()).toEqual(after);
  });

  it('never gives a deleted version’s number to another: after deleting the newest, the next is still new', async () => {
    const project = await buildProject(t.app, owner);
    const file = await buildProjectFile(t.app, owner, project.id, { file: { data: bytes('first'), fileName: 'data.csv', type: 'text/csv' } });
    await addVersion(project.id, file.id, { data: bytes('second') });
    const { url: secondUrl } = (await sign(`projects/${project.id}/files/${file.id}/2`)).json();
    expect((await api(t.app, 'DELETE', `/projects/${project.id}/files/${file.id}/2`, { token: owner.token })).statusCode).toBe(200);
    const third = await addVersion(project.id, file.id, { data: bytes('third') });
    expect(third.json().version).toBe(3);
    // A link made for the deleted version 2 finds nothing rather than other bytes.
    expect((await t.app.inject({ method: 'GET', url: secondUrl })).statusCode).toBe(404);
    const versions = (await api(t.app, 'GET', `/projects/${project.slug}`)).json().files.find((f: { id: string }) => f.id === file.id).versions;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([3, 1]);
  });

  it('DELETE a file removes every version, asset and byte', async () => {
    const project = await buildProject(t.app, owner);
    const file = await buildProjectFile(t.app, owner, project.id, { file: { data: bytes('one'), fileName: 'data.csv', type: 'text/csv' } });
    await addVersion(project.id, file.id, { data: bytes('two') });
    const before = await snapshot();
    expect((await api(t.app, 'DELETE', `/projects/${project.id}/files/${file.id}`, { token: stranger.token })).statusCode).toBe(403);
    expect((await api(t.app, 'DELETE', `/projects/${project.id}/files/${file.id}`, { token: owner.token })).statusCode).toBe(204);
    const after = await snapshot();
    expect(after).toMatchObject({ assets: before.assets - 2, versions: before.versions - 2 });
    expect(before.files.filter((f) => !after.files.includes(f))).toHaveLength(2);
    expect((await api(t.app, 'GET', `/projects/${project.id}/files/${file.id}`)).statusCode).toBe(404);
    expect((await api(t.app, 'DELETE', `/projects/${project.id}/files/${file.id}`, { token: owner.token })).statusCode).toBe(404);
    expect(await auditOf('project.file.delete', project.id)).toEqual([
      expect.objectContaining({ actorId: owner.id, before: expect.objectContaining({ fileId: file.id, versions: expect.any(Array) }) }),
    ]);
  });

  it('deleting the project removes its files’ assets and bytes', async () => {
    const project = await buildProject(t.app, owner);
    const a = await buildProjectFile(t.app, owner, project.id, { file: { data: bytes('a'), fileName: 'data.csv', type: 'text/csv' } });
    await addVersion(project.id, a.id, { data: bytes('a2') });
    await buildProjectFile(t.app, owner, project.id, { file: { data: bytes('b'), fileName: 'data.csv', type: 'text/csv' } });
    const assetIds = await t.database.use(async (d) =>
      (
        await d
          .select({ assetId: fileVersions.assetId })
          .from(fileVersions)
          .innerJoin(projectFiles, eq(projectFiles.id, fileVersions.fileId))
          .where(eq(projectFiles.projectId, project.id))
      ).map((r) => r.assetId),
    );
    expect(assetIds).toHaveLength(3);
    const keys = (await t.database.use((d) => d.select().from(assets).where(inArray(assets.id, assetIds)))).map((r) => r.storageKey);
    expect(keys.every((k) => fs.existsSync(path.join(t.filesDir, k)))).toBe(true);
    expect((await api(t.app, 'DELETE', `/projects/${project.id}`, { token: owner.token })).statusCode).toBe(204);
    expect(await t.database.use((d) => d.select().from(assets).where(inArray(assets.id, assetIds)))).toEqual([]);
    expect(keys.some((k) => fs.existsSync(path.join(t.filesDir, k)))).toBe(false);
  });
});
