import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, testConfig, type TestApp } from '../../test/harness.js';
import { OPTIONAL_AUTH, SIGNED_IN } from './openapi-security.js';

/** What the OpenAPI document says of each operation, checked against what the route does. */

type Operation = {
  security?: unknown;
  operationId?: string;
  parameters?: { in: string; name: string; description?: string }[];
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type Spec = { security?: unknown; info: Record<string, unknown>; paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

let t: TestApp;
let spec: Spec;
beforeAll(async () => {
  t = await startTestApp();
  spec = (await api(t.app, 'GET', '/openapi.json')).json();
}, 120_000);
afterAll(() => t.close());

const operations = () =>
  Object.entries(spec.paths).flatMap(([path, item]) => METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method]! })));

/** A path with each parameter a value no row has: a visitor's answer then depends on the route alone. */
const placeholder = (path: string) => path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

describe('security', () => {
  it('is declared by each operation, not for the whole document', () => {
    expect(spec.security).toBeUndefined();
    const undeclared = operations().filter(
      ({ operation }) => ![OPTIONAL_AUTH, SIGNED_IN].some((s) => JSON.stringify(s) === JSON.stringify(operation.security)),
    );
    expect(undeclared.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it('is token-only exactly where a visitor is answered 401', async () => {
    // Its credential is the refresh cookie, not a bearer token: a visitor without one is refused, a token changes nothing.
    const cookieOnly = new Set(['post /api/v1/auth/refresh']);
    const wrong: string[] = [];
    for (const { method, path, operation } of operations()) {
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url: placeholder(path), ...(method === 'get' ? {} : { payload: {} }) });
      const tokenOnly = JSON.stringify(operation.security) === JSON.stringify(SIGNED_IN);
      const refused = res.statusCode === 401 && !cookieOnly.has(`${method} ${path}`);
      if (tokenOnly !== refused) wrong.push(`${method} ${path}: declared ${tokenOnly ? 'token-only' : 'optional'}, a visitor got ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    const declared = (s: unknown) =>
      operations()
        .filter(({ operation }) => JSON.stringify(operation.security) === JSON.stringify(s))
        .map(({ method, path }) => `${method} ${path}`);
    expect(declared(OPTIONAL_AUTH)).toEqual(
      expect.arrayContaining(['get /api/v1/projects', 'get /api/v1/pubs', 'get /api/v1/data/obj', 'get /api/v1/health', 'post /api/v1/auth/login']),
    );
    expect(declared(SIGNED_IN)).toEqual(expect.arrayContaining(['get /api/v1/auth/user', 'post /api/v1/projects', 'get /api/v1/users']));
  }, 60_000);
});

describe('operationId', () => {
  it('names every operation once, readably', () => {
    const ids = operations().map(({ operation }) => operation.operationId ?? '');
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]+$/.test(id))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const idOf = (method: string, path: string) => spec.paths[`/api/v1${path}`]?.[method]?.operationId;
    expect(idOf('get', '/projects')).toBe('listProjects');
    expect(idOf('get', '/projects/{id}')).toBe('getProject');
    expect(idOf('post', '/projects')).toBe('createProject');
    expect(idOf('put', '/projects/{id}')).toBe('updateProject');
    expect(idOf('delete', '/projects/{id}')).toBe('deleteProject');
    expect(idOf('get', '/projects/{id}/members')).toBe('listProjectMembers');
    expect(idOf('post', '/projects/{id}/revisions/{rid}/restore')).toBe('restoreProjectRevision');
    expect(idOf('get', '/data/obj')).toBe('listObjects');
    expect(idOf('get', '/people')).toBe('listPeople');
    expect(idOf('post', '/auth/login')).toBe('login');
  });
});

describe('wildcard paths', () => {
  it('name their wildcard {path}, declared as a path parameter that takes slashes', () => {
    expect(Object.keys(spec.paths).filter((path) => path.includes('{*}'))).toEqual([]);
    for (const path of ['/api/v1/data/node/{path}', '/api/v1/pages/at/{path}', '/api/v1/auth/sign/{path}']) {
      for (const operation of Object.values(spec.paths[path]!)) {
        const parameter = operation.parameters?.find((p) => p.in === 'path');
        expect(parameter).toMatchObject({ name: 'path', required: true, 'x-wildcard': true });
        expect(parameter?.description).toContain('`/`-separated');
        expect(parameter?.description).toContain('percent-encoded');
      }
    }
  });

  it('declares every parameter each path names', () => {
    const undeclared = operations().flatMap(({ method, path, operation }) =>
      [...path.matchAll(/\{([^}]+)\}/g)]
        .map((match) => match[1]!)
        .filter((name) => !operation.parameters?.some((p) => p.in === 'path' && p.name === name))
        .map((name) => `${method} ${path}: ${name}`),
    );
    expect(undeclared).toEqual([]);
  });
});

describe('info and servers', () => {
  it("name the licence and the deployment's address", () => {
    expect(spec.info.license).toEqual({ name: 'GNU Affero General Public License v3.0 or later', identifier: 'AGPL-3.0-or-later' });
    expect((spec as Spec & { servers: { url: string }[] }).servers).toEqual([{ url: testConfig().publicUrl }]);
  });
});

describe('component schemas', () => {
  type Schema = { $ref?: string; type?: string; items?: Schema };
  const components = () => (spec as Spec & { components: { schemas: Record<string, unknown> } }).components.schemas;
  const isNamed = (schema: Schema | undefined) => Boolean(schema?.$ref ?? schema?.items?.$ref);
  const isStructured = (schema: Schema | undefined) => schema !== undefined && (schema.type === 'object' || schema.type === 'array' || !schema.type);

  it('name every success answer in JSON: a resource, a list answer, a list of resources', () => {
    const inline = operations().flatMap(({ method, path, operation }) =>
      Object.entries(operation.responses)
        .filter(([status]) => status.startsWith('2'))
        .flatMap(([status, answer]) =>
          Object.entries((answer.content ?? {}) as Record<string, { schema?: Schema }>)
            .filter(([media, { schema }]) => /json/.test(media) && isStructured(schema) && schema && Object.keys(schema).length > 0 && !isNamed(schema))
            .map(([media]) => `${method} ${path} ${status} ${media}`),
        ),
    );
    expect(inline).toEqual([]);
  });

  it('are named after the shared schemas they come from, and each is used', () => {
    const schemas = components();
    for (const name of ['Project', 'ProjectDetail', 'ProjectsResponse', 'Publication', 'PublicationsResponse', 'GeoObject', 'Person', 'Error']) {
      expect(schemas, name).toHaveProperty(name);
    }
    expect(spec.paths['/api/v1/projects']!.get!.responses['200']!.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/ProjectsResponse' } },
    });
    const used = new Set(JSON.stringify({ ...spec, components: undefined }).match(/#\/components\/schemas\/\w+/g));
    for (const schema of Object.values(schemas)) for (const ref of JSON.stringify(schema).match(/#\/components\/schemas\/\w+/g) ?? []) used.add(ref);
    expect(Object.keys(schemas).filter((name) => !used.has(`#/components/schemas/${name}`))).toEqual([]);
  });
});
