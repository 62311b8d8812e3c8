import type { z } from 'zod';
import type { PhotoResult, PhotoSearchQuerySchema } from '@observatory/shared';
import { can, permissionsFor, type Actor, type Resource } from '../../authz/authorize.js';
import { findVisible, load, NO_ROW, resourceOf } from '../../authz/lookup.js';
import { visibleTo } from '../../authz/visibility.js';
import type { Database, Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/pagination.js';
import type { AssetsService } from '../assets/index.js';
import * as repo from './repo.js';

type Query = z.output<typeof PhotoSearchQuerySchema>;

/** Words of q searched at most: each is one more condition. */
const MAX_WORDS = 8;

const wordsOf = (q: string | undefined) => [...new Set((q ?? '').toLowerCase().split(/\s+/).filter(Boolean))].slice(0, MAX_WORDS);

/**
 * The photo search: object photos and comment images together, found by words, person,
 * object type, days and a map box, each only for readers who may see what holds it (the
 * registry's photo and comment kinds, through visibleTo), with what the reader may do
 * with it and its image's URLs signed when not everyone may see it.
 */
export function createPhotoSearchService(deps: { db: Database; assets: AssetsService }) {
  const { db, assets } = deps;

  /** The policy's view of a result, and the resource its image is served as (its object or insight; an orphan photo itself). */
  function resourcesOf(row: repo.PhotoSearchRow): { resource: Resource; holder: Resource } {
    if (row.source === 'comment') {
      const insight = resourceOf('insight', row.insightFacts ?? { id: row.insightId }, {});
      return { resource: resourceOf('comment', { id: row.id, insightId: row.insightId, authorId: row.authorId }, { parent: insight }), holder: insight };
    }
    const object = row.objectFacts ? resourceOf('object', row.objectFacts, { targetIds: row.objectFacts.targetIds }) : null;
    const resource = resourceOf('photo', { id: row.id, objectId: row.objectId, authorId: row.authorId }, { parent: object });
    return { resource, holder: object ?? resource };
  }

  function toResult(actor: Actor | null, row: repo.PhotoSearchRow): PhotoResult {
    const { resource, holder } = resourcesOf(row);
    return {
      id: row.id,
      source: row.source,
      // Signed for the reader when not everyone may see what holds it.
      image: assets.getImage(actor, row.assetId, holder),
      caption: row.item.caption,
      takenAt: row.item.takenAt,
      // Where it was taken can say more than the object's own geometry: for its editors only
      // (a photo without an object: for whoever sees it, its uploader and manageAssets).
      geo: row.source === 'object' && (holder === resource || can(actor, 'edit', holder)) ? row.item.geo : null,
      place: row.item.place ?? (holder === resource ? row.item.geo : null),
      object: row.item.object,
      insight: row.item.insight,
      author: row.item.author,
      createdAt: row.item.createdAt,
      permissions: permissionsFor(actor, resource),
    };
  }

  /** The reader's sight of both sources. */
  const sight = (actor: Actor | null) => ({ photosVisible: visibleTo(actor, 'photo'), commentsVisible: visibleTo(actor, 'comment') });

  /** A person named in a filter: their id, or an id no row has (nothing found, as for anyone missing). */
  const personId = async (d: Db, actor: Actor | null, key: string) => (await findVisible(d, actor, 'person', key))?.id ?? NO_ROW;

  return {
    /**
     * GET photos and GET people/{id}/photos (`person`: the path's key; 404 when there is
     * none): a page, newest first, with how many there are.
     */
    async searchPhotos(actor: Actor | null, query: Query, person?: string) {
      const page = pageOf(query.p, query.n);
      const { rows, total } = await db.use(async (d) => {
        const authors = new Set([
          ...(person ? [(await load(d, actor, 'person', person)).id] : []),
          ...(query.person ? [await personId(d, actor, query.person)] : []),
        ]);
        const filter: repo.PhotoFilter = {
          ...sight(actor),
          words: wordsOf(query.q),
          // Both given (a person's page and ?person=): only photos by both, so none unless they are one.
          authorIds: authors.size > 1 ? [NO_ROW] : [...authors],
          type: query.type,
          from: query.from,
          to: query.to,
          bbox: query.bbox ? (query.bbox.split(',').map(Number) as [number, number, number, number]) : undefined,
        };
        return repo.searchPhotos(d, db.counts, filter, page);
      });
      return { photos: rows.map((row) => toResult(actor, row)), page, total, pages: Math.ceil(total / page.limit) };
    },

    /** GET photos/{id}: an object photo or a comment image by its id; 404 alike when it is not there and when the reader may not see it. */
    async getPhoto(actor: Actor | null, id: string): Promise<PhotoResult> {
      const row = await db.use((d) => repo.findPhoto(d, { ...sight(actor), words: [], authorIds: [], id }));
      if (!row) throw notFound('Photo');
      return toResult(actor, row);
    },
  };
}
