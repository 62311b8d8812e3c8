import { PAGE_SIZES, type Note, type NoteInputSchema } from '@observatory/shared';
import type { z } from 'zod';
import { authorize, type Actor, type Resource } from '../../../authz/authorize.js';
import type { Database } from '../../../db/client.js';
import { audit } from '../../../lib/audit.js';
import { checkVersion, type Precondition } from '../../../lib/versions.js';
import { checkAuthor, writtenAt } from '../../../lib/authored.js';
import { attachedTo } from '../attached.js';
import type { ObjectsService } from '../service.js';
import * as repo from './repo.js';

type Input = z.output<typeof NoteInputSchema>;

/**
 * The notebook of an object: seen with the object; written by those who may comment, as
 * themselves; changed by the author or an editor, keeping its author. A note may say when
 * it was written (offline, say); `created` is when the server stored it.
 */
export function createNotesService(deps: { db: Database; objects: ObjectsService }) {
  const { db, objects } = deps;
  const attached = attachedTo<repo.NoteRow>('note', objects);

  const toNote = (actor: Actor | null, object: Resource, row: repo.NoteRow): Note => ({
    id: row.id,
    author: row.author?.id ? row.author : null,
    content: row.content,
    timestamp: row.timestamp.toISOString(),
    created: row.createdAt.toISOString(),
    version: row.version,
    permissions: attached.permissions(actor, object, row),
  });

  const loadNote = (actor: Actor | null, key: string, noteId: string) =>
    attached.loadForEdit(actor, key, (objectId) => db.use((d) => repo.findNote(d, objectId, noteId)));

  return {
    /** 20 a page, newest first. */
    async listNotes(actor: Actor | null, key: string, p: number) {
      const { resource, page, rows, total } = await attached.page(actor, key, p, PAGE_SIZES.notes, (objectId, page) =>
        db.use((d) => repo.notesOf(d, objectId, page)),
      );
      return { notes: rows.map((r) => toNote(actor, resource, r)), page, total };
    },

    async createNote(actor: Actor | null, key: string, input: Input) {
      const { row: object, resource } = await objects.loadObject(actor, key);
      authorize(actor, 'comment', resource, 'Object');
      checkAuthor(input.author, actor!.personId, false);
      const timestamp = writtenAt(input.timestamp);
      const row = await db.transaction(async (tx) => {
        const created = await repo.insertNote(tx, { objectId: object.id, authorId: actor!.personId, content: input.content, timestamp });
        await audit(
          tx,
          actor,
          'note.create',
          { type: 'object', id: object.id },
          { after: { id: created.id, content: created.content, timestamp: created.timestamp } },
        );
        return created;
      });
      return toNote(actor, resource, row);
    },

    async updateNote(actor: Actor | null, key: string, noteId: string, input: Input, precondition: Precondition = {}) {
      const { object, resource, row: note } = await loadNote(actor, key, noteId);
      checkAuthor(input.author, note.authorId, true);
      const timestamp = writtenAt(input.timestamp);
      const row = await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.noteVersion(note.id), precondition);
        const changed = await repo.changeNote(tx, actor, note.id, { content: input.content, timestamp });
        await audit(
          tx,
          actor,
          'note.update',
          { type: 'object', id: object.id },
          { before: { id: note.id, content: note.content, timestamp: note.timestamp }, after: { content: changed.content, timestamp: changed.timestamp } },
        );
        return changed;
      });
      return toNote(actor, resource, row);
    },

    async deleteNote(actor: Actor | null, key: string, noteId: string, precondition: Precondition = {}) {
      const { object, row: note } = await loadNote(actor, key, noteId);
      await db.transaction(async (tx) => {
        await checkVersion(tx, actor, repo.noteVersion(note.id), precondition);
        await repo.deleteNote(tx, note.id);
        await audit(tx, actor, 'note.delete', { type: 'object', id: object.id }, { before: { id: note.id, content: note.content } });
      });
    },
  };
}
