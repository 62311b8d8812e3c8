/** The apikeys module as the rest of the server sees it: anything not exported here is its own. */
export { apiKeyRoutes } from './routes.js';
export { createApiKeysService } from './service.js';
