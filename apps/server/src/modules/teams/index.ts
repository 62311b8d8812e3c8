/** The teams module as the rest of the server sees it: anything not exported here is its own. */
export { teamRoutes } from './routes.js';
export { createTeamsService } from './service.js';
