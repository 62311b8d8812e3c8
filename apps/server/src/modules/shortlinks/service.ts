import type { Shortlink, ShortlinkChangeSchema, ShortlinkCreateSchema } from '@observatory/shared';
import type { z } from 'zod';
import { authorize, requireActor, type Actor } from '../../authz/authorize.js';
import type { Database, Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { invalidField, notFound, postgresCode } from '../../lib/errors.js';
import { checkVersion, type Precondition } from '../../lib/versions.js';
import { createHostRule } from './hosts.js';
import * as repo from './repo.js';

type ShortlinkCreate = z.output<typeof ShortlinkCreateSchema>;
type ShortlinkChange = z.output<typeof ShortlinkChangeSchema>;

const target = (id: string) => ({ type: 'shortlink', id });

/**
 * Shortlinks: managed with manageShortlinks; followed by anyone through /s/{slug}. `hosts`
 * are the hosts other than this site's own (`publicUrl`) that a link may redirect to
 * (SHORTLINK_HOSTS).
 */
export function createShortlinksService(deps: { db: Database; hosts: string[]; publicUrl: string }) {
  const { db } = deps;
  const hostRule = createHostRule(deps);
  const slugTaken = (slug: string) => invalidField('body.slug', `The slug ${slug} is taken`);

  const toShortlink = (row: repo.ShortlinkRow): Shortlink => ({
    id: row.id,
    slug: row.slug,
    target: row.target,
    external: hostRule.externalOf(row.target),
    hits: row.hits,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  /** A new target on a host not allowed is refused, before anything is written. */
  function checkTarget(value: string) {
    const problem = hostRule.problemOf(value);
    if (problem) throw invalidField('body.target', problem);
  }

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
      checkTarget(input.target);
      return writing(input.slug, async (tx) => {
        await checkSlugFree(tx, input.slug);
        const row = await repo.insertShortlink(tx, { slug: input.slug, target: input.target, createdBy: by.personId });
        await audit(tx, actor, 'shortlink.create', target(row.id), { after: row });
        return toShortlink(row);
      });
    },

    async updateShortlink(actor: Actor | null, id: string, input: ShortlinkChange, precondition: Precondition = {}) {
      authorize(actor, 'manageShortlinks');
      return writing(input.slug, async (tx) => {
        await checkVersion(tx, actor, repo.shortlinkVersion(id), precondition);
        const before = await load(tx, id);
        // A target left as it is stays usable (its visitors are asked before they leave), so its other fields can still change.
        if (input.target !== undefined && input.target !== before.target) checkTarget(input.target);
        if (input.slug !== undefined) await checkSlugFree(tx, input.slug, id);
        const row = await repo.updateShortlink(tx, actor, id, {
          ...(input.slug !== undefined ? { slug: input.slug } : {}),
          ...(input.target !== undefined ? { target: input.target } : {}),
        });
        await audit(tx, actor, 'shortlink.update', target(id), { before, after: row });
        return toShortlink(row);
      });
    },

    async deleteShortlink(actor: Actor | null, id: string, precondition: Precondition = {}) {
      authorize(actor, 'manageShortlinks');
      await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.shortlinkVersion(id), precondition);
        const before = await load(tx, id);
        await repo.deleteShortlink(tx, id);
        await audit(tx, actor, 'shortlink.delete', target(id), { before });
      });
    },

    /** The target of a followed shortlink, its hit counted, and how it leaves the catalogue; null for an unknown slug. */
    async follow(slug: string) {
      const found = await db.use((d) => repo.countHit(d, slug));
      return found === null ? null : { target: found, external: hostRule.externalOf(found) };
    },

    /** The same without counting (a HEAD request only asks where it goes). */
    async peek(slug: string) {
      const row = await db.use((d) => repo.findBySlug(d, slug));
      return row ? { target: row.target, external: hostRule.externalOf(row.target) } : null;
    },
  };
}
