/** The invitations module as the rest of the server sees it: anything not exported here is its own. */
export { invitationRoutes } from './routes.js';
export { createInvitationsService } from './service.js';
