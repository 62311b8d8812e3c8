/** The objects module as the rest of the server sees it: anything not exported here is its own. */
export { createMapService } from './map/service.js';
export { createNotesService } from './notes/service.js';
export { createPhotosService } from './photos/service.js';
export { objectFeature, OBJECT_PROPERTIES } from './features.js';
export { objectRoutes } from './routes.js';
export { VISITOR_EXPORTS_PER_MINUTE, createObjectsService, type ObjectsService } from './service.js';
export { TILE_LAYER } from './map/mvt.js';
