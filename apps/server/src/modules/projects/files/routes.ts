import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FileVersionSchema, ProjectFileSchema, ProjectFilesResponseSchema, SignedUrlResponseSchema, type ProjectFile } from '@observatory/shared';
import { attachment, SANDBOX_CSP } from '../../../lib/downloads.js';
import { receiveFileParts } from '../../../lib/uploads.js';
import { signedIn } from '../../../plugins/auth.js';
import { ConditionalHeadersSchema, preconditionOf, withETag } from '../../../lib/versions.js';
import { FileUpdateSchema } from './service.js';

const key = z.string().min(1).max(200);
const ProjectParams = z.object({ id: key.describe('Project id or slug (a former slug works too)') });
const FileParams = ProjectParams.extend({ fid: z.uuid().describe('The file id') });
const VersionParams = FileParams.extend({ version: z.coerce.number().int().min(1).max(1_000_000_000).describe('The version number, from 1') });
const SignParams = z.object({ '*': z.string().min(1).max(1000).describe('The API path of a file version: projects/{id}/files/{fileId}/{version|latest}') });
const DownloadParams = z.object({ versionId: z.uuid().describe('The version id the signed URL names') });
const DownloadQuery = z.object({
  expires: z.string().max(20).optional().describe('Unix time in seconds'),
  user: z.string().max(100).optional().describe('Whom the URL was made for'),
  signature: z.string().max(200).optional(),
});

const UPLOAD_SUMMARY = 'multipart/form-data: the file in a part named "file"';

export const projectFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { projectFiles } = app.services;
  const tags = ['projects'];
  const write = { onRequest: signedIn };
  const upload = { onRequest: signedIn, config: { upload: true } };
  const receive = (request: FastifyRequest) => receiveFileParts(request, app.config.files.maxBytes);
  /** A file with its version as the ETag. */
  const tagged = async (reply: FastifyReply, body: Promise<ProjectFile>) => {
    const file = await body;
    return withETag(reply, file, file.version);
  };

  app.get(
    '/projects/:id/files',
    {
      schema: {
        tags,
        summary: 'A project’s files, by name, each with its versions newest first',
        params: ProjectParams,
        response: { 200: ProjectFilesResponseSchema },
      },
    },
    async (request) => ({ files: await projectFiles.listFiles(request.actor, request.params.id) }),
  );

  app.post(
    '/projects/:id/files',
    {
      ...upload,
      schema: {
        tags,
        summary: `Add a file (upload on the project): ${UPLOAD_SUMMARY}, optional fields "name" (default: the file's name) and "description". Answers the file with version 1`,
        consumes: ['multipart/form-data'],
        params: ProjectParams,
        response: { 201: ProjectFileSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await tagged(reply, projectFiles.createFile(request.actor, request.params.id, receive(request)))),
  );

  app.get(
    '/projects/:id/files/:fid',
    { schema: { tags, summary: 'One file with its versions, newest first', params: FileParams, response: { 200: ProjectFileSchema } } },
    async (request, reply) => tagged(reply, projectFiles.getFile(request.actor, request.params.id, request.params.fid)),
  );

  app.put(
    '/projects/:id/files/:fid',
    {
      ...write,
      schema: {
        tags,
        summary: 'Rename or describe a file (edit)',
        params: FileParams,
        headers: ConditionalHeadersSchema,
        body: FileUpdateSchema,
        response: { 200: ProjectFileSchema },
      },
    },
    async (request, reply) =>
      tagged(reply, projectFiles.updateFile(request.actor, request.params.id, request.params.fid, request.body, preconditionOf(request))),
  );

  app.delete(
    '/projects/:id/files/:fid',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete a file with every version and their bytes (edit)',
        params: FileParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await projectFiles.deleteFile(request.actor, request.params.id, request.params.fid, preconditionOf(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/projects/:id/files/:fid/version',
    {
      ...upload,
      schema: {
        tags,
        summary: `Add the next version of a file (upload on the project): ${UPLOAD_SUMMARY}. Answers the version`,
        consumes: ['multipart/form-data'],
        params: FileParams,
        response: { 201: FileVersionSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await projectFiles.createVersion(request.actor, request.params.id, request.params.fid, receive(request))),
  );

  app.delete(
    '/projects/:id/files/:fid/:version',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete one version and its bytes (edit); the only version of a file cannot be deleted (409): delete the file. Answers the file',
        params: VersionParams,
        response: { 200: ProjectFileSchema },
      },
    },
    async (request, reply) => tagged(reply, projectFiles.deleteVersion(request.actor, request.params.id, request.params.fid, request.params.version)),
  );

  app.get(
    '/auth/sign/*',
    {
      schema: {
        tags: ['auth'],
        summary: 'A download URL for a file version, valid 5 minutes, for whoever may see its project (signed in or not); the browser then opens it',
        params: SignParams,
        response: { 200: SignedUrlResponseSchema },
      },
    },
    async (request) => projectFiles.signUrl(request.actor, request.params['*']),
  );

  app.get(
    '/files/:versionId',
    {
      // Compression would drop Content-Length and gains little on most files.
      compress: false,
      schema: {
        tags: ['projects'],
        summary: 'The bytes of a file version, as a download, through a URL signed by GET auth/sign/{path} (403 without a valid signature)',
        params: DownloadParams,
        querystring: DownloadQuery,
        response: { 200: { content: { '*/*': { schema: z.unknown().describe('The bytes of the file version, in its own media type') } } } },
      },
    },
    async (request, reply) => {
      const file = await projectFiles.download(request.params.versionId, request.query);
      reply
        .type(file.mediaType)
        .header('content-length', file.size)
        .header('content-disposition', attachment(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', SANDBOX_CSP)
        .header('cache-control', 'private')
        .header('etag', `"${file.sha256}"`);
      // Fastify answers HEAD with the GET handler; an empty stream keeps our Content-Length.
      return reply.send(request.method === 'HEAD' ? Readable.from([]) : await file.open());
    },
  );
};
