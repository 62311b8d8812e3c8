/** The OGC API - Features module as the rest of the server sees it. */
export { ogcRoutes } from './routes.js';
