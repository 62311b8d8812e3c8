import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';

// Every PUT and DELETE of a versioned resource is a conditional write (docs/api.md
// "Versions and conditional writes"): it declares If-Match and its 412. The exempt ones
// are listed here and in the docs, each for a reason; a new write is one or the other.

/** Link and reorder PUTs (a PUT on a link path creates or replaces), pictures, and calls on an account or the installation. */
const EXEMPT = new Set([
  'PUT /auth/password',
  'DELETE /auth/sessions/{id}',
  'PUT /auth/user/notifications',
  'PUT /users/{id}',
  'PUT /users/{personId}/roles/{target}/{role}',
  'DELETE /users/{personId}/roles/{target}/{role}',
  'DELETE /users/{id}/apikeys/{keyId}',
  'PUT /people/{id}/photo',
  'DELETE /people/{id}/photo',
  'PUT /people/{personId}/affiliations/{id}',
  'DELETE /people/{personId}/affiliations/{id}',
  'PUT /institutions/{id}/logo',
  'DELETE /institutions/{id}/logo',
  'PUT /institution_categories/{id}',
  'DELETE /institution_categories/{id}',
  'PUT /teams/{teamId}/members/{memberIdOrSlug}',
  'DELETE /teams/{teamId}/members/{memberIdOrSlug}',
  'PUT /projects/{id}/contributors/{cid}',
  'DELETE /projects/{id}/contributors/{cid}',
  'PUT /projects/{id}/institutions/{iid}',
  'DELETE /projects/{id}/institutions/{iid}',
  'PUT /projects/{id}/members/{person}',
  'DELETE /projects/{id}/members/{person}',
  'DELETE /projects/{id}/files/{fid}/{version}',
  'PUT /pubs/{id}/authors/{person}',
  'DELETE /pubs/{id}/authors/{person}',
  'PUT /projects/{id}/pubs/{pubId}',
  'DELETE /projects/{id}/pubs/{pubId}',
  'PUT /data/obj/{key}/projects/{project}',
  'DELETE /data/obj/{key}/projects/{project}',
  'PUT /data/obj/{key}/people/{person}',
  'DELETE /data/obj/{key}/people/{person}',
  'PUT /data/obj/{key}/institutions/{institution}',
  'DELETE /data/obj/{key}/institutions/{institution}',
  'PUT /projects/{id}/objtypes',
  'PUT /data/import/sessions/{id}',
  'DELETE /data/import/sessions/{id}',
  'PUT /roles/{slug}',
  'DELETE /roles/{slug}',
  'DELETE /assets/{id}',
  'PUT /admin/basemap',
  'PUT /admin/publishing',
  // SensorThings clients send no If-Match: the standard has no versions.
  'DELETE /sta/v1.1/{path}',
]);

interface Operation {
  parameters?: { in: string; name: string }[];
  responses?: Record<string, unknown>;
}

let t: TestApp;
let writes: { name: string; operation: Operation }[];
beforeAll(async () => {
  t = await startTestApp();
  const document = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  writes = Object.entries(document.paths).flatMap(([path, item]) =>
    (['put', 'delete'] as const)
      .filter((method) => item[method])
      .map((method) => ({ name: `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, '')}`, operation: item[method]! })),
  );
});
afterAll(() => t.close());

describe('conditional writes in the OpenAPI document', () => {
  it('every PUT and DELETE of a versioned resource declares If-Match, Overwrite-Of and its 412', () => {
    const missing = writes
      .filter(({ name }) => !EXEMPT.has(name))
      .filter(({ operation }) => {
        const headers = new Set((operation.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name));
        return !headers.has('if-match') || !headers.has('overwrite-of') || !operation.responses?.['412'];
      })
      .map(({ name }) => name);
    expect(missing).toEqual([]);
    expect(writes.length - EXEMPT.size).toBeGreaterThanOrEqual(40);
  });

  it('the exempt writes exist (the list keeps up with the routes) and declare no If-Match', () => {
    const names = new Set(writes.map((w) => w.name));
    expect([...EXEMPT].filter((name) => !names.has(name))).toEqual([]);
    const conditional = writes.filter(({ name, operation }) => EXEMPT.has(name) && operation.responses?.['412']).map(({ name }) => name);
    expect(conditional).toEqual([]);
  });
});
