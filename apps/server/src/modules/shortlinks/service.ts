import type { Shortlink, ShortlinkChangeSchema, ShortlinkCreateSchema } from '@observatory/shared';
import type { z } from 'zod';
import { authorize, requireActor, type Actor } from '../../authz/authorize.js';
import type { Database, Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { invalidField, notFound, postgresCode } from '../../lib/errors.js';
import * as repo from './repo.js';

type ShortlinkCreate = z.output<typeof ShortlinkCreateSchema>;
type ShortlinkChange = z.output<typeof ShortlinkChangeSchema>;

const toShortlink = (row: repo.ShortlinkRow): Shortlink => ({
  id: row.id,
  slug: row.slug,
  target: row.target,
  hits: row.hits,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const target = (id: string) => ({ type: 'shortlink', id });

/** Shortlinks: managed with manageShortlinks; followed by anyone through /s/{slug}. */
export function createShortlinksService(deps: { db: Database }) {
  const { db } = deps;
  const slugTaken = (slug: string) => invalidField('body.slug', `The slug ${slug} is taken`);

  async function checkSlugFree(d: Db, slug: string, exceptId?: string) {
    if (await repo.slugTaken(d, slug, exceptId)) throw slugTaken(slug);
  }

  /** A write racing another for one slug loses as the check would have refused it (the unique index decides). */
  async function writing<T>(slug: string | undefined, job: (tx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(job);
    } catch (err) {
      if (slug !== undefined && postgresCode(err) === '23505') throw slugTaken(slug);
      throw err;
    }
  }

  async function load(d: Db, id: string) {
    const row = await repo.findShortlink(d, id);
    if (!row) throw notFound('Shortlink');
    return row;
  }

  return {
    async listShortlinks(actor: Actor | null) {
      authorize(actor, 'manageShortlinks');
      return { shortlinks: (await db.use(repo.listShortlinks)).map(toShortlink) };
    },

    async createShortlink(actor: Actor | null, input: ShortlinkCreate) {
      authorize(actor, 'manageShortlinks');
      const by = requireActor(actor);
      return writing(input.slug, async (tx) => {
        await checkSlugFree(tx, input.slug);
        const row = await repo.insertShortlink(tx, { slug: input.slug, target: input.target, createdBy: by.personId });
        await audit(tx, actor, 'shortlink.create', target(row.id), { after: row });
        return toShortlink(row);
      });
    },

    async updateShortlink(actor: Actor | null, id: string, input: ShortlinkChange) {
      authorize(actor, 'manageShortlinks');
      return writing(input.slug, async (tx) => {
        const before = await load(tx, id);
        if (input.slug !== undefined) await checkSlugFree(tx, input.slug, id);
        const row = await repo.updateShortlink(tx, id, {
          ...(input.slug !== undefined ? { slug: input.slug } : {}),
          ...(input.target !== undefined ? { target: input.target } : {}),
        });
        await audit(tx, actor, 'shortlink.update', target(id), { before, after: row });
        return toShortlink(row);
      });
    },

    async deleteShortlink(actor: Actor | null, id: string) {
      authorize(actor, 'manageShortlinks');
      await db.transaction(async (tx) => {
        const before = await load(tx, id);
        await repo.deleteShortlink(tx, id);
        await audit(tx, actor, 'shortlink.delete', target(id), { before });
      });
    },

    /** The target of a followed shortlink, its hit counted; null for an unknown slug. */
    follow: (slug: string) => db.use((d) => repo.countHit(d, slug)),

    /** The target without counting (a HEAD request only asks where it goes). */
    peek: async (slug: string) => (await db.use((d) => repo.findBySlug(d, slug)))?.target ?? null,
  };
}
