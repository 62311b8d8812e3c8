import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  IMPORT_PROGRESS_TYPE,
  ImportPreviewSchema,
  ImportRecordsResponseSchema,
  ObjectImportRequestSchema,
  ObservationImportRequestSchema,
  RelationImportRequestSchema,
  ImportSessionResponseSchema,
  ImportSessionsResponseSchema,
  ImportSheetInputSchema,
  type ImportPreview,
  type ImportStreamLine,
} from '@observatory/shared';
import { PageQuerySchema, setPaginationHeaders } from '../../lib/pagination.js';
import { signedIn } from '../../plugins/auth.js';
import { streamedErrorBody } from '../../plugins/errors.js';
import { readFilePart } from '../../lib/uploads.js';
import { noProgress, type OnProgress } from './preview.js';

/** 5,000 records of a wide sheet in JSON. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/** A commit's route: streamed uncompressed, so each line of progress leaves as it is written. */
const COMMIT_ROUTE = { compress: false as const };
const STREAMED = `Send Accept: ${IMPORT_PROGRESS_TYPE} to have the answer streamed: a line of progress at a time while the commit runs, then its result (or its error)`;

/**
 * A commit's answer: its result; or, asked for progress, a stream of lines once it begins
 * writing (progress while the transaction is open, then the result or the error). A
 * failure before that (a record in error, refused, the database busy) is answered as any
 * other error, with its status.
 */
async function commitAnswer(request: FastifyRequest, reply: FastifyReply, commit: (onProgress: OnProgress) => Promise<ImportPreview>) {
  if (!request.headers.accept?.includes(IMPORT_PROGRESS_TYPE)) return commit(noProgress);
  let stream: PassThrough | null = null;
  const line = (value: ImportStreamLine) => `${JSON.stringify(value)}\n`;
  try {
    const result = await commit((progress) => {
      if (!stream)
        void reply
          .type(IMPORT_PROGRESS_TYPE)
          .header('cache-control', 'no-store')
          .send((stream = new PassThrough()));
      stream.write(line({ progress }));
    });
    if (!stream) return result;
    (stream as PassThrough).end(line({ result }));
  } catch (err) {
    if (!stream) throw err;
    (stream as PassThrough).end(line({ error: streamedErrorBody(err, request) }));
  }
  return reply;
}

const SessionParams = z.object({ id: z.uuid().describe('The import session’s id') });

