import { and, desc, eq, sql } from 'drizzle-orm';
import type { ProseMirrorDoc } from '@observatory/shared';
import type { Db } from '../../db/client.js';
import { documentImages, documentRevisions, people } from '../../db/schema/index.js';
import type { DocumentOwner } from './service.js';

const author = { id: people.id, slug: people.slug, name: people.name };
const ofOwner = (owner: DocumentOwner) => and(eq(documentRevisions.ownerType, owner.type), eq(documentRevisions.ownerId, owner.id));

export async function insertRevision(db: Db, owner: DocumentOwner, doc: ProseMirrorDoc | null, authorId: string | null): Promise<void> {
  await db.insert(documentRevisions).values({ ownerType: owner.type, ownerId: owner.id, doc, authorId });
}

export const revisionsOf = (db: Db, owner: DocumentOwner) =>
  db
    .select({ id: documentRevisions.id, createdAt: documentRevisions.createdAt, author })
    .from(documentRevisions)
    .leftJoin(people, eq(people.id, documentRevisions.authorId))
    .where(ofOwner(owner))
    .orderBy(desc(documentRevisions.createdAt), desc(documentRevisions.id));

export async function findRevision(db: Db, owner: DocumentOwner, id: string) {
  const [row] = await db
    .select({ id: documentRevisions.id, createdAt: documentRevisions.createdAt, doc: documentRevisions.doc, author })
    .from(documentRevisions)
    .leftJoin(people, eq(people.id, documentRevisions.authorId))
    .where(and(ofOwner(owner), eq(documentRevisions.id, id)));
  return row ?? null;
}

export async function deleteRevisionsOf(db: Db, owner: DocumentOwner): Promise<void> {
  await db.delete(documentRevisions).where(ofOwner(owner));
  await db.delete(documentImages).where(and(eq(documentImages.ownerType, owner.type), eq(documentImages.ownerId, owner.id)));
}

/** The images any revision of the owner's document has named. */
export async function imagesOf(db: Db, owner: DocumentOwner): Promise<Set<string>> {
  const rows = await db
    .select({ assetId: documentImages.assetId })
    .from(documentImages)
    .where(and(eq(documentImages.ownerType, owner.type), eq(documentImages.ownerId, owner.id)));
  return new Set(rows.map((r) => r.assetId));
}

/** The owner's current text names `assetIds`: those are current, every other image it named before only in its history. */
export async function setCurrentImages(db: Db, owner: DocumentOwner, assetIds: readonly string[]): Promise<void> {
  await db
    .update(documentImages)
    .set({ current: false })
    .where(and(eq(documentImages.ownerType, owner.type), eq(documentImages.ownerId, owner.id), eq(documentImages.current, true)));
  if (assetIds.length === 0) return;
  await db
    .insert(documentImages)
    .values(assetIds.map((assetId) => ({ ownerType: owner.type, ownerId: owner.id, assetId, current: true })))
    .onConflictDoUpdate({ target: [documentImages.ownerType, documentImages.ownerId, documentImages.assetId], set: { current: sql`true` } });
}
