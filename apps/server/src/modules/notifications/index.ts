/** The notifications module as the rest of the server sees it: anything not exported here is its own. */
export { notificationRoutes } from './routes.js';
export { createNotificationsService, type NotificationsService } from './service.js';
