import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { metadataSchemaRoutes } from './metadata-schemas/routes.js';
import { metricRoutes } from './metrics/routes.js';
import { nodeRoutes } from './nodes/routes.js';
import { objectTypeRoutes } from './object-types/routes.js';
import { unitRoutes } from './units/routes.js';

/** Units, metrics, metadata schemas, object types and the node tree: read by everyone, changed with manageSchema. */
export const schemaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(unitRoutes);
  await app.register(metricRoutes);
  await app.register(metadataSchemaRoutes);
  await app.register(objectTypeRoutes);
  await app.register(nodeRoutes);
};
