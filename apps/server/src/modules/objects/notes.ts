import { and, count, desc, eq } from 'drizzle-orm';
import { PAGE_SIZES, type Note } from '@observatory/shared';
import { authorize, permissionsFor, type Actor, type Resource } from '../../authz/authorize';
import { resourceOf } from '../../authz/lookup';
import type { Database, Db } from '../../db/client';
import { notes, people } from '../../db/schema';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { pageOf } from '../../lib/pagination';
import type { ObjectsService } from './service';

const columns = { id: notes.id, content: notes.content, timestamp: notes.timestamp, authorId: notes.authorId, author: { id: people.id, slug: people.slug, name: people.name } };
type NoteRow = { id: string; content: string; timestamp: Date; authorId: string | null; author: { id: string; slug: string; name: string } | null };

const selectNotes = (d: Db) => d.select(columns).from(notes).leftJoin(people, eq(people.id, notes.authorId));

/** The notebook of an object: seen with the object; written by those who may comment; changed by the author or an editor. */
export function createNotesService(deps: { db: Database; objects: ObjectsService }) {
  const { db, objects } = deps;

  /** Seen with its object; its author owns it, and the object's editors may change it too (the registry's note). */
  const resourceOfNote = (row: { id: string; authorId: string | null }, object: Resource) => resourceOf('note', row, { parent: object });

  const toNote = (actor: Actor | null, object: Resource, row: NoteRow): Note => ({
    id: row.id,
    author: row.author?.id ? row.author : null,
    content: row.content,
    timestamp: row.timestamp.toISOString(),
    permissions: permissionsFor(actor, resourceOfNote(row, object)),
  });

  async function loadNote(actor: Actor | null, key: string, noteId: string) {
    const { row: object, resource } = await objects.load(actor, key);
    const [note] = await db.use((d) => selectNotes(d).where(and(eq(notes.objectId, object.id), eq(notes.id, noteId))));
    if (!note) throw notFound('Note');
    authorize(actor, 'edit', resourceOfNote(note, resource), 'Note');
    return { object, resource, note };
  }

  return {
    /** 20 a page, newest first. */
    async list(actor: Actor | null, key: string, p: number) {
      const { row: object, resource } = await objects.load(actor, key);
      const page = pageOf(p, PAGE_SIZES.notes);
      return db.use(async (d) => {
        const rows = await selectNotes(d).where(eq(notes.objectId, object.id)).orderBy(desc(notes.timestamp), desc(notes.id)).limit(page.limit).offset(page.offset);
        const [total] = await d.select({ n: count() }).from(notes).where(eq(notes.objectId, object.id));
        return { notes: rows.map((r) => toNote(actor, resource, r)), page, total: total?.n ?? 0 };
      });
    },

    async add(actor: Actor | null, key: string, content: string) {
      const { row: object, resource } = await objects.load(actor, key);
      authorize(actor, 'comment', resource, 'Object');
      const row = await db.transaction(async (tx) => {
        const [created] = await tx.insert(notes).values({ objectId: object.id, authorId: actor!.personId, content }).returning({ id: notes.id });
        await audit(tx, actor, 'note.create', { type: 'object', id: object.id }, { after: { id: created!.id, content } });
        const [full] = await selectNotes(tx).where(eq(notes.id, created!.id));
        return full!;
      });
      return toNote(actor, resource, row);
    },

    async change(actor: Actor | null, key: string, noteId: string, content: string) {
      const { object, resource, note } = await loadNote(actor, key, noteId);
      const row = await db.transaction(async (tx) => {
        await tx.update(notes).set({ content, updatedAt: new Date() }).where(eq(notes.id, note.id));
        await audit(tx, actor, 'note.update', { type: 'object', id: object.id }, { before: { id: note.id, content: note.content }, after: { content } });
        const [full] = await selectNotes(tx).where(eq(notes.id, note.id));
        return full!;
      });
      return toNote(actor, resource, row);
    },

    async remove(actor: Actor | null, key: string, noteId: string) {
      const { object, note } = await loadNote(actor, key, noteId);
      await db.transaction(async (tx) => {
        await tx.delete(notes).where(eq(notes.id, note.id));
        await audit(tx, actor, 'note.delete', { type: 'object', id: object.id }, { before: { id: note.id, content: note.content } });
      });
    },
  };
}
export type NotesService = ReturnType<typeof createNotesService>;
