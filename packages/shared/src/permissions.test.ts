import { describe, expect, it } from 'vitest';
import { GLOBAL_PERMISSIONS, RESOURCE_ACTIONS, hasGlobalPermission } from './permissions.js';

describe('hasGlobalPermission', () => {
  it('passes for a super user or a holder of the permission', () => {
    expect(hasGlobalPermission({ super: true, permissions: [] }, 'accessAdmin')).toBe(true);
    expect(hasGlobalPermission({ super: false, permissions: ['accessAdmin'] }, 'accessAdmin')).toBe(true);
    expect(hasGlobalPermission({ super: false, permissions: ['manageUsers'] }, 'accessAdmin')).toBe(false);
    expect(hasGlobalPermission(null, 'accessAdmin')).toBe(false);
  });

  it('keeps global permissions and resource actions apart', () => {
    expect(GLOBAL_PERMISSIONS.filter((p) => (RESOURCE_ACTIONS as readonly string[]).includes(p))).toEqual([]);
  });
});
