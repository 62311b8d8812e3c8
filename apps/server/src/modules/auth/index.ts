/** The auth module as the rest of the server sees it: anything not exported here is its own. */
export { authRoutes } from './routes.js';
export { createAuthService } from './service.js';
export { createAccessTokens } from './tokens.js';
