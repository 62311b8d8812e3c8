import { isDeepStrictEqual } from 'node:util';
import {
  documentText,
  INSIGHTS_PER_PAGE,
  type Insight,
  type InsightChangeSchema,
  type InsightDetail,
  type InsightResult,
  type InsightsQuerySchema,
  type InsightWriteSchema,
  type ProseMirrorDoc,
} from '@observatory/shared';
import type { z } from 'zod';
import { authorize, permissionsFor, type Actor, type Resource } from '../../authz/authorize.js';
import { findVisible, load as loadKind, type Found } from '../../authz/lookup.js';
import { visibleTo } from '../../authz/visibility.js';
import type { Database, Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { invalidField, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/pagination.js';
import { checkVersion, type Precondition } from '../../lib/versions.js';
import type { AssetsService } from '../assets/index.js';
import type { DocumentOwner, DocumentsService } from '../documents/index.js';
import * as repo from './repo.js';
import { highlighted, searchable } from './snippets.js';

type Query = z.output<typeof InsightsQuerySchema>;
type Write = z.output<typeof InsightWriteSchema>;
type Change = z.output<typeof InsightChangeSchema>;
type Fields = Write['insight'];

/** The words an insight is found by: its title, its tags and its text, always three parts (repo.ts shows the text alone as a snippet). */
const searchTextOf = (title: string, tags: string[], doc: ProseMirrorDoc | null | undefined) =>
  [searchable(title).replace(/\n/g, ' '), tags.join(' '), searchable(documentText(doc))].join('\n\n');

/** What the actor may do with an insight: commenting is for whoever may see it, once signed in. */
export const insightPermissions = (actor: Actor | null, resource: Resource) => permissionsFor(actor, resource).filter((p) => actor || p !== 'comment');

/**
 * Insights: articles with tags and linked objects, seen by the registry's rule (public,
 * signed-in, or their team's members; no team: their author alone), written with
 * createInsights, changed and removed by their author, their team's editors and holders of
 * manageInsights.
 */
export function createInsightsService(deps: { db: Database; documents: DocumentsService; assets: AssetsService }) {
  const { db, documents, assets } = deps;

  const load = (d: Db, actor: Actor | null, key: string) => loadKind(d, actor, 'insight', key);

  /** The team and the objects the fields name, each one the writer may see: else a 400 naming it. */
  async function linksOf(d: Db, actor: Actor, fields: Partial<Fields>) {
    let teamId: string | null | undefined;
    if (fields.team !== undefined) {
      const team = fields.team === null ? null : await findVisible(d, actor, 'team', fields.team);
      if (fields.team !== null && !team) throw invalidField('body.insight.team', `No such team: ${fields.team}`);
      teamId = team?.id ?? null;
    }
    let objectIds: string[] | undefined;
    if (fields.objects !== undefined) {
      objectIds = [];
      for (const [i, key] of fields.objects.entries()) {
        const object = await findVisible(d, actor, 'object', key);
        if (!object) throw invalidField(`body.insight.objects.${i}`, `No such object: ${key}`);
        if (!objectIds.includes(object.id)) objectIds.push(object.id);
      }
    }
    return { teamId, objectIds };
  }

  async function detail(actor: Actor | null, found: Found): Promise<InsightDetail> {
    const row = await db.use((d) => repo.insightDetail(d, found.id, visibleTo(actor, 'object')));
    if (!row) throw notFound('Insight');
    return { insight: row.insight as Insight, doc: row.doc, permissions: insightPermissions(actor, found.resource) };
  }

  return {
    /** An insight by its id or number: 404 alike when it is not there and when the reader may not see it. */
    async getInsight(actor: Actor | null, key: string): Promise<InsightDetail> {
      return detail(actor, await db.use((d) => load(d, actor, key)));
    },

    /** The insights a query finds that the reader may see, 25 a page, each with a snippet and its highlights. */
    async listInsights(actor: Actor | null, query: Query) {
      const page = pageOf(query.p, INSIGHTS_PER_PAGE);
      const sort = query.s ?? (query.q ? 'relevance' : 'newest');
      const filter: repo.InsightFilter = {
        visible: visibleTo(actor, 'insight'),
        objectsVisible: visibleTo(actor, 'object'),
        q: query.q || undefined,
        tag: query.tag?.toLowerCase(),
        object: query.o,
        author: query.u,
        team: query.t,
        visibility: query.v,
      };
      const { rows, total } = await db.use((d) => repo.searchInsights(d, db.counts, filter, sort, page));
      const results: InsightResult[] = rows.map((r) => ({ ...(r.insight as Insight), ...highlighted(r.snippet ?? '') }));
      const { p, ...rest } = query;
      return { results, query: { ...rest, ...(p > 1 ? { p } : {}), s: sort }, page, total };
    },

    /** The tags of the insights the reader may see, with how many each. */
    listTags: (actor: Actor | null) => db.use((d) => repo.tagCounts(d, visibleTo(actor, 'insight'))),

    async createInsight(actor: Actor | null, input: Write): Promise<InsightDetail> {
      authorize(actor, 'createInsights');
      const fields = input.insight;
      const doc = input.doc ?? null;
      const id = await db.transaction(async (tx) => {
        const { teamId, objectIds } = await linksOf(tx, actor!, fields);
        const row = await repo.insertInsight(tx, {
          title: fields.title,
          doc,
          tags: [...new Set(fields.tags)],
          searchText: searchTextOf(fields.title, fields.tags, doc),
          authorId: actor!.personId,
          teamId: teamId ?? null,
          visibility: fields.visibility,
        });
        await repo.setObjects(tx, row.id, objectIds ?? []);
        if (doc) await documents.saveRevision(tx, actor, { type: 'insight', id: row.id }, doc);
        await audit(tx, actor, 'insight.create', { type: 'insight', id: row.id }, { after: { num: row.num, title: row.title, visibility: row.visibility } });
        return row.id;
      });
      return this.getInsight(actor, id);
    },

    async updateInsight(actor: Actor | null, key: string, input: Change, precondition: Precondition = {}): Promise<InsightDetail> {
      const found = await db.use((d) => load(d, actor, key));
      authorize(actor, 'edit', found.resource, 'Insight');
      await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.insightVersion(found.id), precondition);
        const before = (await repo.findRow(tx, found.id))!;
        const fields = input.insight ?? {};
        const { teamId, objectIds } = await linksOf(tx, actor!, fields);
        const docChanged = input.doc !== undefined && !isDeepStrictEqual(input.doc, before.doc);
        const title = fields.title ?? before.title;
        const tags = fields.tags ? [...new Set(fields.tags)] : before.tags;
        const doc = docChanged ? (input.doc ?? null) : before.doc;
        await repo.changeInsight(tx, actor, found.id, {
          title,
          tags,
          ...(docChanged ? { doc } : {}),
          searchText: searchTextOf(title, tags, doc),
          ...(teamId !== undefined ? { teamId } : {}),
          ...(fields.visibility ? { visibility: fields.visibility } : {}),
        });
        if (objectIds) await repo.setObjects(tx, found.id, objectIds);
        if (docChanged) await documents.saveRevision(tx, actor, { type: 'insight', id: found.id }, doc);
        await audit(
          tx,
          actor,
          'insight.update',
          { type: 'insight', id: found.id },
          { before: { title: before.title, tags: before.tags, visibility: before.visibility, teamId: before.teamId }, after: fields },
        );
      });
      return this.getInsight(actor, found.id);
    },

    /** Removes an insight with its comments, their images and its text's history. Its team's editors may, as its author and manageInsights. */
    async deleteInsight(actor: Actor | null, key: string, precondition: Precondition = {}): Promise<void> {
      const found = await db.use((d) => load(d, actor, key));
      authorize(actor, 'edit', found.resource, 'Insight');
      const files = await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.insightVersion(found.id), precondition);
        const before = await repo.findRow(tx, found.id);
        const images = await repo.commentImagesOf(tx, found.id);
        await repo.deleteInsight(tx, found.id);
        await documents.deleteRevisions(tx, { type: 'insight', id: found.id });
        await audit(
          tx,
          actor,
          'insight.delete',
          { type: 'insight', id: found.id },
          { before: { num: before?.num, title: before?.title, visibility: before?.visibility } },
        );
        const removed: string[] = [];
        for (const id of images) removed.push(...(await assets.deleteAssetIn(tx, id)));
        return removed;
      });
      await assets.deleteFiles(files);
    },

    /** The history of an insight's text: for whoever may edit it. */
    async documentOf(actor: Actor | null, key: string): Promise<DocumentOwner> {
      const found = await db.use((d) => load(d, actor, key));
      authorize(actor, 'edit', found.resource, 'Insight');
      return { type: 'insight', id: found.id };
    },

    /** The insight the actor may see, for the modules beside it (comments). */
    loadInsight: (d: Db, actor: Actor | null, key: string) => load(d, actor, key),
  };
}
export type InsightsService = ReturnType<typeof createInsightsService>;
