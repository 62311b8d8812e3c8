import type { FastifyInstance } from 'fastify';
import { institutions, teams } from '../src/db/schema/index.js';
import { unique } from './harness.js';

export interface TestUser {
  id: string;
  personId: string;
  username: string;
  email: string;
  password: string;
  /** An access token, issued directly (no login round trip). */
  token: string;
}

/** A person with an account, optionally super, disabled, or holding roles (slug, target id or null). */
export async function buildUser(
  app: FastifyInstance,
  options: { super?: boolean; disabled?: boolean; roles?: { slug: string; target?: { id: string; type: 'team' | 'project' } }[]; password?: string } = {},
): Promise<TestUser> {
  const { services, database } = app;
  const username = unique('user');
  const email = `${username}@example.org`;
  const password = options.password ?? 'correct horse battery';
  const user = await database.transaction(async (tx) => {
    const person = await services.people.createPerson(tx, { name: `Test ${username}`, slug: username, email });
    return services.users.createUser({
      personId: person.id,
      username,
      email,
      passwordHash: await services.hasher.hash(password),
      super: options.super ?? false,
    });
  });
  for (const role of options.roles ?? []) {
    const found = await services.roles.findRole(role.slug);
    await services.roles.assign(user.id, found.id, role.target ?? null);
  }
  if (options.disabled) await services.users.setDisabled(user.id, true);
  return { id: user.id, personId: user.personId, username, email, password, token: await services.tokens.issue(user.id) };
}

/** A team to hold roles on (teams' own API lands with the people issue). */
export async function buildTeam(app: FastifyInstance) {
  const slug = unique('team');
  const [team] = await app.database.use((d) =>
    d
      .insert(teams)
      .values({ slug, name: `Team ${slug}` })
      .returning(),
  );
  return team!;
}

/** An institution to affiliate people with. */
export async function buildInstitution(app: FastifyInstance) {
  const slug = unique('inst');
  const [row] = await app.database.use((d) =>
    d
      .insert(institutions)
      .values({ slug, name: `Institute ${slug}` })
      .returning(),
  );
  return row!;
}
