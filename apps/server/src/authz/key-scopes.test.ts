import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KEY_SCOPES, checkKeyScope, operationOf, type KeyScope } from './key-scopes.js';
import type { Actor } from './policy.js';

const DOCS = new URL('../../../../docs/api.md', import.meta.url);

/** docs/api.md's table of what a key needs, as the code has it: one row per scope. */
function scopesTable(): string {
  const rows = new Map<string, string[]>();
  const label = (scope: KeyScope) =>
    'inPerson' in scope ? `never a key (${scope.inPerson})` : 'anyone' in scope ? `nothing (${scope.anyone})` : scope.map((p) => `\`${p}\``).join(' or ');
  for (const [operation, scope] of Object.entries(KEY_SCOPES)) rows.set(label(scope), [...(rows.get(label(scope)) ?? []), `\`${operation}\``]);
  // Permissions first, then the writes no key may make, then those no key changes.
  const order = (need: string) => (need.startsWith('`') ? 0 : need.startsWith('never') ? 1 : 2);
  const sorted = [...rows].sort(([a], [b]) => order(a) - order(b));
  return ['| a key needs | for |', '|---|---|', ...sorted.map(([need, operations]) => `| ${need} | ${operations.join(', ')} |`)].join('\n');
}

const keyActor = (permissions: string[]): Actor => ({
  userId: 'u',
  personId: 'p',
  username: 'u',
  super: true,
  global: new Set(),
  onTargets: new Map(),
  key: { id: 'k', permissions: new Set(permissions) as never, targets: new Set() },
});

describe('key scopes', () => {
  it('are written out in docs/api.md as the code has them', () => {
    expect(fs.readFileSync(DOCS, 'utf8')).toContain(scopesTable());
  });

  it('name operations as the OpenAPI document does', () => {
    expect(operationOf('PUT', '/api/v1/pubs/:id/authors/:person', '/api/v1')).toBe('PUT /pubs/{id}/authors/{person}');
    expect(operationOf('DELETE', '/api/v1/data/node/*', '/api/v1')).toBe('DELETE /data/node/{path}');
    expect(operationOf('GET', '/api/v1/pubs/:id', '/api/v1')).toBeNull();
    expect(operationOf('POST', '/s/:slug', '/api/v1')).toBeNull();
  });

  it('hold a key to one of the permissions its operation names', () => {
    expect(() => checkKeyScope(keyActor([]), 'POST /assets')).toThrow(/needs upload/);
    expect(() => checkKeyScope(keyActor(['upload']), 'POST /assets')).not.toThrow();
    expect(() => checkKeyScope(keyActor(['manageMembers']), 'PUT /users/{personId}/roles/{target}/{role}')).not.toThrow();
    expect(() => checkKeyScope(keyActor(['edit', 'delete']), 'PUT /auth/password')).toThrow(/sign in with your password/);
    expect(() => checkKeyScope(keyActor([]), 'POST /sandbox/query')).not.toThrow();
    expect(() => checkKeyScope({ ...keyActor([]), key: null }, 'POST /assets')).not.toThrow();
  });
});
