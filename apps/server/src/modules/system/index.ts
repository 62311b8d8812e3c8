/** The system module as the rest of the server sees it: anything not exported here is its own. */
export { systemRoutes } from './routes.js';
export { storedTokenSecret } from './service.js';
export { createBasemapService } from './basemap.js';
export { createPublishingService } from './publishing.js';
export { crawlerRoutes } from './crawlers.js';
export { createDeletions } from './deletions.js';
export { SITEMAP_SOURCES, countPages, listPages } from './sitemap.js';
export { changeAt, feedEnd, readChanges } from './changes.js';