/** Import sessions (importData for all; anyone signed in, their own): upload a spreadsheet once, then read its columns and records. */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const sessions = app.services.importSessions;
  const tags = ['import'];
  const opts = { onRequest: signedIn };

  app.get(
    '/data/import/sessions',
    {
      ...opts,
      schema: { tags, summary: 'Past imports, newest first: who, when, the file and what its commit did', response: { 200: ImportSessionsResponseSchema } },
    },
    async (request) => ({
      sessions: await sessions.listSessions(request.actor),
    }),
  );
  app.post(
    '/data/import/sessions',
    {
      ...opts,
      config: { upload: true },
      schema: {
        tags,
        summary: 'Upload a CSV, TSV or XLSX file (multipart/form-data, a part named "file"): decoded into columns and records',
        consumes: ['multipart/form-data'],
        response: { 201: ImportSessionResponseSchema },
      },
    },
    async (request, reply) => {
      const upload = await readFilePart(request, app.config.imports.maxBytes);
      return reply.status(201).send({ session: await sessions.createSession(request.actor, upload) });
    },
  );
  app.get(
    '/data/import/sessions/:id',
    {
      ...opts,
      schema: { tags, summary: 'An import session: its columns and first records', params: SessionParams, response: { 200: ImportSessionResponseSchema } },
    },
    async (request) => ({
      session: await sessions.getSession(request.actor, request.params.id),
    }),
  );
  app.put(
    '/data/import/sessions/:id',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Read another sheet of the session’s workbook',
        params: SessionParams,
        body: ImportSheetInputSchema,
        response: { 200: ImportSessionResponseSchema },
      },
    },
    async (request) => ({ session: await sessions.updateSheet(request.actor, request.params.id, request.body.sheet) }),
  );
  app.get(
    '/data/import/sessions/:id/records',
    {
      ...opts,
      schema: {
        tags,
        summary: 'A page of the session’s records, each with its row in the file',
        params: SessionParams,
        querystring: PageQuerySchema.extend({ limit: z.coerce.number().int().min(1).max(1000).default(100) }),
        response: { 200: ImportRecordsResponseSchema },
      },
    },
    async (request, reply) => {
      const { records, page, total } = await sessions.listRecords(request.actor, request.params.id, request.query.p, request.query.limit);
      setPaginationHeaders(reply, page, total);
      return { records };
    },
  );
  const objectImport = app.services.objectImport;
  app.post(
    '/data/import/objects/preview',
    {
      ...opts,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'What importing the records as objects would do, record by record, with its stats; nothing is written (importData)',
        body: ObjectImportRequestSchema,
        response: { 200: ImportPreviewSchema },
      },
    },
    async (request) => objectImport.preview(request.actor, request.body),
  );
  app.post(
    '/data/import/objects',
    {
      ...opts,
      ...COMMIT_ROUTE,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Import the records as objects in one transaction: what the preview said, or nothing when a record has an error (importData)',
        description: STREAMED,
        body: ObjectImportRequestSchema,
        response: { 200: ImportPreviewSchema },
      },
    },
    async (request, reply) => commitAnswer(request, reply, (onProgress) => objectImport.commit(request.actor, request.body, onProgress)),
  );

  const relationImport = app.services.relationImport;
  app.post(
    '/data/import/object_rels/preview',
    {
      ...opts,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'What setting the records’ relations (their parent site) would do, record by record; nothing is written (importData)',
        body: RelationImportRequestSchema,
        response: { 200: ImportPreviewSchema },
      },
    },
    async (request) => relationImport.preview(request.actor, request.body),
  );
  app.post(
    '/data/import/object_rels',
    {
      ...opts,
      ...COMMIT_ROUTE,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Set the records’ relations in one transaction, or nothing when a record has an error (importData)',
        description: STREAMED,
        body: RelationImportRequestSchema,
        response: { 200: ImportPreviewSchema },
      },
    },
    async (request, reply) => commitAnswer(request, reply, (onProgress) => relationImport.commit(request.actor, request.body, onProgress)),
  );

  // Observations into a project's data table: importData, or edit on the project (its own sessions then).
  const observationImport = app.services.observationImport;
  app.post(
    '/data/import/observations/preview',
    {
      ...opts,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'What importing the records as observations into a project’s data table would do, record by record, with its stats; nothing is written (importData, or edit on the project)',
        body: ObservationImportRequestSchema,
        response: { 200: ImportPreviewSchema },
      },
    },
    async (request) => observationImport.preview(request.actor, request.body),
  );
  app.post(
    '/data/import/observations',
    {
      ...opts,
      ...COMMIT_ROUTE,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Import the records as observations (one transaction; on the embedded database a large file in turns): what the preview said, or nothing when a record has an error (importData, or edit on the project)',
        description: STREAMED,
        body: ObservationImportRequestSchema,
        response: { 200: ImportPreviewSchema },
      },
    },
    async (request, reply) => commitAnswer(request, reply, (onProgress) => observationImport.commit(request.actor, request.body, onProgress)),
  );

  app.delete(
    '/data/import/sessions/:id',
    {
      ...opts,
      schema: { tags, summary: 'Discard a session: its records and file', params: SessionParams, response: { 204: z.undefined().describe('No content') } },
    },
    async (request, reply) => {
      await sessions.deleteSession(request.actor, request.params.id);
      return reply.status(204).send();
    },
  );
};
