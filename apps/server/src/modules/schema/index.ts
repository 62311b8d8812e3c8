/** The schema module as the rest of the server sees it: anything not exported here is its own. */
export { schemaRoutes } from './routes.js';
export { createSchemaService, type SchemaService } from './service.js';
