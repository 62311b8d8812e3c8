import type { ProseMirrorDoc, Revision, RevisionDetail } from '@observatory/shared';
import type { Actor } from '../../authz/authorize.js';
import type { Database, Db } from '../../db/client.js';
import { invalidField, notFound } from '../../lib/errors.js';
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

/** An image node of a document: the asset it names and where it is (`content.2.content.0`). */
interface ImageAt {
  assetId: string;
  path: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The image nodes of a document (DOCUMENT_NODES.image), at any depth, in order. */
function imagesIn(node: unknown, path = ''): ImageAt[] {
  if (!node || typeof node !== 'object') return [];
  const { type, attrs, content } = node as { type?: unknown; attrs?: { asset?: unknown }; content?: unknown };
  const here = type === 'image' && typeof attrs?.asset === 'string' && UUID.test(attrs.asset) ? [{ assetId: attrs.asset.toLowerCase(), path }] : [];
  const children = Array.isArray(content) ? content.flatMap((child, i) => imagesIn(child, `${path ? `${path}.` : ''}content.${i}`)) : [];
  return [...here, ...children];
}

/** Where the owner's document is in the request body that writes it. */
const fieldOf = (owner: DocumentOwner) => (owner.type === 'bio' ? 'body.bio' : 'body.doc');

/**
 * Documents and their revisions: every saved change of a document is kept, so a change can
 * be looked at and an older text restored (restoring saves it again: nothing is lost).
 * Whether the actor may see the history is the owner's module's to decide. The images each
 * revision names are kept too (document_images): they are what holds an image when it is served.
 */
export function createDocumentsService(deps: {
  db: Database;
  /** The assets among `ids` the actor may see (assets' rule: uploaded them, manageAssets, or sees what holds them). */
  readableAssets: (tx: Db, actor: Actor | null, ids: readonly string[]) => Promise<Set<string>>;
}) {
  const { db } = deps;
  return {
    /**
     * Keeps `doc` as the owner's newest revision (in the caller's transaction), and the
     * images it names. An image the document did not name before must be one the writer may
     * see: else naming an id would publish someone's hidden image (400 naming the node).
     */
    async saveRevision(tx: Db, actor: Actor | null, owner: DocumentOwner, doc: ProseMirrorDoc | null): Promise<void> {
      const images = imagesIn(doc);
      const named = await repo.imagesOf(tx, owner);
      const added = [...new Set(images.map((i) => i.assetId).filter((id) => !named.has(id)))];
      if (added.length) {
        const readable = await deps.readableAssets(tx, actor, added);
        const refused = images.find((i) => !named.has(i.assetId) && !readable.has(i.assetId));
        if (refused) {
          const at = `${fieldOf(owner)}${refused.path ? `.${refused.path}` : ''}.attrs.asset`;
          throw invalidField(at, 'No such image: upload it into this document, or use one of yours or one you can see');
        }
      }
      await repo.insertRevision(tx, owner, doc, actor?.personId ?? null);
      await repo.setCurrentImages(tx, owner, [...new Set(images.map((i) => i.assetId))]);
    },

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
