import type { ImportSession } from '@observatory/shared';
import type { FastifyInstance } from 'fastify';
import { upload, type FilePart } from '../harness.js';
import { expectAnswer, sampleCsv } from './answer.js';
import type { TestUser } from './users.js';

/** An import session (POST /data/import/sessions): an uploaded spreadsheet, decoded; a small CSV unless a file is given. */
export async function buildImportSession(app: FastifyInstance, as: TestUser, overrides: { file?: FilePart } = {}): Promise<ImportSession> {
  const res = await upload(app, 'POST', '/data/import/sessions', { token: as.token, file: overrides.file ?? sampleCsv() });
  return expectAnswer<{ session: ImportSession }>(res, 201, 'POST /data/import/sessions').session;
}
