import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { IMPORT_SAMPLE_RECORDS, type ImportSession } from '@observatory/shared';
import { can, requireActor, type Actor } from '../../authz/authorize.js';
import type { Database, Db } from '../../db/client.js';
import { importSessions } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/pagination.js';
import { newStorageKey, type Storage } from '../../lib/storage/index.js';
import type { Upload } from '../../lib/uploads.js';
import { decodeTable, type ImportLimits } from './decode.js';
import * as repo from './repo.js';
import { refuseWhileCommitting } from './committing.js';

/** Past imports listed. */
const LISTED = 50;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Import sessions: a spreadsheet uploaded once, decoded on the server into columns and
 * records kept in the database (the file itself in storage, to read another sheet), so
 * any server process can preview or commit it. importData holders use every session;
 * anyone signed in uploads and uses their own (a project's editor, for an observation
 * import into the project: see observations.ts), and another's is not found.
 */
export function createImportSessionsService(deps: { db: Database; storage: Storage; limits: ImportLimits }) {
  const { db, storage, limits } = deps;

  /** The session, when the actor may use it: anyone else's is not found. */
  async function usable(d: Db, actor: Actor, id: string) {
    const found = await repo.findSession(d, id);
    if (!found || !mayUseSession(actor, found.session)) throw notFound('Import session');
    return found;
  }

  async function view(id: string): Promise<ImportSession> {
    return db.use(async (d) => {
      const found = await repo.findSession(d, id);
      if (!found) throw notFound('Import session');
      const sample = await repo.recordPage(d, id, { limit: IMPORT_SAMPLE_RECORDS, offset: 0 });
      return { ...summaryOf(found), columns: found.session.columns, sample: sample.map((r) => r.cells) };
    });
  }

  return {
    /** Decodes the upload (refusing what is not a table), keeps the file and its records: the new session. */
    async createSession(actor: Actor | null, upload: Upload): Promise<ImportSession> {
      requireActor(actor);
      const bytes = await bytesOf(upload.stream);
      const table = await decodeTable(bytes, limits);
      const storageKey = newStorageKey();
      await storage.put(storageKey, Readable.from(bytes), { contentType: table.format === 'xlsx' ? XLSX_TYPE : 'text/plain' });
      try {
        const id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(importSessions)
            .values({
              fileName: upload.fileName ?? 'upload',
              storageKey,
              size: bytes.length,
              format: table.format,
              sheets: table.sheets,
              sheet: table.sheet,
              columns: table.columns,
              records: table.records.length,
              createdBy: actor!.userId,
            })
            .returning({ id: importSessions.id });
          await repo.writeRecords(tx, row!.id, table.records);
          return row!.id;
        });
        return await view(id);
      } catch (err) {
        await storage.delete(storageKey);
        throw err;
      }
    },

    async getSession(actor: Actor | null, id: string): Promise<ImportSession> {
      await db.use((d) => usable(d, requireActor(actor), id));
      return view(id);
    },

    /** Reads another sheet of the session's workbook: its columns and records replace the first's. */
    async updateSheet(actor: Actor | null, id: string, sheet: string): Promise<ImportSession> {
      const found = await db.use((d) => usable(d, requireActor(actor), id));
      const stream = await storage.get(found.session.storageKey);
      if (!stream) throw notFound('Import session file');
      const table = await decodeTable(await bytesOf(stream), limits, sheet);
      await db.transaction(async (tx) => {
        refuseWhileCommitting(id);
        await tx.update(importSessions).set({ sheet: table.sheet, columns: table.columns, records: table.records.length }).where(eq(importSessions.id, id));
        await repo.writeRecords(tx, id, table.records);
      });
      return view(id);
    },

    /** A page of the session's records, each with its row in the file. */
    async listRecords(actor: Actor | null, id: string, p: number, limit: number) {
      const who = requireActor(actor);
      return db.use(async (d) => {
        const found = await usable(d, who, id);
        const page = pageOf(p, limit);
        const rows = await repo.recordPage(d, id, page);
        return { records: rows.map((r) => ({ row: r.position + 2, cells: r.cells })), page, total: found.session.records };
      });
    },

    /** The latest sessions: who uploaded what, when, and what its commit did (without importData, the actor's own). */
    async listSessions(actor: Actor | null) {
      const who = requireActor(actor);
      return db.use(async (d) => (await repo.recentSessions(d, LISTED, can(who, 'importData') ? undefined : who.userId)).map(summaryOf));
    },

    /** Discards a session: its records, then its file. */
    async deleteSession(actor: Actor | null, id: string): Promise<void> {
      const who = requireActor(actor);
      const found = await db.transaction(async (tx) => {
        const row = await usable(tx, who, id);
        refuseWhileCommitting(id);
        await tx.delete(importSessions).where(eq(importSessions.id, id));
        return row;
      });
      await storage.delete(found.session.storageKey);
    },
  };
}

/** importData uses every session; anyone else only those they uploaded. */
export const mayUseSession = (actor: Actor, session: Pick<repo.SessionRow, 'createdBy'>) => can(actor, 'importData') || session.createdBy === actor.userId;

function summaryOf({ session: s, username }: { session: repo.SessionRow; username: string | null }) {
  return {
    id: s.id,
    fileName: s.fileName,
    size: s.size,
    format: s.format as ImportSession['format'],
    sheets: s.sheets,
    sheet: s.sheet,
    records: s.records,
    kind: s.kind,
    options: (s.options as Record<string, unknown> | null) ?? null,
    stats: (s.stats as Record<string, number> | null) ?? null,
    createdBy: username ? { username } : null,
    createdAt: s.createdAt.toISOString(),
    committedAt: s.committedAt?.toISOString() ?? null,
  };
}
