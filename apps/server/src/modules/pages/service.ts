import { isDeepStrictEqual } from 'node:util';
import {
  documentText,
  pagePathProblem,
  parentPagePath,
  pathsAbove,
  type PageChangeSchema,
  type PageCreateSchema,
  type PageDetail,
  type PageMoveSchema,
  type PagesResponse,
  type PageSearchResponse,
  type PageSummary,
  type ProseMirrorDoc,
} from '@observatory/shared';
import type { z } from 'zod';
import { authorize, can, permissionsFor, type Actor } from '../../authz/authorize.js';
import { load, resourceOf } from '../../authz/lookup.js';
import { visibleTo } from '../../authz/visibility.js';
import type { Database, Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, invalidField, notFound, taken } from '../../lib/errors.js';
import { checkVersion, type Precondition } from '../../lib/versions.js';
import type { DocumentOwner, DocumentsService } from '../documents/index.js';
import * as repo from './repo.js';
import { treeOrder } from './tree.js';

type Create = z.output<typeof PageCreateSchema>;
type Change = z.output<typeof PageChangeSchema>;
type Move = z.output<typeof PageMoveSchema>;

/** The words a page is found by: its title and its text. */
export const searchTextOf = (title: string, doc: ProseMirrorDoc | null | undefined) => [title, documentText(doc)].filter(Boolean).join('\n\n');

const owner = (id: string): DocumentOwner => ({ type: 'page', id });
const pathTaken = (path: string) => taken('body.path', `A page exists at /doc/${path}`);

const summaryOf = (row: repo.ListedPage): PageSummary => ({
  id: row.id,
  path: row.path,
  title: row.title,
  position: row.position,
  draft: row.draft,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});

/** Why a page cannot be published below a draft: it would show with the draft's path in its own. */
const draftAboveProblem = (draft: string) => `The page above it, /doc/${draft}, is a draft: publish that first, or keep this one a draft`;

/**
 * Documentation pages: a tree addressed by paths under /doc, read by everyone once
 * published; drafts, and every write, are for holders of managePages. A page below a draft
 * is a draft too (its path would show the draft's), so unpublishing a page unpublishes the
 * pages below it. A page's text keeps its history as revisions; a move rewrites the paths
 * of the page and every page below it.
 */
