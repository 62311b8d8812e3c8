/** Webhooks: receivers of the change feed, registered under Site Admin. */
export { createWebhooksService } from './service.js';
export { webhookRoutes } from './routes.js';
