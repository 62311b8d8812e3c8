/** The catalogue as DCAT-AP 3, for data portals' harvesters. */
export { dcatRoutes } from './routes.js';
