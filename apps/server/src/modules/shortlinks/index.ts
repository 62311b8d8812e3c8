/** The shortlinks module as the rest of the server sees it: anything not exported here is its own. */
export { shortlinkRedirectRoutes, shortlinkRoutes } from './routes.js';
export { createShortlinksService } from './service.js';
