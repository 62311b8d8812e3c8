/** The institutions module as the rest of the server sees it: anything not exported here is its own. */
export { institutionRoutes } from './routes.js';
export { createInstitutionsService } from './service.js';
