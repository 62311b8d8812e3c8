/** The sandbox module as the rest of the server sees it: anything not exported here is its own. */
export { sandboxRoutes } from './routes.js';
export { createSandboxService, MAX_QUERY_COST, type SandboxService } from './service.js';
