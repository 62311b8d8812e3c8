/** The SensorThings API module as the rest of the server sees it. */
export { sensorThingsRoutes } from './routes.js';
