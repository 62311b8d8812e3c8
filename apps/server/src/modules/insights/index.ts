/** The insights module as the rest of the server sees it: anything not exported here is its own. */
export { createCommentsService } from './comments/service.js';
export { insightRoutes } from './routes.js';
export { createInsightsService } from './service.js';
