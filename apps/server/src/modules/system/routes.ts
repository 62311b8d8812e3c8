import { signedIn } from '../../plugins/auth.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminStatusSchema,
  AdminSummarySchema,
  AppConfigSchema,
  BASEMAP_PROVIDERS,
  BasemapSettingSchema,
  BasemapStateSchema,
  ChangesQuerySchema,
  ChangesResponseSchema,
  HealthSchema,
  MapStyleSchema,
  OutboxResponseSchema,
  PAGE_SIZES,
  PublishingSettingSchema,
  basemapProvider,
} from '@observatory/shared';
import { z } from 'zod';
import { authorize } from '../../authz/authorize.js';
import { countVisible } from '../../authz/visibility.js';
import { PageQuerySchema, pageOf, setPaginationHeaders } from '../../lib/pagination.js';
import { notFound } from '../../lib/errors.js';
import { rasterStyle } from './basemap.js';
import { healthProbe } from './health.js';
import * as repo from './repo.js';
import { readChanges } from './changes.js';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app;
  const health = healthProbe(database, app.log);

  app.get(
    '/app/config',
    { schema: { tags: ['system'], summary: 'What the web app needs at start', response: { 200: AppConfigSchema } } },
    // The licence and basemap as Site Admin set them now (MAP_STYLE_URL, when set, wins).
    async () => ({ ...config.app, licence: app.services.publishing.current().licence, map: app.services.basemap.mapConfig() }),
  );

  app.get(
    '/changes',
    {
      schema: {
        tags: ['harvest'],
        summary:
          'The change feed: creates, updates and deletes of the catalogue’s resources after a cursor, as the caller may see them now (anyone). Poll with the answer’s next; a resource hidden from the caller is a delete with its id only',
        querystring: ChangesQuerySchema,
        response: { 200: ChangesResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return database.use((d) => readChanges(d, request.actor, request.query, config.publicUrl));
    },
  );

  app.get(
    '/admin/publishing',
    {
      onRequest: signedIn,
      schema: {
        tags: ['admin'],
        summary: 'The data licence, and whether and how search engines are invited to index the site (manageSettings)',
        response: { 200: PublishingSettingSchema },
      },
    },
    async (request) => app.services.publishing.state(request.actor),
  );

  app.put(
    '/admin/publishing',
    {
      onRequest: signedIn,
      schema: {
        tags: ['admin'],
        summary:
          'Choose the data licence (the footer and every page’s JSON-LD), whether robots.txt invites crawlers, and lines added to it. Every process uses it within seconds (manageSettings); audited',
        body: PublishingSettingSchema,
        response: { 200: PublishingSettingSchema },
      },
    },
    async (request) => app.services.publishing.put(request.actor, request.body),
  );

  app.get(
    '/admin/basemap',
    {
      onRequest: signedIn,
      schema: {
        tags: ['admin'],
        summary: 'The basemap chosen under Site Admin, and MAP_STYLE_URL when it is set and wins (manageSettings)',
        response: { 200: BasemapStateSchema },
      },
    },
    async (request) => app.services.basemap.state(request.actor),
  );

  app.put(
    '/admin/basemap',
    {
      onRequest: signedIn,
      schema: {
        tags: ['admin'],
        summary:
          'Choose the basemap: none (the built-in background, nothing loaded from elsewhere), one of the offered providers, or a custom MapLibre style. Every process uses it within seconds; the CSP and the privacy page follow it (manageSettings); audited',
        body: BasemapSettingSchema,
        response: { 200: BasemapStateSchema },
      },
    },
    async (request) => app.services.basemap.put(request.actor, request.body),
  );

  app.get(
    '/basemaps/:id/style.json',
    {
      schema: {
        tags: ['system'],
        summary: `The MapLibre style of an offered raster basemap (${BASEMAP_PROVIDERS.filter((p) => p.kind === 'raster')
          .map((p) => p.id)
          .join(', ')}): its tiles as one layer, credited`,
        params: z.object({ id: z.string() }),
        response: {
          200: MapStyleSchema,
        },
      },
    },
    async (request, reply) => {
      const provider = basemapProvider(request.params.id);
      if (provider?.kind !== 'raster') throw notFound('Raster basemap');
      reply.header('cache-control', 'public, max-age=3600');
      return rasterStyle(provider);
    },
  );

  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Database reachability and migration version', response: { 200: HealthSchema, 503: HealthSchema } } },
    async (_request, reply) => {
      const answer = await health();
      return answer.status === 'ok' ? answer : reply.status(503).send(answer);
    },
  );

  app.get(
    '/admin/summary',
    {
      onRequest: signedIn,
      schema: {
        tags: ['admin'],
        summary: 'Counts of what exists and the newest audit entries (accessAdmin)',
        response: { 200: AdminSummarySchema },
      },
    },
    async (request) => {
      authorize(request.actor, 'accessAdmin');
      // What the reader may see: a members-only project is neither counted nor named to others (only said to exist).
      const kinds = ['project', 'object', 'user', 'person', 'institution', 'team'] as const;
      const { counts, audit } = await database.use(async (d) => {
        const n: number[] = [];
        for (const kind of kinds) n.push(await countVisible(d, request.actor, kind));
        return { counts: n, audit: await repo.recentAudit(d, request.actor, 20) };
      });
      return {
        counts: { projects: counts[0]!, objects: counts[1]!, users: counts[2]!, people: counts[3]!, institutions: counts[4]!, teams: counts[5]! },
        audit: audit.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
      };
    },
  );

  app.get(
    '/admin/status',
    {
      onRequest: signedIn,
      schema: {
        tags: ['admin'],
        summary: 'Database kind and version, migration version, storage use and uptime (accessAdmin)',
        response: { 200: AdminStatusSchema },
      },
    },
    async (request) => {
      authorize(request.actor, 'accessAdmin');
      const [version, migration, sizes] = await Promise.all([database.serverVersion(), database.migrationState(), database.use((d) => repo.sizes(d))]);
      const uptimeSeconds = Math.floor(process.uptime());
      return {
        database: { kind: database.kind, version, postgis: sizes.postgis, sizeBytes: sizes.databaseBytes },
        migration,
        storage: { kind: config.storage.s3 ? ('s3' as const) : ('directory' as const), files: sizes.files, bytes: sizes.fileBytes },
        uptimeSeconds,
        startedAt: new Date(Date.now() - uptimeSeconds * 1000).toISOString(),
        node: process.version,
      };
    },
  );

  app.get(
    '/admin/outbox',
    {
      onRequest: signedIn,
      schema: {
        tags: ['admin'],
        summary: 'Mail kept in the outbox, newest first (manageUsers)',
        querystring: PageQuerySchema,
        response: { 200: OutboxResponseSchema },
      },
    },
    async (request, reply) => {
      authorize(request.actor, 'manageUsers');
      const page = pageOf(request.query.p, PAGE_SIZES.outbox);
      const { rows, total } = await database.use((d) => repo.listOutbox(d, page.limit, page.offset));
      setPaginationHeaders(reply, page, total);
      return { messages: rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
    },
  );
};
