/** The photo-search module as the rest of the server sees it: anything not exported here is its own. */
export { photoSearchRoutes } from './routes.js';
export { createPhotoSearchService } from './service.js';
