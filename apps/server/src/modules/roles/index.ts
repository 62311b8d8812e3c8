/** The roles module as the rest of the server sees it: anything not exported here is its own. */
export { roleRoutes } from './routes.js';
export { createRolesService, type RolesService } from './service.js';
