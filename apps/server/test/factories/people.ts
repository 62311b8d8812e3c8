import { randomUUID } from 'node:crypto';
import type {
  Category,
  CategoryCreateSchema,
  Institution,
  InstitutionInputSchema,
  Person,
  PersonDetail,
  PersonInputSchema,
  Team,
  TeamDetail,
  TeamInputSchema,
} from '@observatory/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { api, unique } from '../harness.js';
import { expectAnswer } from './answer.js';
import type { TestUser } from './users.js';

/** A person without an account (POST /people, managePeople). */
export async function buildPerson(app: FastifyInstance, as: TestUser, overrides: Partial<z.input<typeof PersonInputSchema>> = {}): Promise<Person> {
  const res = await api(app, 'POST', '/people', { token: as.token, body: { name: unique('Person '), ...overrides } });
  return expectAnswer<PersonDetail>(res, 201, 'POST /people').person;
}

/** A team to hold roles on (POST /teams, manageTeams); its creator gets no role on it. */
export async function buildTeam(app: FastifyInstance, as: TestUser, overrides: Partial<z.input<typeof TeamInputSchema>> = {}): Promise<Team> {
  const res = await api(app, 'POST', '/teams', { token: as.token, body: { name: unique('Team '), ...overrides } });
  return expectAnswer<TeamDetail>(res, 201, 'POST /teams').team;
}

/** An institution to affiliate people with (POST /institutions/{id}, manageInstitutions); the id is made here unless given. */
export async function buildInstitution(
  app: FastifyInstance,
  as: TestUser,
  overrides: Partial<z.input<typeof InstitutionInputSchema>> & { id?: string } = {},
): Promise<Institution> {
  const { id = randomUUID(), ...fields } = overrides;
  const res = await api(app, 'POST', `/institutions/${id}`, { token: as.token, body: { name: unique('Institute '), ...fields } });
  return expectAnswer<Institution>(res, 201, 'POST /institutions/{id}');
}

/** A category of institutions, put at the top (POST /institution_categories/{id}, manageInstitutions). */
export async function buildInstitutionCategory(
  app: FastifyInstance,
  as: TestUser,
  overrides: Partial<z.input<typeof CategoryCreateSchema>> & { id?: string } = {},
): Promise<Category> {
  const { id = randomUUID(), ...fields } = overrides;
  const res = await api(app, 'POST', `/institution_categories/${id}`, { token: as.token, body: { name: unique('Category '), ...fields } });
  return expectAnswer<{ category: Category }>(res, 201, 'POST /institution_categories/{id}').category;
}
