/** The memberships module as the rest of the server sees it: anything not exported here is its own. */
export { createMembershipsService, type MembershipsService } from './service.js';
