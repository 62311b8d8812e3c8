/** The documents module as the rest of the server sees it: anything not exported here is its own. */
export { revisionRoutes } from './routes.js';
export { createDocumentsService, type DocumentOwner, type DocumentsService } from './service.js';
