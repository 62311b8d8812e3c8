import { isDeepStrictEqual } from 'node:util';
import { PAGE_SIZES, type Affiliation, type Person, type PersonInputSchema } from '@observatory/shared';
import type { z } from 'zod';
import { authorize, can, permissionsFor, type Actor, type Resource } from '../../authz/authorize.js';
import { findByKey, isUuid, resourceOf } from '../../authz/lookup.js';
import type { Database, Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, notFound, taken } from '../../lib/errors.js';
import { checkVersion, type Precondition } from '../../lib/versions.js';
import { pageOf } from '../../lib/pagination.js';
import { chooseSlug, slugify, uniqueSlug } from '../../lib/slugs.js';
import type { Upload } from '../../lib/uploads.js';
import { describeAsset, imageRef, type AssetsService } from '../assets/index.js';
import type { DocumentOwner, DocumentsService } from '../documents/index.js';
import type { UsersService } from '../users/index.js';
import * as repo from './repo.js';

type PersonInput = z.output<typeof PersonInputSchema>;

/** People are public; a person edits their own entry, holders of managePeople any (the registry's person). */
export const personResource = (row: repo.PersonRow): Resource => resourceOf('person', row);

const toAffiliation = (a: Omit<Awaited<ReturnType<typeof repo.affiliationsOf>>[number], 'personId'>): Affiliation => ({
  id: a.id,
  institution: a.institution,
  title: a.title,
  primary: a.primary,
});

