import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ROOT, STA_PATH, StaAnswerSchema, StaCreatedSchema, StaDeletedSchema, StaLandingSchema, StaPathParams, StaQuerySchema } from '@observatory/shared';
import { signedIn } from '../../plugins/auth.js';
import { createSensorThingsService } from './service.js';
import { createSensorThingsWrites } from './writes.js';

/** A data array of 100,000 values is about 5 MB of JSON. */
const WRITE_BODY_LIMIT = 32 * 1024 * 1024;
const WRITE_BODY = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .describe(
    'The entity as the standard writes it (Sensors, Things with their Location, Datastreams, Observations), or for CreateObservations the Data Array extension’s list',
  );

/** OGC SensorThings API 1.1 (docs/sensorthings.md): the catalogue's measurements as the standard's entities. */
export const sensorThingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const sta = createSensorThingsService({ db: app.database });
  const writes = createSensorThingsWrites({ db: app.database, objects: app.services.objects, streams: app.services.streams });
  const tags = ['sensorthings'];
  const publicUrl = new URL(app.config.publicUrl);

  /** The API's root as the caller reached it: the public address when asked by its host, else the host asked (a test's port, a LAN name). */
  const rootOf = (request: FastifyRequest) => `${request.host === publicUrl.host ? app.config.publicUrl : `${request.protocol}://${request.host}`}${API_ROOT}`;

  app.get(
    STA_PATH,
    { schema: { tags, summary: 'SensorThings API: the entity sets and the conformance classes served (anyone)', response: { 200: StaLandingSchema } } },
    async (request) => sta.landing(`${rootOf(request)}${STA_PATH}`),
  );

  app.get(
    `${STA_PATH}/*`,
    {
      schema: {
        tags,
        summary: 'SensorThings API: an entity set, an entity, its navigation, a property, `$value` or `$ref`, as the reader may see them',
        params: StaPathParams,
        querystring: StaQuerySchema,
        response: { 200: StaAnswerSchema, 204: z.undefined().describe('The property asked for is null') },
      },
    },
    async (request, reply) => {
      const root = rootOf(request);
      // Every option as sent (the schema above documents the standard's; an unknown one is refused with 501, not dropped).
      const query = Object.fromEntries(new URL(request.url, 'http://x').searchParams);
      const answer = await sta.read(request.actor, request.params['*'], { base: `${root}${STA_PATH}`, root, query });
      if ('none' in answer) return reply.status(204).send();
      if ('text' in answer)
        return reply
          .type('text/plain; charset=utf-8')
          .serializer(String)
          .send(answer.text as never);
      return answer.json;
    },
  );

  /** An entity written, answered as a read of it answers it, with its address. */
  const answerWith = async (request: FastifyRequest, set: string, id: string) => {
    const root = rootOf(request);
    const selfLink = `${root}${STA_PATH}/${set}('${id.replace(/'/g, "''")}')`;
    const answer = await sta.read(request.actor, `${set}('${id.replace(/'/g, "''")}')`, { base: `${root}${STA_PATH}`, root, query: {} });
    return { selfLink, entity: 'json' in answer ? answer.json : {} };
  };

  app.post(
    `${STA_PATH}/*`,
    {
      onRequest: signedIn,
      bodyLimit: WRITE_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'SensorThings API: create a Sensor, a Thing (with its Location), a Datastream or an Observation, in a set or through a navigation (`Datastreams(…)/Observations`), or many observations at once (`CreateObservations`); edit on the project',
        params: StaPathParams,
        body: WRITE_BODY,
        response: { 201: StaCreatedSchema },
      },
    },
    async (request, reply) => {
      const created = await writes.create(request.actor, request.params['*'], request.body);
      if ('created' in created) {
        const base = `${rootOf(request)}${STA_PATH}`;
        return reply.status(201).send(created.created.map((id) => `${base}/Observations('${id}')`));
      }
      const { selfLink, entity } = await answerWith(request, created.set, created.id);
      return reply.status(201).header('location', selfLink).send(entity);
    },
  );

  app.patch(
    `${STA_PATH}/*`,
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'SensorThings API: change the properties given of an entity (RFC 7396); a Thing’s Location is its geometry; edit on the project or the object',
        params: StaPathParams,
        body: z.record(z.string(), z.unknown()),
        response: { 200: StaAnswerSchema },
      },
    },
    async (request) => {
      const updated = await writes.update(request.actor, request.params['*'], request.body);
      return (await answerWith(request, updated.set, updated.id)).entity;
    },
  );

  app.delete(
    `${STA_PATH}/*`,
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'SensorThings API: delete a Thing (the object), a Sensor (its datastreams stay), a Datastream (with its observations) or an Observation',
        params: StaPathParams,
        response: { 200: StaDeletedSchema },
      },
    },
    async (request) => {
      await writes.remove(request.actor, request.params['*']);
      return {};
    },
  );
};
