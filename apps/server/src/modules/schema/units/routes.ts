import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  UnitChangeSchema,
  UnitCodeSchema,
  UnitConversionQuerySchema,
  UnitConversionSchema,
  UnitDetailSchema,
  UnitInputSchema,
  UnitSchema,
  UnitsResponseSchema,
} from '@observatory/shared';
import { ConditionalHeadersSchema, preconditionOf, withETag } from '../../../lib/versions.js';
import { signedIn } from '../../../plugins/auth.js';

const CodeParams = z.object({ code: UnitCodeSchema });

/** Units of measure (UCUM codes) and conversions between them: read by everyone, changed with manageSchema. */
export const unitRoutes: FastifyPluginAsyncZod = async (app) => {
  const { units } = app.services.schema;
  const tags = ['schema'];
  const write = { onRequest: signedIn };

  app.get('/data/units', { schema: { tags, summary: 'The units of measure (UCUM codes)', response: { 200: UnitsResponseSchema } } }, async () => ({
    units: await units.listUnits(),
  }));
  app.get(
    '/data/units/convert',
    {
      schema: {
        tags,
        summary: 'Convert a value between two commensurable units',
        querystring: UnitConversionQuerySchema,
        response: { 200: UnitConversionSchema },
      },
    },
    async (request) => units.convertUnits(request.query.value, request.query.from, request.query.to),
  );
  app.get(
    '/data/units/:code',
    { schema: { tags, summary: 'A unit and the metrics measured in it', params: CodeParams, response: { 200: UnitDetailSchema } } },
    async (request, reply) => {
      const detail = await units.getUnit(request.params.code);
      return withETag(reply, detail, detail.unit.version);
    },
  );
  app.post(
    '/data/units',
    { ...write, schema: { tags, summary: 'Add a unit UCUM knows (manageSchema)', body: UnitInputSchema, response: { 201: UnitSchema } } },
    async (request, reply) => {
      const unit = await units.createUnit(request.actor, request.body);
      return reply.status(201).send(withETag(reply, unit, unit.version));
    },
  );
  app.put(
    '/data/units/:code',
    {
      ...write,
      schema: {
        tags,
        summary: 'Change a unit’s name, symbol or property (manageSchema)',
        params: CodeParams,
        headers: ConditionalHeadersSchema,
        body: UnitChangeSchema,
        response: { 200: UnitSchema },
      },
    },
    async (request, reply) => {
      const unit = await units.updateUnit(request.actor, request.params.code, request.body, preconditionOf(request));
      return withETag(reply, unit, unit.version);
    },
  );
  app.delete(
    '/data/units/:code',
    {
      ...write,
      schema: {
        tags,
        summary: 'Remove a unit no metric uses, and not one of UCUM’s own (manageSchema)',
        params: CodeParams,
        headers: ConditionalHeadersSchema,
        response: { 204: z.undefined().describe('No content') },
      },
    },
    async (request, reply) => {
      await units.deleteUnit(request.actor, request.params.code, preconditionOf(request));
      return reply.status(204).send();
    },
  );
};
