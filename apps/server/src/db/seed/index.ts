import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { newSecret } from '../../lib/secrets.js';
import { holdStartLock, type Db } from '../client.js';
import {
  affiliations,
  institutionCategories,
  institutions,
  metadataSchemas,
  metadataSchemaVersions,
  objectTypeParents,
  objectTypes,
  objectTypeSchemas,
  people,
  roleAssignments,
  roles,
  settings,
  teams,
  users,
} from '../schema/index.js';
import { BUILTIN_OBJECT_TYPES } from './object-types.js';
import { DEMO_CATEGORIES, DEMO_INSTITUTIONS, DEMO_MORE_PEOPLE, DEMO_PEOPLE, DEMO_TEAMS } from './demo.js';
import { slugify } from '../../lib/slugs.js';
import { seedDemoCatalogue } from './demo-catalogue.js';
import { seedDemoInsights } from './insights.js';
import { seedDemoPublications } from './publications.js';
import { seedDemoMeasured } from './demo-measured.js';
import { seedDemoObjects } from './objects.js';
import { ensureGuidePages } from './pages.js';
import { seedDemoProjects } from './projects.js';
import { BUILTIN_ROLES } from './roles.js';

/** The first administrator's sign-in, when the server made up its password. */
export interface GeneratedAdmin {
  username: string;
  password: string;
}

/**
 * Built-in roles (added when missing), the user guide's pages (once), the first administrator, and the demo data set if
 * asked for. Answers the administrator's generated password, for server.ts to show once
 * after start-up, below every log line.
 */
export async function prepareData(app: FastifyInstance): Promise<GeneratedAdmin | null> {
  await ensureBuiltinRoles(app);
  await ensureBuiltinObjectTypes(app);
  await ensureGuidePages(app);
  const admin = await ensureFirstAdmin(app);
  if (app.config.seedDemo) {
    await seedDemo(app.database.transaction.bind(app.database), await app.services.hasher.hash(app.config.demoPassword), app);
    await seedDemoProjects(app);
    await seedDemoObjects(app);
    await seedDemoCatalogue(app);
    await seedDemoMeasured(app);
    await seedDemoInsights(app);
    await seedDemoPublications(app);
  }
  return admin;
}

export async function ensureBuiltinRoles(app: FastifyInstance): Promise<void> {
  await app.database.use((d) => d.insert(roles).values(BUILTIN_ROLES).onConflictDoNothing({ target: roles.slug }));
}

/** UCUM's units at every start; the built-in object types and their schemas at the first only (administrators manage them after). */
export async function ensureBuiltinObjectTypes(app: FastifyInstance): Promise<void> {
  await app.services.schema.units.ensureReference();
  await app.database.transaction(async (tx) => {
    await holdStartLock(tx);
    if ((await tx.select().from(settings).where(eq(settings.key, 'object_types_seeded'))).length) return;
    const types = await tx
      .insert(objectTypes)
      .values(BUILTIN_OBJECT_TYPES.map(({ slug, name, marker, position }) => ({ slug, name, marker, position })))
      .onConflictDoNothing({ target: objectTypes.slug })
      .returning();
    const id = (slug: string) => types.find((t) => t.slug === slug)?.id;
    for (const type of BUILTIN_OBJECT_TYPES) {
      const typeId = id(type.slug);
      if (!typeId) continue; // there already, as an administrator left it
      const [schema] = await tx
        .insert(metadataSchemas)
        .values({ slug: `${type.slug}-basics`, title: `${type.name} basics`, schema: type.schema })
        .onConflictDoNothing()
        .returning();
      if (schema) {
        await tx.insert(metadataSchemaVersions).values({ schemaId: schema.id, version: 1, title: schema.title, schema: schema.schema });
        await tx.insert(objectTypeSchemas).values({ typeId, schemaId: schema.id });
      }
      const parents = type.parents.map(id).filter((p) => p !== undefined);
      if (parents.length) await tx.insert(objectTypeParents).values(parents.map((parentId) => ({ typeId, parentId })));
    }
    await tx.insert(settings).values({ key: 'object_types_seeded', value: 'true' });
  });
}

/** With no account at all, create the administrator: ADMIN_PASSWORD, or a generated one (answered). */
async function ensureFirstAdmin(app: FastifyInstance): Promise<GeneratedAdmin | null> {
  const { database, config, services } = app;
  if ((await services.users.countUsers()) > 0) return null;
  const password = config.admin.password ?? newSecret(12);
  const created = await database.transaction(async (tx) => {
    // Another process starting at the same time may have made it meanwhile.
    await holdStartLock(tx);
    if ((await services.users.countUsers()) > 0) return false;
    const person = await services.people.createPersonRecord(tx, { name: 'Administrator', slug: config.admin.username });
    await services.users.createUser({
      personId: person.id,
      username: config.admin.username,
      email: config.admin.email,
      passwordHash: await services.hasher.hash(password),
      super: true,
    });
    return true;
  });
  return created && !config.admin.password ? { username: config.admin.username, password } : null;
}

async function seedDemo(transaction: <T>(job: (tx: Db) => Promise<T>) => Promise<T>, passwordHash: string, app: FastifyInstance) {
  const seeded = await transaction(async (tx) => {
    const [done] = await tx.select().from(settings).where(eq(settings.key, 'demo_seeded'));
    if (done) return false;
    await tx.insert(institutionCategories).values(DEMO_CATEGORIES);
    const insts = await tx
      .insert(institutions)
      .values(DEMO_INSTITUTIONS.map(({ category, ...i }) => ({ ...i, categoryId: DEMO_CATEGORIES[category]!.id })))
      .returning();
    const bySlug = new Map(insts.map((i) => [i.slug, i.id]));
    const demoTeams = await tx.insert(teams).values(DEMO_TEAMS).returning();
    const roleIds = new Map((await tx.select().from(roles)).map((r) => [r.slug, r.id]));
    for (const [i, p] of DEMO_PEOPLE.entries()) {
      const [person] = await tx.insert(people).values({ slug: p.username, name: p.name, email: p.email }).returning();
      await tx.insert(affiliations).values({ personId: person!.id, institutionId: bySlug.get(p.institution)!, title: p.title, primary: true });
      const [user] = await tx.insert(users).values({ personId: person!.id, username: p.username, email: p.email, passwordHash }).returning();
      if (p.role) await tx.insert(roleAssignments).values({ userId: user!.id, roleId: roleIds.get(p.role)! });
      // Each account owns one team and edits the next.
      const own = demoTeams[i % demoTeams.length]!;
      const next = demoTeams[(i + 1) % demoTeams.length]!;
      await tx.insert(roleAssignments).values([
        { userId: user!.id, roleId: roleIds.get('owner')!, targetType: 'team', targetId: own.id },
        { userId: user!.id, roleId: roleIds.get('editor')!, targetType: 'team', targetId: next.id },
      ]);
    }
    const more = await tx
      .insert(people)
      .values(DEMO_MORE_PEOPLE.map((p) => ({ slug: slugify(p.name), name: p.name })))
      .returning();
    await tx.insert(affiliations).values(
      more.map((person, i) => ({
        personId: person.id,
        institutionId: bySlug.get(DEMO_MORE_PEOPLE[i]!.institution)!,
        title: DEMO_MORE_PEOPLE[i]!.title,
        primary: true,
      })),
    );
    await tx.insert(settings).values({ key: 'demo_seeded', value: sql`now()::text` });
    return true;
  });
  if (seeded) app.log.info(`Demo data added: users ${DEMO_PEOPLE.map((p) => p.username).join(', ')} (password from DEMO_PASSWORD)`);
}
