import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { notes, people } from '../../../db/schema/index.js';
import type { Page } from '../../../lib/pagination.js';
import { bumped } from '../../../lib/versions.js';
import type { Actor } from '../../../authz/policy.js';

const columns = {
  id: notes.id,
  content: notes.content,
  timestamp: notes.timestamp,
  createdAt: notes.createdAt,
  version: notes.version,
  authorId: notes.authorId,
  author: { id: people.id, slug: people.slug, name: people.name },
};
export type NoteRow = {
  id: string;
  content: string;
  timestamp: Date;
  createdAt: Date;
  version: number;
  authorId: string | null;
  author: { id: string; slug: string; name: string } | null;
};

const selectNotes = (d: Db) => d.select(columns).from(notes).leftJoin(people, eq(people.id, notes.authorId));

/** A page of an object's notes, newest first, and their total. */
export async function notesOf(d: Db, objectId: string, page: Page): Promise<{ rows: NoteRow[]; total: number }> {
  const rows = await selectNotes(d).where(eq(notes.objectId, objectId)).orderBy(desc(notes.timestamp), desc(notes.id)).limit(page.limit).offset(page.offset);
  const [total] = await d.select({ n: count() }).from(notes).where(eq(notes.objectId, objectId));
  return { rows, total: total?.n ?? 0 };
}

export async function findNote(d: Db, objectId: string, id: string): Promise<NoteRow | null> {
  return (await selectNotes(d).where(and(eq(notes.objectId, objectId), eq(notes.id, id))))[0] ?? null;
}

/** A new note; written now unless `timestamp` says when (its `createdAt` is the server's time either way). */
export async function insertNote(d: Db, values: { objectId: string; authorId: string; content: string; timestamp?: Date | undefined }): Promise<NoteRow> {
  const [created] = await d.insert(notes).values(values).returning({ id: notes.id });
  return (await selectNotes(d).where(eq(notes.id, created!.id)))[0]!;
}

/** A note's version, for a write's check (lib/versions.ts). */
export const noteVersion = (id: string) => ({ table: notes, where: eq(notes.id, id), type: 'note', id, what: 'The note' });

export async function changeNote(d: Db, actor: Actor | null, id: string, values: { content: string; timestamp?: Date | undefined }): Promise<NoteRow> {
  await d
    .update(notes)
    .set({ content: values.content, ...(values.timestamp ? { timestamp: values.timestamp } : {}), ...bumped(notes, actor) })
    .where(eq(notes.id, id));
  return (await selectNotes(d).where(eq(notes.id, id)))[0]!;
}

export async function deleteNote(d: Db, id: string): Promise<void> {
  await d.delete(notes).where(eq(notes.id, id));
}
