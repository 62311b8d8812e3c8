/** The imports module as the rest of the server sees it: anything not exported here is its own. */
export { createObjectImport } from './objects.js';
export { createObservationImport } from './observations.js';
export { createRelationImport } from './relations.js';
export { importRoutes } from './routes.js';
export { createImportSessionsService } from './service.js';
