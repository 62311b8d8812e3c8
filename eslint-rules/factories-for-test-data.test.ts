import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import rule from './factories-for-test-data.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });
const modules = '/repo/apps/server/src/modules';
/** The error naming the create call, its module and the factory to use instead. */
const error = (path: string, module: string, factory: string) => ({ messageId: 'factory', data: { method: 'POST', path, module, factory } });

tester.run('factories-for-test-data', rule, {
  valid: [
    // A module's own tests write out its create calls.
    { filename: `${modules}/projects/routes.api.test.ts`, code: "api(t.app, 'POST', '/projects', { token, body });" },
    { filename: `${modules}/projects/files/routes.api.test.ts`, code: 'upload(t.app, `POST`, `/projects/${id}/files`, { token });' },
    { filename: `${modules}/objects/routes.api.test.ts`, code: "api(t.app, 'POST', '/data/obj', { token, body });" },
    { filename: `${modules}/schema/routes.api.test.ts`, code: "api(t.app, 'POST', '/data/metrics', { token, body });" },
    // Other calls on the same paths: reading, changing, an action below a thing.
    { filename: `${modules}/objects/routes.api.test.ts`, code: "api(t.app, 'GET', '/projects');" },
    { filename: `${modules}/objects/routes.api.test.ts`, code: 'api(t.app, `PUT`, `/projects/${id}`, { token, body });' },
    { filename: `${modules}/objects/routes.api.test.ts`, code: "api(t.app, 'PUT', `/institutions/${id}`, { token, body });" },
    { filename: `${modules}/objects/routes.api.test.ts`, code: "api(t.app, 'POST', `/projects/${id}/revisions/${rid}/restore`, { token });" },
    { filename: `${modules}/sandbox/routes.api.test.ts`, code: "api(t.app, 'POST', '/sandbox/query', { body });" },
    // A path the rule cannot read here is left alone.
    { filename: `${modules}/objects/routes.api.test.ts`, code: "api(t.app, 'POST', path, { token, body });" },
    { filename: `${modules}/objects/routes.api.test.ts`, code: "api(t.app, 'POST', `${base}/updates`, { token, body });" },
    // Another function of the same shape.
    { filename: `${modules}/objects/routes.api.test.ts`, code: "post(t.app, 'POST', '/projects', { token, body });" },
  ],
  invalid: [
    {
      filename: `${modules}/objects/routes.api.test.ts`,
      code: "api(t.app, 'POST', '/projects', { token, body });",
      errors: [error('/projects', 'projects', 'buildProject')],
    },
    {
      filename: '/repo/apps/server/src/authz/list-equals-detail.api.test.ts',
      code: "api(t.app, 'POST', '/data/obj', { body });",
      errors: [error('/data/obj', 'objects', 'buildObject')],
    },
    {
      filename: '/repo/apps/server/test/fuzz/fuzz.api.test.ts',
      code: "api(app, 'POST', '/teams', { body });",
      errors: [error('/teams', 'teams', 'buildTeam')],
    },
    // A sub-resource's tests make the thing above through its factory.
    {
      filename: `${modules}/projects/files/routes.api.test.ts`,
      code: "api(t.app, 'POST', '/data/obj', { body });",
      errors: [error('/data/obj', 'objects', 'buildObject')],
    },
    // Template literals, a query string, and upload as well as api.
    {
      filename: `${modules}/sandbox/routes.api.test.ts`,
      code: 'api(t.app, `POST`, `/projects/${p.id}/datatables`, { body });',
      errors: [error('/projects/*/datatables', 'datatables', 'buildDataTable')],
    },
    {
      filename: `${modules}/sandbox/routes.api.test.ts`,
      code: 'api(t.app, "POST", `/projects/${p.slug}/updates?x=1`, { body });',
      errors: [error('/projects/*/updates', 'projects', 'buildUpdate')],
    },
    {
      filename: `${modules}/insights/routes.api.test.ts`,
      code: "upload(t.app, 'POST', `/data/obj/${name}/photos`, { file });",
      errors: [error('/data/obj/*/photos', 'objects', 'buildPhoto')],
    },
    {
      filename: `${modules}/people/routes.api.test.ts`,
      code: "api(t.app, 'POST', `/institutions/${randomUUID()}`, { body });",
      errors: [error('/institutions/*', 'institutions', 'buildInstitution')],
    },
    {
      filename: `${modules}/objects/routes.api.test.ts`,
      code: "api(t.app, 'POST', '/data/units', { body });",
      errors: [error('/data/units', 'schema', 'buildUnit')],
    },
  ],
});
