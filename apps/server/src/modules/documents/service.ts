import type { ProseMirrorDoc, Revision, RevisionDetail } from '@observatory/shared';
import type { Actor } from '../../authz/authorize.js';
import type { Database, Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './repo.js';

/** What a document belongs to: a project's documentation, an update's text, an object's doc, an insight, a documentation page, a person's bio. */
export interface DocumentOwner {
  type: 'project' | 'update' | 'object' | 'insight' | 'page' | 'bio';
  id: string;
}

const toRevision = (r: { id: string; createdAt: Date; author: { id: string; slug: string; name: string } | null }): Revision => ({
  id: r.id,
  createdAt: r.createdAt.toISOString(),
  author: r.author?.id ? r.author : null,
});

/**
 * Documents and their revisions: every saved change of a document is kept, so a change can
 * be looked at and an older text restored (restoring saves it again: nothing is lost).
 * Whether the actor may see the history is the owner's module's to decide.
 */
export function createDocumentsService(deps: { db: Database }) {
  const { db } = deps;
  return {
    /** Keeps `doc` as the owner's newest revision (in the caller's transaction). */
    saveRevision: (tx: Db, actor: Actor | null, owner: DocumentOwner, doc: ProseMirrorDoc | null) =>
      repo.insertRevision(tx, owner, doc, actor?.personId ?? null),

    /** The history goes with its owner. */
    deleteRevisions: (tx: Db, owner: DocumentOwner) => repo.deleteRevisionsOf(tx, owner),

    /** Saved versions, newest first. */
    async listRevisions(owner: DocumentOwner): Promise<Revision[]> {
      return (await db.use((d) => repo.revisionsOf(d, owner))).map(toRevision);
    },

    async getRevision(owner: DocumentOwner, revisionId: string): Promise<RevisionDetail> {
      const row = await db.use((d) => repo.findRevision(d, owner, revisionId));
      if (!row) throw notFound('Revision');
      return { revision: toRevision(row), doc: (row.doc as ProseMirrorDoc | null) ?? null };
    },
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;