export function createPagesService(deps: { db: Database; documents: DocumentsService }) {
  const { db, documents } = deps;

  /** The page at a path with the pages above it the reader may see: one statement. 404 alike for missing and hidden. */
  async function detailAt(d: Db, actor: Actor | null, path: string): Promise<PageDetail> {
    if (pagePathProblem(path)) throw notFound('Page');
    const above = pathsAbove(path);
    const rows = await repo.pagesAt(d, [...above, path]);
    const seen = (row: (typeof rows)[number] | undefined): row is (typeof rows)[number] => !!row && can(actor, 'view', resourceOf('page', row));
    const row = rows.find((r) => r.path === path);
    if (!seen(row)) throw notFound('Page');
    return {
      page: { ...summaryOf(row), createdAt: row.createdAt.toISOString(), updatedBy: row.updatedBy },
      doc: row.doc ?? null,
      ancestors: above
        .map((p) => rows.find((r) => r.path === p))
        .filter(seen)
        .map((r) => ({ path: r.path, title: r.title, draft: r.draft })),
      permissions: permissionsFor(actor, resourceOf('page', row)),
    };
  }

  /** A page may only be put below a page that exists (a 400 naming body.path otherwise), held until commit. */
  async function requireParent(tx: Db, path: string) {
    const parent = parentPagePath(path);
    if (parent !== null && !(await repo.holdPath(tx, parent))) throw invalidField('body.path', `Create the page ${parent} first`);
    return parent;
  }

  /** A page the actor may change (404 when hidden, 403 without managePages), held until commit. */
  async function writable(tx: Db, actor: Actor | null, id: string, action: 'edit' | 'delete') {
    const found = await load(tx, actor, 'page', id);
    authorize(actor, action, found.resource, 'Page');
    const row = await repo.lockRow(tx, found.id);
    if (!row) throw notFound('Page');
    return row;
  }

  /** The new paths of the pages below a moving page, each still a valid path (a move must not nest them too deep). */
  function movedPaths(below: string[], from: string, to: string) {
    return below.map((path) => {
      const moved = to + path.slice(from.length);
      const problem = pagePathProblem(moved);
      if (problem) throw invalidField('body.path', `The page below it at ${path} would move to ${moved}: ${problem}`);
      return moved;
    });
  }

  return {
    /** Published pages, or with `drafts` also the drafts the reader may see, in the tree's order. */
    async listPages(actor: Actor | null, drafts: boolean): Promise<PagesResponse> {
      const rows = await db.use((d) => repo.listPages(d, drafts ? visibleTo(actor, 'page') : repo.published));
      return { pages: treeOrder(rows).map(summaryOf) };
    },

    /** Published pages holding the words, best first: drafts never, whoever asks. */
    async searchPages(q: string): Promise<PageSearchResponse> {
      return { results: await db.use((d) => repo.searchPublished(d, q)) };
    },

    getPage: (actor: Actor | null, path: string) => db.use((d) => detailAt(d, actor, path)),

    async createPage(actor: Actor | null, input: Create): Promise<PageDetail> {
      authorize(actor, 'managePages');
      const { path, title } = input;
      const doc = input.doc ?? null;
      await db.transaction(async (tx) => {
        const parent = await requireParent(tx, path);
        // Below a draft, a page starts as a draft unless told otherwise, and cannot be published.
        const draftAbove = await repo.nearestDraft(tx, pathsAbove(path));
        if (draftAbove && input.draft === false) throw invalidField('body.draft', draftAboveProblem(draftAbove));
        const draft = input.draft ?? !!draftAbove;
        const row = await repo.insertPage(tx, {
          path,
          title,
          doc,
          draft,
          position: await repo.nextPosition(tx, parent),
          searchText: searchTextOf(title, doc),
          updatedBy: actor!.personId,
        });
        if (!row) throw pathTaken(path);
        const position = input.position === undefined ? row.position : await repo.placeAmongSiblings(tx, parent, row.id, input.position);
        if (doc) await documents.saveRevision(tx, actor, owner(row.id), doc);
        await audit(tx, actor, 'page.create', { type: 'page', id: row.id }, { after: { path, title, draft: row.draft, position } });
      });
      return db.use((d) => detailAt(d, actor, path));
    },

    /** Changes the fields given; a changed text is kept as a new revision. */
    async updatePage(actor: Actor | null, id: string, input: Change, precondition: Precondition = {}): Promise<PageDetail> {
      const path = await db.transaction(async (tx) => {
        const before = await writable(tx, actor, id, 'edit');
        await checkVersion(tx, actor, repo.pageVersion(before.id), precondition);
        if (input.draft === false && before.draft) {
          const draftAbove = await repo.nearestDraft(tx, pathsAbove(before.path));
          if (draftAbove) throw invalidField('body.draft', draftAboveProblem(draftAbove));
        }
        const draftedBelow = input.draft === true && !before.draft ? await repo.draftBelow(tx, actor, before.path) : 0;
        const docChanged = input.doc !== undefined && !isDeepStrictEqual(input.doc, before.doc);
        const title = input.title ?? before.title;
        const doc = docChanged ? (input.doc ?? null) : before.doc;
        await repo.changePage(tx, actor, before.id, {
          title,
          ...(docChanged ? { doc } : {}),
          ...(input.draft !== undefined ? { draft: input.draft } : {}),
          searchText: searchTextOf(title, doc),
        });
        const position = input.position === undefined ? undefined : await repo.placeAmongSiblings(tx, parentPagePath(before.path), before.id, input.position);
        if (docChanged) await documents.saveRevision(tx, actor, owner(before.id), doc);
        await audit(
          tx,
          actor,
          'page.update',
          { type: 'page', id: before.id },
          {
            before: { title: before.title, draft: before.draft, position: before.position },
            after: { title: input.title, draft: input.draft, position, docChanged, ...(draftedBelow ? { draftedBelow } : {}) },
          },
        );
        return before.path;
      });
      return db.use((d) => detailAt(d, actor, path));
    },

    /** Gives a page a new path, and every page below it the same new start: all or none. */
    async movePage(actor: Actor | null, id: string, input: Move): Promise<PageDetail> {
      const to = input.path;
      await db.transaction(async (tx) => {
        const before = await writable(tx, actor, id, 'edit');
        const from = before.path;
        if (to.startsWith(`${from}/`)) throw invalidField('body.path', 'A page cannot move below itself');
        let moved = 0;
        if (to !== from) {
          const renamed = movedPaths(await repo.pathsBelow(tx, from), from, to);
          await requireParent(tx, to);
          const draftAbove = before.draft ? null : await repo.nearestDraft(tx, pathsAbove(to));
          if (draftAbove)
            throw invalidField(
              'body.path',
              `/doc/${draftAbove} is a draft: a published page cannot go below it (publish that first, or make this page a draft)`,
            );
          const [clash] = await repo.takenAmong(tx, [to, ...renamed]);
          if (clash === to) throw pathTaken(to);
          if (clash) throw taken('body.path', `A page exists at /doc/${clash}, where a page below it would go`);
          moved = await repo.movePaths(tx, from, to);
        }
        const parent = parentPagePath(to);
        let position = before.position;
        if (input.position !== undefined) position = await repo.placeAmongSiblings(tx, parent, before.id, input.position);
        else if (parent !== parentPagePath(from)) position = await repo.nextPosition(tx, parent, before.id);
        // The page moved is a new version; its siblings, renumbered, and the pages below it, given its new path, are not.
        await repo.changePage(tx, actor, before.id, { position });
        await audit(
          tx,
          actor,
          'page.move',
          { type: 'page', id: before.id },
          { before: { path: from, position: before.position }, after: { path: to, position, moved } },
        );
      });
      return db.use((d) => detailAt(d, actor, to));
    },

    /** Deletes a page with its history; refused while pages are below it. */
    async deletePage(actor: Actor | null, id: string, precondition: Precondition = {}): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await writable(tx, actor, id, 'delete');
        await checkVersion(tx, actor, repo.pageVersion(before.id), precondition);
        const below = await repo.countBelow(tx, before.path);
        if (below) throw new AppError('CONFLICT', `Move or delete its ${below} ${below === 1 ? 'page' : 'pages'} below first`);
        await repo.deletePage(tx, before.id);
        await documents.deleteRevisions(tx, owner(before.id));
        await audit(tx, actor, 'page.delete', { type: 'page', id: before.id }, { before: { path: before.path, title: before.title, draft: before.draft } });
      });
    },

    /** The history of a page's text: for whoever may edit it (managePages). */
    async documentOf(actor: Actor | null, id: string): Promise<DocumentOwner> {
      const found = await db.use((d) => load(d, actor, 'page', id));
      authorize(actor, 'edit', found.resource, 'Page');
      return owner(found.id);
    },
  };
}
