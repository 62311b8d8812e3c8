import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ShortlinkChangeSchema, ShortlinkCreateSchema, ShortlinkSchema, ShortlinksResponseSchema } from '@observatory/shared';
import { signedIn } from '../../plugins/auth.js';
import { ConditionalHeadersSchema, preconditionOf, withETag } from '../../lib/versions.js';
import { targetHost } from './hosts.js';
import { INTERSTITIAL_CSP, interstitialPage } from './interstitial.js';

const IdParams = z.object({ id: z.uuid() });
const SlugParams = z.object({ slug: z.string() });

/** Managing shortlinks (manageShortlinks), under the API root. */
export const shortlinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { shortlinks } = app.services;
  const tags = ['shortlinks'];
  const write = { onRequest: signedIn };

  app.get(
    '/shortlinks',
    {
      ...write,
      schema: { tags, summary: 'Every shortlink by slug, with its hits and last use (manageShortlinks)', response: { 200: ShortlinksResponseSchema } },
    },
    async (request) => shortlinks.listShortlinks(request.actor),
  );

  app.post(
    '/shortlinks',
    {
      ...write,
      schema: {
        tags,
        summary:
          'Add a shortlink: /s/{slug} then redirects to the target, a path of this site or an http(s) address on this site’s host or one of SHORTLINK_HOSTS (manageShortlinks)',
        body: ShortlinkCreateSchema,
        response: { 201: ShortlinkSchema },
      },
    },
    async (request, reply) => {
      const created = await shortlinks.createShortlink(request.actor, request.body);
      return reply.status(201).send(withETag(reply, created, created.version));
    },
  );

  app.put(
    '/shortlinks/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Change a shortlink’s slug or target (manageShortlinks)',
        params: IdParams,
        headers: ConditionalHeadersSchema,
        body: ShortlinkChangeSchema,
        response: { 200: ShortlinkSchema },
      },
    },
    async (request, reply) => {
      const changed = await shortlinks.updateShortlink(request.actor, request.params.id, request.body, preconditionOf(request));
      return withETag(reply, changed, changed.version);
    },
  );

  app.delete(
    '/shortlinks/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete a shortlink: its address then finds nothing (manageShortlinks)',
        params: IdParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await shortlinks.deleteShortlink(request.actor, request.params.id, preconditionOf(request));
      return reply.status(204).send();
    },
  );
};

/**
 * A Location header carries only visible ASCII: a target's other characters (a path in
 * another script) go percent-encoded, as a browser would send them.
 */
export const locationOf = (target: string) => target.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));

/**
 * /s/{slug}, outside the API root: a 302 to the target, never cached so every use is
 * counted. A target on a host not allowed (any more) answers 200 with a page asking the
 * visitor first, with a policy of its own and no referrer sent on. HEAD answers the same
 * without counting. An unknown slug gets the web app's Not Found page with status 404.
 */
export const shortlinkRedirectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { shortlinks } = app.services;
  const { productName } = app.config.app;
  app.get('/s/:slug', { schema: { hide: true, summary: 'Follow a shortlink', params: SlugParams } }, async (request, reply) => {
    const { slug } = request.params;
    const found = request.method === 'HEAD' ? await shortlinks.peek(slug) : await shortlinks.follow(slug);
    if (found === null) return reply.status(404).callNotFound();
    reply.header('cache-control', 'no-store');
    if (found.external !== 'interstitial') return reply.redirect(locationOf(found.target), 302);
    return reply
      .header('content-security-policy', INTERSTITIAL_CSP)
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex, nofollow')
      .type('text/html; charset=utf-8')
      .send(interstitialPage({ target: found.target, host: targetHost(found.target) ?? found.target, productName }));
  });
};
