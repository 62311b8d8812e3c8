import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AssetDetailSchema, AssetsQuerySchema, AssetsResponseSchema, IMAGE_MEDIA_TYPES, StrayFilesSchema, SweptSchema } from '@observatory/shared';
import { audit } from '../../lib/audit.js';
import { setPaginationHeaders } from '../../lib/pagination.js';
import { signedIn } from '../../plugins/auth.js';
import { attachment, SANDBOX_CSP } from '../../lib/downloads.js';
import { readFilePart } from '../../lib/uploads.js';
import { describeAsset } from './service.js';
import { IMAGE_NODE } from './usages/service.js';

const SignatureQuery = z.object({
  expires: z.string().max(20).optional(),
  user: z.uuid().optional(),
  signature: z.string().max(200).optional(),
});

const VariantParams = z.object({
  id: z.uuid().describe('The asset id'),
  variant: z
    .string()
    .regex(/^[a-z0-9]+$/)
    .max(20)
    .describe('"original", or a size of an image: "96", "400"'),
});

const AssetParams = z.object({ id: z.uuid().describe('The asset id') });

/** Types a browser may show in place; anything else is a download that runs nothing. */
const INLINE_TYPES = new Set<string>(IMAGE_MEDIA_TYPES);

export const assetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { assets } = app.services;
  const tags = ['assets'];

  app.get(
    '/assets',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          'Every uploaded file (manageAssets), or with mine=true the caller’s own uploads (anyone signed in), newest first, 25 a page, each with how many places use it (revisions of documents included), and the totals over them',
        description: 'totals.bytes and totals.unusedBytes count what the files take in the storage: the originals and their image versions',
        querystring: AssetsQuerySchema,
        response: { 200: AssetsResponseSchema },
      },
    },
    async (request, reply) => {
      const { page, total, ...answer } = await assets.listAssets(
        request.actor,
        request.query.p,
        request.query.unused === 'true',
        request.query.mine === 'true',
      );
      setPaginationHeaders(reply, page, total);
      return answer;
    },
  );

  app.post(
    '/assets',
    {
      onRequest: signedIn,
      config: { upload: true },
      schema: {
        tags,
        summary: `Upload an image for a document (JPEG, PNG or WebP in the part "file"; anyone signed in), answered as GET assets/{id} answers it. It is unused, and may be removed, until a document names it: {"type":"${IMAGE_NODE.type}","attrs":{"${IMAGE_NODE.assetAttr}":"<its id>"}}`,
        consumes: ['multipart/form-data'],
        response: { 201: AssetDetailSchema },
      },
    },
    async (request, reply) => {
      const upload = await readFilePart(request, app.config.images.maxBytes);
      const id = await assets.attachImage(request.actor, upload, async (tx, asset) => {
        await audit(tx, request.actor, 'asset.upload', { type: 'asset', id: asset.id }, { after: describeAsset(asset) });
        return { replaced: null, result: asset.id };
      });
      return reply.status(201).send(await assets.getAsset(request.actor, id));
    },
  );

  // Static paths before /assets/:id (Fastify prefers them anyway).
  app.get(
    '/assets/strays',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Files in the storage that no record names (left by a crash between writing them and recording them), older than an hour (manageAssets)',
        response: { 200: StrayFilesSchema },
      },
    },
    async (request) => assets.listStrays(request.actor),
  );

  app.post(
    '/assets/strays/sweep',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Remove the stray files found now, as GET assets/strays lists them (manageAssets); audited', response: { 200: SweptSchema } },
    },
    async (request) => assets.sweepStrays(request.actor),
  );

  app.get(
    '/assets/:id',
    {
      schema: {
        tags,
        summary:
          'An uploaded file and the places that use it which the reader may see (others only counted). Not found unless the reader sees one of them, uploaded it, or holds manageAssets',
        params: AssetParams,
        response: { 200: AssetDetailSchema },
      },
    },
    async (request) => assets.getAsset(request.actor, request.params.id),
  );

  app.delete(
    '/assets/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Remove an unused file and its stored bytes (its uploader or manageAssets); 409 naming where it is used while anything uses it',
        params: AssetParams,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await assets.deleteAsset(request.actor, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/assets/:id/:variant',
    {
      schema: {
        tags,
        summary:
          'An uploaded file or one of its versions; immutable, so cached for a year (ETag: its SHA-256). The original only for its uploader and manageAssets. An image of something not everyone may see (a photo of a members-only object) needs the signed URL its holder answers with, works while its signer may see the holder, and is cached privately until the URL expires',
        params: VariantParams,
        querystring: SignatureQuery,
        response: {
          200: { content: { '*/*': { schema: z.unknown().describe('The bytes of the file, in its own media type') } } },
          304: z.undefined().describe('Not modified: the ETag sent in If-None-Match still holds'),
        },
      },
    },
    async (request, reply) => {
      const { id, variant } = request.params;
      const file = await assets.findVariant(request.actor, id, variant, request.query);
      const etag = `"${file.sha256}"`;
      reply
        // Originals and signed images are answered per user (see findVariant): no shared cache keeps them.
        .header('cache-control', file.cacheControl)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
      reply.type(file.mediaType).header('content-length', file.size);
      if (!INLINE_TYPES.has(file.mediaType)) {
        reply.header('content-disposition', attachment(file.fileName)).header('content-security-policy', SANDBOX_CSP);
      }
      // Fastify answers HEAD with the GET handler; an empty stream keeps our Content-Length.
      return reply.send(request.method === 'HEAD' ? Readable.from([]) : await file.open());
    },
  );
};

const matchesEtag = (header: string | undefined, etag: string) =>
  !!header && (header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));
