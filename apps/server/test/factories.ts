/**
 * Test data, made through the real HTTP API as a user would (permissions, validation and
 * audit run), with unique names so test files run in parallel on one database. Each
 * `buildX(app, as, …, overrides)` asserts the status it expects, naming the API's answer
 * when it differs, and returns the thing made as the API answered it. A module's own
 * route tests still write their create calls out where the call itself is under test;
 * elsewhere eslint-rules/factories-for-test-data.js asks for these.
 */
export * from './factories/users.js';
export * from './factories/people.js';
export * from './factories/projects.js';
export * from './factories/objects.js';
export * from './factories/insights.js';
export * from './factories/content.js';
export * from './factories/schema.js';
export * from './factories/imports.js';
export * from './factories/sensing.js';
