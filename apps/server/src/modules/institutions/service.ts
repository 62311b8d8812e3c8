import type { Category, Institution, InstitutionInputSchema } from '@observatory/shared';
import type { z } from 'zod';
import { authorize, permissionsFor, type Actor, type Resource } from '../../authz/authorize.js';
import type { Database, Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import { chooseSlug } from '../../lib/slugs.js';
import { checkVersion, type Precondition } from '../../lib/versions.js';
import type { Upload } from '../../lib/uploads.js';
import { describeAsset, imageRef, type AssetsService } from '../assets/index.js';
import * as repo from './repo.js';

type InstitutionInput = z.output<typeof InstitutionInputSchema>;

export const institutionResource = (row: { id: string }): Resource => ({ type: 'institution', id: row.id });

const toInstitution = (row: repo.InstitutionRow): Institution => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  description: row.description,
  url: row.url,
  ror: row.ror,
  logo: imageRef(row.logoId),
  categoryId: row.categoryId,
  version: row.version,
});
const toCategory = (row: repo.CategoryRow): Category => ({ id: row.id, name: row.name, position: row.position });

/** Partner institutions and their categories; every write needs manageInstitutions. */
export function createInstitutionsService(deps: { db: Database; assets: AssetsService }) {
  const { db, assets } = deps;
  async function load(key: string): Promise<repo.InstitutionRow> {
    const row = await db.use((d) => repo.findInstitution(d, key));
    if (!row) throw notFound('Institution');
    return row;
  }

  async function checkCategory(d: Db, categoryId: string | null | undefined) {
    if (categoryId && !(await repo.findCategory(d, categoryId))) throw invalidField('body.categoryId', 'No such category');
  }

  const slugFor = (d: Db, input: { slug?: string | undefined; name: string }, exceptId?: string) =>
    chooseSlug(input, (base) => repo.slugsLike(d, base, exceptId), 'institution');

  const categories = (d: Db) => repo.listCategories(d).then((rows) => rows.map(toCategory));

  return {
    async listInstitutions() {
      return db.use(async (d) => ({ institutions: (await repo.listInstitutions(d)).map(toInstitution), categories: await categories(d) }));
    },

    /** The partner page but its projects (the route adds them from the projects service). */
    async getInstitution(actor: Actor | null, key: string) {
      const row = await load(key);
      return {
        institution: toInstitution(row),
        permissions: permissionsFor(actor, institutionResource(row)),
        people: (await db.use((d) => repo.peopleOf(d, row.id))).map(({ photoId, ...person }) => ({ ...person, photo: imageRef(photoId) })),
      };
    },

    /** Created with the id the client made. */
    async createInstitution(actor: Actor | null, id: string, input: InstitutionInput) {
      authorize(actor, 'manageInstitutions');
      return db.transaction(async (tx) => {
        if (await repo.findInstitution(tx, id)) throw new AppError('CONFLICT', 'An institution with this id exists');
        await checkCategory(tx, input.categoryId);
        const row = await repo.insertInstitution(tx, {
          id,
          slug: await slugFor(tx, input),
          name: input.name,
          description: input.description ?? null,
          url: input.url ?? null,
          ror: input.ror ?? null,
          categoryId: input.categoryId ?? null,
        });
        await audit(tx, actor, 'institution.create', { type: 'institution', id }, { after: row });
        return toInstitution(row);
      });
    },

    async updateInstitution(actor: Actor | null, key: string, input: Partial<InstitutionInput>, precondition: Precondition = {}) {
      authorize(actor, 'manageInstitutions');
      const before = await load(key);
      return db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.institutionVersion(before.id), precondition);
        await checkCategory(tx, input.categoryId);
        const slug = input.slug !== undefined && input.slug !== before.slug ? await slugFor(tx, { slug: input.slug, name: before.name }, before.id) : undefined;
        const row = await repo.updateInstitution(tx, actor, before.id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(slug ? { slug } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.url !== undefined ? { url: input.url } : {}),
          ...(input.ror !== undefined ? { ror: input.ror } : {}),
          ...(input.categoryId !== undefined ? { categoryId: input.categoryId } : {}),
        });
        await audit(tx, actor, 'institution.update', { type: 'institution', id: row.id }, { before, after: row });
        return toInstitution(row);
      });
    },

    async deleteInstitution(actor: Actor | null, key: string, precondition: Precondition = {}) {
      authorize(actor, 'manageInstitutions');
      const row = await load(key);
      const logoFiles = await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.institutionVersion(row.id), precondition);
        const logoId = await repo.lockLogo(tx, row.id);
        await repo.deleteInstitution(tx, row.id);
        await audit(tx, actor, 'institution.delete', { type: 'institution', id: row.id }, { before: row });
        return logoId ? assets.deleteAssetIn(tx, logoId) : [];
      });
      await assets.deleteFiles(logoFiles);
    },

    /** Sets or replaces the logo; authorized before the upload is read. The replaced logo and its files are removed. */
    async setLogo(actor: Actor | null, key: string, readUpload: () => Promise<Upload>) {
      authorize(actor, 'manageInstitutions');
      const institution = await load(key);
      return assets.attachImage(actor, await readUpload(), async (tx, asset) => {
        const replaced = await repo.lockLogo(tx, institution.id);
        const row = await repo.updateInstitution(tx, actor, institution.id, { logoId: asset.id });
        await audit(tx, actor, 'institution.logo.put', { type: 'institution', id: row.id }, { before: { logoId: replaced }, after: describeAsset(asset) });
        return { replaced, result: toInstitution(row) };
      });
    },

    async deleteLogo(actor: Actor | null, key: string) {
      authorize(actor, 'manageInstitutions');
      const institution = await load(key);
      const { result, files } = await db.transaction(async (tx) => {
        const logoId = await repo.lockLogo(tx, institution.id);
        if (!logoId) throw notFound('Logo');
        const row = await repo.updateInstitution(tx, actor, institution.id, { logoId: null });
        await audit(tx, actor, 'institution.logo.delete', { type: 'institution', id: row.id }, { before: { logoId } });
        return { result: toInstitution(row), files: await assets.deleteAssetIn(tx, logoId) };
      });
      await assets.deleteFiles(files);
      return result;
    },

    /** A new category, with the client's id, goes to the top. */
    async createCategory(actor: Actor | null, id: string, name: string) {
      authorize(actor, 'manageInstitutions');
      return db.transaction(async (tx) => {
        if (await repo.findCategory(tx, id)) throw new AppError('CONFLICT', 'A category with this id exists');
        await repo.insertCategoryAtTop(tx, id, name);
        await audit(tx, actor, 'category.create', { type: 'institution_category', id }, { after: { name } });
        const all = await categories(tx);
        return { category: all.find((c) => c.id === id)!, categories: all };
      });
    },

    /** Rename and/or move; a move renumbers every category in one transaction. */
    async updateCategory(actor: Actor | null, id: string, input: { name?: string | undefined; position?: number | undefined }) {
      authorize(actor, 'manageInstitutions');
      return db.transaction(async (tx) => {
        const before = await repo.findCategory(tx, id);
        if (!before) throw notFound('Category');
        if (input.name !== undefined) await repo.renameCategory(tx, id, input.name);
        if (input.position !== undefined) await repo.moveCategory(tx, id, input.position);
        await audit(tx, actor, 'category.update', { type: 'institution_category', id }, { before, after: input });
        return { categories: await categories(tx) };
      });
    },

    /** Refused while the category holds institutions: they are never moved silently. */
    async deleteCategory(actor: Actor | null, id: string) {
      authorize(actor, 'manageInstitutions');
      return db.transaction(async (tx) => {
        const before = await repo.findCategory(tx, id);
        if (!before) throw notFound('Category');
        const held = await repo.countInCategory(tx, id);
        if (held > 0) {
          throw new AppError('CONFLICT', `“${before.name}” still holds ${held} institution${held === 1 ? '' : 's'}: move them to another category first`);
        }
        await repo.deleteCategory(tx, id);
        await audit(tx, actor, 'category.delete', { type: 'institution_category', id }, { before });
        return { categories: await categories(tx) };
      });
    },
  };
}
