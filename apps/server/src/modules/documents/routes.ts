import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RevisionDetailSchema, RevisionsResponseSchema, type ProseMirrorDoc } from '@observatory/shared';
import type { Actor } from '../../authz/authorize.js';
import { signedIn } from '../../plugins/auth.js';
import type { DocumentOwner } from './service.js';

/** A kind of document with a history, as the module that owns it describes it. */
export interface DocumentKind<P extends z.ZodObject> {
  tags: string[];
  /** "the documentation", "an update’s text", "the object’s doc": for the API reference. */
  what: string;
  /** The path parameters before `/revisions`. */
  params: P;
  /** The document's owner, once the actor may edit it (a 404 or 403 otherwise): history may hold what was taken out. */
  ownerFor: (actor: Actor | null, params: z.output<P>) => Promise<DocumentOwner>;
  /** Makes `doc` the current text again (saving it as the newest revision) and answers the owner's detail. */
  restore: (actor: Actor | null, params: z.output<P>, doc: ProseMirrorDoc | null) => Promise<unknown>;
  /** The schema of that detail. */
  restored: z.ZodType;
}

/** GET `{prefix}/revisions`, GET `{prefix}/revisions/{rid}` and POST `{prefix}/revisions/{rid}/restore` for one kind of document. */
export function revisionRoutes<P extends z.ZodObject>(prefix: string, kind: DocumentKind<P>): FastifyPluginAsyncZod {
  const RevisionParams = kind.params.extend({ rid: z.uuid() });
  return async (app) => {
    const { documents } = app.services;
    const { tags } = kind;
    app.get(
      `${prefix}/revisions`,
      {
        onRequest: signedIn,
        schema: { tags, summary: `Saved versions of ${kind.what}, newest first (edit)`, params: kind.params, response: { 200: RevisionsResponseSchema } },
      },
      async (request) => ({ revisions: await documents.listRevisions(await kind.ownerFor(request.actor, request.params as z.output<P>)) }),
    );
    app.get(
      `${prefix}/revisions/:rid`,
      {
        onRequest: signedIn,
        schema: { tags, summary: `One saved version of ${kind.what} (edit)`, params: RevisionParams, response: { 200: RevisionDetailSchema } },
      },
      async (request) => documents.getRevision(await kind.ownerFor(request.actor, request.params as z.output<P>), (request.params as { rid: string }).rid),
    );
    app.post(
      `${prefix}/revisions/:rid/restore`,
      {
        onRequest: signedIn,
        schema: { tags, summary: `Make an older version ${kind.what} again (a new revision)`, params: RevisionParams, response: { 200: kind.restored } },
      },
      async (request) => {
        const params = request.params as z.output<P>;
        const { doc } = await documents.getRevision(await kind.ownerFor(request.actor, params), (request.params as { rid: string }).rid);
        return kind.restore(request.actor, params, doc);
      },
    );
  };
}
