import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_MEDIA_TYPES } from '@observatory/shared';

const SignatureQuery = z.object({
  expires: z.string().max(20).optional(),
  user: z.uuid().optional(),
  signature: z.string().max(200).optional(),
});

const VariantParams = z.object({
  id: z.uuid().describe('The asset id'),
  variant: z.string().regex(/^[a-z0-9]+$/).max(20).describe('"original", or a size of an image: "96", "400"'),
});

/** Types a browser may show in place; anything else is a download that runs nothing. */
const INLINE_TYPES = new Set<string>(IMAGE_MEDIA_TYPES);

export const assetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { assets } = app.services;

  app.get(
    '/assets/:id/:variant',
    {
      schema: {
        tags: ['assets'],
        summary:
          'An uploaded file or one of its versions; immutable, so cached for a year (ETag: its SHA-256). The original only for its uploader and manageAssets. An image of something not everyone may see (a photo of a members-only object) needs the signed URL its holder answers with, works while its signer may see the holder, and is cached privately until the URL expires',
        params: VariantParams,
        querystring: SignatureQuery,
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
        reply.header('content-disposition', attachment(file.fileName)).header('content-security-policy', "default-src 'none'; sandbox");
      }
      // Fastify answers HEAD with the GET handler; an empty stream keeps our Content-Length.
      return reply.send(request.method === 'HEAD' ? Readable.from([]) : await file.open());
    },
  );
};

const matchesEtag = (header: string | undefined, etag: string) =>
  !!header && (header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));

const attachment = (fileName: string | null) =>
  fileName ? `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}` : 'attachment';
