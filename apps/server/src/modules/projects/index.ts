/** The projects module as the rest of the server sees it: anything not exported here is its own. */
export { createProjectFilesService } from './files/service.js';
export { projectRoutes } from './routes.js';
export { createProjectsService, projectResource, type ProjectsService } from './service.js';
