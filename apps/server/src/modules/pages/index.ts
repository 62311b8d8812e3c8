/** The pages module as the rest of the server sees it: anything not exported here is its own. */
export { pageRoutes } from './routes.js';
export { createPagesService, searchTextOf } from './service.js';