export function createPeopleService(deps: { db: Database; users: UsersService; assets: AssetsService; documents: DocumentsService }) {
  const { db, users, assets, documents } = deps;
  /** A person's bio keeps its revisions as every document does. */
  const bioOf = (personId: string): DocumentOwner => ({ type: 'bio', id: personId });
  async function load(actor: Actor | null, key: string): Promise<repo.PersonRow> {
    const row = await db.use((d) => repo.findPerson(d, key));
    if (!row) throw notFound('Person');
    authorize(actor, 'view', personResource(row), 'Person');
    return row;
  }

  async function toPerson(d: Db, actor: Actor | null, row: repo.PersonRow): Promise<Person> {
    return personOf(actor, row, (await repo.affiliationsOf(d, [row.id])).map(toAffiliation), await repo.usernameOf(d, row.id));
  }

  /**
   * The institution an affiliation path names: by the id of one of the person's affiliations
   * (as person.affiliations[].id lists it), else by the institution's id or slug.
   */
  async function affiliatedInstitution(d: Db, personId: string, key: string): Promise<string | null> {
    const viaAffiliation = isUuid(key) ? await repo.institutionOfAffiliation(d, personId, key) : null;
    return viaAffiliation ?? (await findByKey(d, 'institution', key))?.id ?? null;
  }

  function personOf(actor: Actor | null, row: repo.PersonRow, affiliations: Affiliation[], username: string | null): Person {
    const mayEdit = can(actor, 'edit', personResource(row));
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      orcid: row.orcid,
      noindex: row.noindex,
      photo: imageRef(row.photoId),
      email: mayEdit ? row.email : null,
      username,
      affiliations,
      version: row.version,
    };
  }

  const detail = async (d: Db, actor: Actor | null, row: repo.PersonRow) => ({
    person: await toPerson(d, actor, row),
    permissions: permissionsFor(actor, personResource(row)),
    bio: row.bio ?? null,
  });

  async function ensureSlugFree(d: Db, slug: string, personId: string) {
    if (await repo.slugTaken(d, slug, personId)) {
      throw taken('body.slug', 'This address is taken by another person');
    }
  }

  return {
    findById: (id: string) => db.use((d) => repo.findPersonById(d, id)),
    /** Of these slugs, those of people who asked not to be indexed (their choice is public: their page says so). */
    unindexed: async (slugs: string[]) => new Set(await db.use((d) => repo.unindexedSlugs(d, slugs))),
    /** By id or slug, no authorization (people are public). */
    findPerson: (d: Db, key: string) => repo.findPerson(d, key),

    /** A new person row; the slug defaults to the preferred one (a username or the name) made unique. */
    async createPersonRecord(d: Db, input: { name: string; email?: string | null; slug?: string }) {
      const base = slugify(input.slug ?? input.name) || 'person';
      const slug = uniqueSlug(base, await repo.slugsLike(d, base));
      return repo.insertPerson(d, { name: input.name, email: input.email ?? null, slug });
    },

    async listPeople(query: { q?: string | undefined; p: number }) {
      const page = pageOf(query.p, PAGE_SIZES.people);
      return db.use(async (d) => {
        const { rows, total } = await repo.listPeople(d, db.counts, { ...(query.q ? { q: query.q } : {}), limit: page.limit, offset: page.offset });
        const affiliations = await repo.affiliationsOf(
          d,
          rows.map((r) => r.id),
        );
        const people = rows.map((row) => {
          const primary = affiliations.find((a) => a.personId === row.id && a.primary) ?? affiliations.find((a) => a.personId === row.id);
          return {
            id: row.id,
            slug: row.slug,
            name: row.name,
            photo: imageRef(row.photoId),
            version: row.version,
            primaryAffiliation: primary ? toAffiliation(primary) : null,
          };
        });
        return { people, page, total };
      });
    },

    /**
     * The profile in one statement (an invitation, for those who see it, in one more); the
     * route adds the projects and publications from their services.
     */
    async getPerson(actor: Actor | null, key: string) {
      const found = await db.use((d) => repo.findPersonDetail(d, key));
      if (!found) throw notFound('Person');
      const { person: row, affiliations, username } = found;
      authorize(actor, 'view', personResource(row), 'Person');
      const seesInvitation = can(actor, 'manageUsers') || can(actor, 'managePeople');
      return {
        person: personOf(actor, row, affiliations.map(toAffiliation), username),
        permissions: permissionsFor(actor, personResource(row)),
        bio: row.bio ?? null,
        invitation: seesInvitation ? await users.invitationOf(row.id, row.name) : null,
      };
    },

    async createPerson(actor: Actor | null, input: PersonInput) {
      authorize(actor, 'managePeople');
      return db.transaction(async (tx) => {
        const slug = await chooseSlug(input, (base) => repo.slugsLike(tx, base), 'person');
        const row = await repo.insertPerson(tx, {
          name: input.name,
          slug,
          orcid: input.orcid ?? null,
          email: input.email ?? null,
          noindex: input.noindex ?? false,
          bio: input.bio ?? null,
        });
        if (row.bio) await documents.saveRevision(tx, actor, bioOf(row.id), row.bio);
        await audit(tx, actor, 'person.create', { type: 'person', id: row.id }, { after: row });
        return { person: await toPerson(tx, actor, row), permissions: permissionsFor(actor, personResource(row)), bio: row.bio ?? null };
      });
    },

    async updatePerson(actor: Actor | null, key: string, input: Partial<PersonInput>, precondition: Precondition = {}) {
      const before = await load(actor, key);
      authorize(actor, 'edit', personResource(before), 'Person');
      const bioChanged = input.bio !== undefined && !isDeepStrictEqual(input.bio, before.bio);
      return db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.personVersion(before.id), precondition);
        if (input.slug && input.slug !== before.slug) await ensureSlugFree(tx, input.slug, before.id);
        const row = await repo.updatePerson(tx, actor, before.id, {
          name: input.name,
          ...(input.slug !== undefined ? { slug: input.slug } : {}),
          ...(input.orcid !== undefined ? { orcid: input.orcid } : {}),
          ...(input.email !== undefined ? { email: input.email } : {}),
          ...(input.noindex !== undefined ? { noindex: input.noindex } : {}),
          ...(bioChanged ? { bio: input.bio } : {}),
        });
        if (bioChanged) await documents.saveRevision(tx, actor, bioOf(row.id), input.bio ?? null);
        await audit(tx, actor, 'person.update', { type: 'person', id: row.id }, { before, after: row });
        return { person: await toPerson(tx, actor, row), permissions: permissionsFor(actor, personResource(row)), bio: row.bio ?? null };
      });
    },

    /** A person with an account is not deleted: disable the account instead. */
    async deletePerson(actor: Actor | null, key: string, precondition: Precondition = {}): Promise<void> {
      const row = await load(actor, key);
      authorize(actor, 'managePeople');
      const photoFiles = await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.personVersion(row.id), precondition);
        if (await repo.usernameOf(tx, row.id)) {
          throw new AppError('CONFLICT', 'This person has an account: disable the account instead of deleting the person');
        }
        const photoId = await repo.lockPhoto(tx, row.id);
        await repo.deletePerson(tx, row.id);
        await documents.deleteRevisions(tx, bioOf(row.id));
        await audit(tx, actor, 'person.delete', { type: 'person', id: row.id }, { before: row });
        return photoId ? assets.deleteAssetIn(tx, photoId) : [];
      });
      await assets.deleteFiles(photoFiles);
    },

    /** The bio's history is for those who may edit the person: it may hold what was taken out. */
    async documentOf(actor: Actor | null, key: string): Promise<DocumentOwner> {
      const row = await load(actor, key);
      authorize(actor, 'edit', personResource(row), 'Person');
      return bioOf(row.id);
    },

    /**
     * Sets or replaces the photo (the person or managePeople). Authorized before the
     * upload is read; the replaced photo and its files are removed.
     */
    async setPhoto(actor: Actor | null, key: string, readUpload: () => Promise<Upload>) {
      const person = await load(actor, key);
      authorize(actor, 'edit', personResource(person), 'Person');
      return assets.attachImage(actor, await readUpload(), async (tx, asset) => {
        const replaced = await repo.lockPhoto(tx, person.id);
        const row = await repo.updatePerson(tx, actor, person.id, { photoId: asset.id });
        await audit(tx, actor, 'person.photo.put', { type: 'person', id: person.id }, { before: { photoId: replaced }, after: describeAsset(asset) });
        return { replaced, result: await detail(tx, actor, row) };
      });
    },

    async deletePhoto(actor: Actor | null, key: string) {
      const person = await load(actor, key);
      authorize(actor, 'edit', personResource(person), 'Person');
      const { result, files } = await db.transaction(async (tx) => {
        const photoId = await repo.lockPhoto(tx, person.id);
        if (!photoId) throw notFound('Photo');
        const row = await repo.updatePerson(tx, actor, person.id, { photoId: null });
        await audit(tx, actor, 'person.photo.delete', { type: 'person', id: person.id }, { before: { photoId } });
        return { result: await detail(tx, actor, row), files: await assets.deleteAssetIn(tx, photoId) };
      });
      await assets.deleteFiles(files);
      return result;
    },

    /** Creates or replaces the affiliation with an institution (named by its id or slug, or by the affiliation's id); a primary one clears the others. */
    async putAffiliation(
      actor: Actor | null,
      personKey: string,
      institutionKey: string,
      input: { title?: string | null | undefined; primary?: boolean | undefined },
    ) {
      const person = await load(actor, personKey);
      authorize(actor, 'edit', personResource(person), 'Person');
      return db.transaction(async (tx) => {
        const institutionId = await affiliatedInstitution(tx, person.id, institutionKey);
        if (!institutionId) throw notFound('Institution');
        await repo.upsertAffiliation(tx, person.id, institutionId, {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.primary !== undefined ? { primary: input.primary } : {}),
        });
        await repo.touchPerson(tx, person.id, actor);
        const affiliations = (await repo.affiliationsOf(tx, [person.id])).map(toAffiliation);
        await audit(tx, actor, 'affiliation.put', { type: 'person', id: person.id }, { after: affiliations.find((a) => a.institution.id === institutionId) });
        return { affiliations };
      });
    },

    async deleteAffiliation(actor: Actor | null, personKey: string, institutionKey: string) {
      const person = await load(actor, personKey);
      authorize(actor, 'edit', personResource(person), 'Person');
      return db.transaction(async (tx) => {
        const institutionId = await affiliatedInstitution(tx, person.id, institutionKey);
        if (!institutionId || !(await repo.deleteAffiliation(tx, person.id, institutionId))) throw notFound('Affiliation');
        await repo.touchPerson(tx, person.id, actor);
        await audit(tx, actor, 'affiliation.delete', { type: 'person', id: person.id }, { before: { institutionId } });
        return { affiliations: (await repo.affiliationsOf(tx, [person.id])).map(toAffiliation) };
      });
    },
  };
}
export type PeopleService = ReturnType<typeof createPeopleService>;
