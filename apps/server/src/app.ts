import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT, applyHumanMessages } from '@observatory/shared';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { AppError } from './lib/errors.js';
import { withOptionalBodies } from './lib/openapi-bodies.js';
import { withNamedComponents, withoutUnusedComponents } from './lib/openapi-components.js';
import { withErrorResponses } from './lib/openapi-errors.js';
import { withResponseHeaders } from './lib/openapi-headers.js';
import { withOperationIds } from './lib/openapi-operation-ids.js';
import { withRouteSecurity } from './lib/openapi-security.js';
import { withNamedWildcards } from './lib/openapi-wildcards.js';
import { apiKeyRoutes } from './modules/apikeys/index.js';
import { assetRoutes } from './modules/assets/index.js';
import { authRoutes } from './modules/auth/index.js';
import { institutionRoutes } from './modules/institutions/index.js';
import { invitationRoutes } from './modules/invitations/index.js';
import { peopleRoutes } from './modules/people/index.js';
import { crawlerRoutes, storedTokenSecret, systemRoutes } from './modules/system/index.js';
import { roleRoutes } from './modules/roles/index.js';
import { shortlinkRedirectRoutes, shortlinkRoutes } from './modules/shortlinks/index.js';
import { teamRoutes } from './modules/teams/index.js';
import { insightRoutes } from './modules/insights/index.js';
import { publicationRoutes } from './modules/publications/index.js';
import { pageRoutes } from './modules/pages/index.js';
import { notificationRoutes } from './modules/notifications/index.js';
import { projectRoutes } from './modules/projects/index.js';
import { objectRoutes } from './modules/objects/index.js';
import { ogcRoutes } from './modules/ogc/index.js';
import { oaiRoutes } from './modules/oai/index.js';
import { dcatRoutes } from './modules/dcat/index.js';
import { webhookRoutes } from './modules/webhooks/index.js';
import { photoSearchRoutes } from './modules/photo-search/index.js';
import { sandboxRoutes } from './modules/sandbox/index.js';
import { schemaRoutes } from './modules/schema/index.js';
import { dataTableRoutes } from './modules/datatables/index.js';
import { sensorThingsRoutes } from './modules/sensorthings/index.js';
import { importRoutes } from './modules/imports/index.js';
import { userRoutes } from './modules/users/index.js';
import answerCachePlugin from './plugins/answer-cache.js';
import authPlugin from './plugins/auth.js';
import corsPlugin from './plugins/cors.js';
import httpCachePlugin from './plugins/http-cache.js';
import idempotencyPlugin, { withIdempotencyKeys } from './plugins/idempotency.js';
import inputPlugin from './plugins/input.js';
import errorsPlugin from './plugins/errors.js';
import spaPlugin from './plugins/spa.js';
import { serverTiming } from './lib/server-timing.js';
import { templateFile } from './db/template.js';
import { feedRoutes } from './modules/feeds/index.js';
import { createServices, type Services } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    services: Services;
  }
}

/** What a multipart upload carries beside its file: the form's other fields and the parts' headers. */
const UPLOAD_FORM_BYTES = 1024 * 1024;

export interface BuildOptions {
  /** Use this database (tests share one per worker); otherwise open and migrate the configured one. */
  database?: Database;
}

/** The whole product as a Fastify instance; never listens (server.ts does). */

