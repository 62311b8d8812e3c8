/** The publications module as the rest of the server sees it: anything not exported here is its own. */
export { publicationRoutes } from './routes.js';
export { createPublicationsService } from './service.js';
