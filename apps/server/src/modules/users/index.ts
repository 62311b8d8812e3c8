/** The users module as the rest of the server sees it: anything not exported here is its own. */
export { userRoutes } from './routes.js';
export { createUsersService, toInvitation, userResource, type SessionEnd, type UsersService } from './service.js';
