/** Atom feeds of insights, a project's updates and new publications. */
export { feedRoutes } from './routes.js';
