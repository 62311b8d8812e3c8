/** The OAI-PMH data provider as the rest of the server sees it. */
export { oaiRoutes } from './routes.js';
export { createOaiService } from './service.js';
