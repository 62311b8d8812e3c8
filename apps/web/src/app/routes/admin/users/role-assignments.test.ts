import { describe, expect, it } from 'vitest';
import type { Role, RoleAssignment } from '@observatory/shared';
import { holdsRole, rolesFor, sortAssignments } from './role-assignments';

const role = (slug: string, permissions: string[]): Role => ({ id: crypto.randomUUID(), slug, name: slug[0]!.toUpperCase() + slug.slice(1), permissions });
const admin = role('administrator', ['accessAdmin', 'manageUsers']);
const owner = role('owner', ['view', 'edit', 'manageMembers']);
const team = { id: crypto.randomUUID(), type: 'team' as const, name: 'Field team', slug: 'field-team' };
const held: RoleAssignment[] = [
  { role: owner, target: team },
  { role: admin, target: null },
];

describe('role assignments', () => {
  it('knows a role already held, globally or on the same target only', () => {
    expect(holdsRole(held, 'administrator', 'global')).toBe(true);
    expect(holdsRole(held, 'owner', team.id)).toBe(true);
    expect(holdsRole(held, 'owner', 'global')).toBe(false);
    expect(holdsRole(held, 'administrator', team.id)).toBe(false);
  });
  it('offers roles with global permissions globally and roles with resource actions on a target', () => {
    expect(rolesFor([admin, owner], 'global').map((r) => r.slug)).toEqual(['administrator']);
    expect(rolesFor([admin, owner], team.id).map((r) => r.slug)).toEqual(['owner']);
  });
  it('lists global roles first', () => {
    expect(sortAssignments(held).map((a) => a.role.slug)).toEqual(['administrator', 'owner']);
  });
});