// Validation messages as people read them ("At most 300 characters"), for every schema that gives none.
applyHumanMessages();
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // process.stdout rather than pino's own asynchronous writer: log lines and console
      // output (the first start's administrator notice) then come out in the order written.
      stream: process.stdout,
    },
    bodyLimit: config.bodyLimit,
    // A hop count trusts that many proxies nearest the server (Fastify's own rule for a number).
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // A new embedded data directory starts from the build's migrated template, when there is one.
  const database = options.database ?? (await openDatabase({ ...config.database, templateFile: config.database.dataDir ? templateFile() : null }));
  if (!options.database) {
    app.addHook('onClose', () => database.close());
    await database.migrate();
  }
  const tokenSecret = config.jwtSecret ?? (await storedTokenSecret(database));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('services', createServices(config, database, app.log, tokenSecret));
  app.addHook('onClose', () => app.services.storage.close());

  const secure = config.publicUrl.startsWith('https:');
  // Site Admin's settings as they are now: the CSP names the basemap's hosts, pages the licence.
  app.addHook('onRequest', () => Promise.all([app.services.basemap.refresh(), app.services.publishing.refresh()]).then(() => undefined));
  const mapHosts = () => app.services.basemap.origins();
  await app.register(fastifyHelmet, {
    hsts: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The map styles' hosts (and only those): the built-in style loads nothing from elsewhere.
        imgSrc: ["'self'", 'data:', 'blob:', mapHosts],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", mapHosts],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // Before the ETag is added: a kept answer is kept as its route wrote it, and tagged afresh.
  await app.register(answerCachePlugin, { enabled: database.kind === 'embedded' });
  // Before compression: the ETag is a hash of the body as written, and a 304 sends none.
  await app.register(httpCachePlugin);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  // Uploads stream part by part; each upload route sets its own size limit.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 10, parts: 20 } });
  app.addHook('preValidation', async (request) => {
    // Other routes keep answering a multipart body as any body that is not JSON.
    if (request.isMultipart() && !request.routeOptions.config.upload) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json');
    }
  });
  await app.register(inputPlugin);
  // Server-Timing: the process's CPU from the request's arrival until its answer is handed
  // on (one request at a time, that request's own cost; the bench reads it).
  const cpuAtStart = new WeakMap<object, NodeJS.CpuUsage>();
  app.addHook('onRequest', async (request) => {
    cpuAtStart.set(request, process.cpuUsage());
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const start = cpuAtStart.get(request);
    if (start) reply.header('server-timing', serverTiming(process.cpuUsage(start)));
  });
  // Before sign-in: a preflight is answered before any token is read.
  await app.register(corsPlugin);
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  // After the caller is known (keys are theirs), before any route: a create under an Idempotency-Key runs once.
  await app.register(idempotencyPlugin, {
    maxUploadBytes: Math.max(config.files.maxBytes, config.images.maxBytes, config.imports.maxBytes) + UPLOAD_FORM_BYTES,
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${config.app.productName} API`,
        version: '1',
        description: 'JSON in and out. Send `Authorization: Bearer <access token or API key>`.',
        license: { name: 'GNU Affero General Public License v3.0 or later', identifier: 'AGPL-3.0-or-later' },
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A signed-in session’s access token (POST auth/login), or an API key made under My Account (obk_…): both go in `Authorization: Bearer …`',
          },
        },
      },
    },
    transform: withRouteSecurity(withNamedComponents(jsonSchemaTransform)),
    transformObject: (input) =>
      withoutUnusedComponents(
        withResponseHeaders(
          withOperationIds(withNamedWildcards(withErrorResponses(withIdempotencyKeys(withOptionalBodies(jsonSchemaTransformObject(input)))))),
        ),
      ),
  });

  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(apiKeyRoutes);
      await api.register(invitationRoutes);
      await api.register(peopleRoutes);
      await api.register(institutionRoutes);
      await api.register(teamRoutes);
      await api.register(projectRoutes);
      await api.register(insightRoutes);
      await api.register(publicationRoutes);
      await api.register(pageRoutes);
      await api.register(notificationRoutes);
      await api.register(objectRoutes);
      await api.register(ogcRoutes);
      await api.register(oaiRoutes, { tokenSecret });
      await api.register(dcatRoutes);
      await api.register(photoSearchRoutes);
      await api.register(sandboxRoutes);
      await api.register(schemaRoutes);
      await api.register(dataTableRoutes);
      await api.register(sensorThingsRoutes);
      await api.register(importRoutes);
      await api.register(roleRoutes);
      await api.register(assetRoutes);
      await api.register(shortlinkRoutes);
      await api.register(webhookRoutes);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_ROOT },
  );
  // Before the web app's catch-all: /s/{slug} is a redirect, not a page of the app.
  await app.register(shortlinkRedirectRoutes);
  await app.register(feedRoutes);
  await app.register(crawlerRoutes);
  await app.register(spaPlugin, { root: config.webDist, productName: config.app.productName, publicUrl: config.publicUrl });
  return app;
}

function hopsTrusted(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}
