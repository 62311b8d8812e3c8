import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ProjectCreateSchema, UpdateWriteSchema } from '@observatory/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../authz/authorize.js';
import { findByKey } from '../../authz/lookup.js';
import type { ReceiveUpload } from '../../lib/uploads.js';
import type { Db } from '../client.js';
import { projects as projectsTable, settings } from '../schema/index.js';
import { DEMO_PROJECTS, SAMPLE_PROJECT, type DemoFile, type DemoProject } from './demo-projects.js';

/** Set once the demo projects are in: a second start adds nothing. */
const SEEDED_KEY = 'demo_projects_seeded';
/** The web's /projects/sample shows the project with this slug. */
export const SAMPLE_SLUG = 'sample';

/** Slices of the test fixtures the demo files are made of (files/README.md says where from). */
const FILES_DIR = path.join(import.meta.dirname, 'files');

/**
 * The demo projects (demo-projects.ts), made through the projects services as their owners
 * would make them: each demo account creates its projects, adds the members, posts the
 * news and uploads the files (contributors and institutions: see seedProject). All in one
 * transaction, once: on a database that has the demo accounts (see seedDemo) and no demo
 * projects yet.
 */
export async function seedDemoProjects(app: FastifyInstance): Promise<void> {
  const started = performance.now();
  let added = 0;
  try {
    added = await app.database.transaction(async (tx) => {
      const [done] = await tx.select().from(settings).where(eq(settings.key, SEEDED_KEY));
      if (done) return 0;
      const usernames = new Set(
        [SAMPLE_PROJECT, ...DEMO_PROJECTS].flatMap((p) => [
          p.owner,
          ...p.members.map(([m]) => m),
          ...p.updates.map((u) => u.author),
          ...(p.files ?? []).flatMap((f) => f.versions.map((v) => v.author)),
        ]),
      );
      const accounts = new Map<string, string>();
      for (const username of usernames) {
        const user = await app.services.users.findByLogin(username);
        if (!user) return 0; // the demo accounts are gone: nothing to seed them for
        accounts.set(username, user.id);
      }
      // Fresh each time: roles given on a new project count from the next actor on.
      const actorOf = async (username: string) => (await app.services.users.actorFor(accounts.get(username)!))!;

      const sample = await seedProject(app, tx, actorOf, SAMPLE_PROJECT);
      // "sample" is a reserved slug (lib/slugs.ts: the web's path word), so the service
      // will not give it out: the sample project is made under its title's slug and
      // renamed here, directly, without keeping that first slug as a former one.
      await tx.update(projectsTable).set({ slug: SAMPLE_SLUG }).where(eq(projectsTable.id, sample));
      for (const project of DEMO_PROJECTS) await seedProject(app, tx, actorOf, project);

      await tx.insert(settings).values({ key: SEEDED_KEY, value: sql`now()::text` });
      return 1 + DEMO_PROJECTS.length;
    });
  } catch (err) {
    // Demo data must never stop a start (say a demo person was deleted since): skip it.
    // (Bytes of demo files uploaded before the failure stay in the storage, unreferenced.)
    app.log.warn({ err }, 'Demo projects not added');
    return;
  }
  if (added) app.log.info(`Demo projects added: ${added}, among them /projects/${SAMPLE_SLUG} (${Math.round(performance.now() - started)} ms)`);
}

/** One project with everything it has; answers its id. */
async function seedProject(app: FastifyInstance, tx: Db, actorOf: (username: string) => Promise<Actor>, p: DemoProject): Promise<string> {
  const { projects } = app.services;
  const teamId = (await findByKey(tx, 'team', p.team))?.id ?? null;
  const input = ProjectCreateSchema.parse({
    project: { title: p.title, summary: p.summary, status: p.status, visibility: p.visibility, startDate: p.startDate, endDate: p.endDate, teamId },
    doc: p.doc,
  });
  const id = (await projects.createProject(await actorOf(p.owner), input)).project.id;
  const owner = await actorOf(p.owner);
  for (const [username, role] of p.members) await projects.putMember(owner, id, username, role);
  for (const [personId, title] of p.contributors) await projects.putContributor(owner, id, randomUUID(), { personId, title });
  for (const [institutionId, role] of p.institutions) await projects.putInstitution(owner, id, randomUUID(), { institutionId, role });
  for (const u of p.updates) {
    const author = u.author === p.owner ? owner : await actorOf(u.author);
    await projects.createUpdate(author, id, UpdateWriteSchema.parse({ update: { title: u.title, publishedAt: u.publishedAt }, doc: u.doc }));
  }
  for (const file of p.files ?? []) await addDemoFile(app, actorOf, id, file);
  return id;
}

/** A file and its versions, uploaded through the files service as a browser's form would. */
async function addDemoFile(app: FastifyInstance, actorOf: (username: string) => Promise<Actor>, projectId: string, file: DemoFile): Promise<void> {
  const bytes = fs.readFileSync(path.join(FILES_DIR, file.source));
  const upload =
    (lines: number | null): ReceiveUpload =>
    async (store) => {
      const fields = { name: file.name, description: file.description };
      await store({ stream: Readable.from([firstLines(bytes, lines)]), fileName: file.source, declaredType: 'text/csv' }, fields);
      return fields;
    };
  const [first, ...later] = file.versions;
  const { id } = await app.services.projectFiles.createFile(await actorOf(first!.author), projectId, upload(first!.lines));
  for (const v of later) await app.services.projectFiles.createVersion(await actorOf(v.author), projectId, id, upload(v.lines));
}

/** The first n lines, with their line ends (all of it when n is null). */
function firstLines(bytes: Buffer, n: number | null): Buffer {
  let end = 0;
  for (let i = 0; n !== null && i < n; i++) {
    const next = bytes.indexOf(0x0a, end);
    if (next < 0) return bytes;
    end = next + 1;
  }
  return n === null ? bytes : bytes.subarray(0, end);
}
