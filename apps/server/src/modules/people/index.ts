/** The people module as the rest of the server sees it: anything not exported here is its own. */
export { peopleRoutes } from './routes.js';
export { createPeopleService, type PeopleService } from './service.js';
