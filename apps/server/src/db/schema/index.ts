export * from './people.js';
export * from './users.js';
export * from './roles.js';
export * from './system.js';
export * from './projects.js';
export * from './objects.js';
export * from './data-schema.js';
export * from './measured.js';
