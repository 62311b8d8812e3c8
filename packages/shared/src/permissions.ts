/**
 * The permission catalogue. Global permissions come from roles assigned with no
 * target; resource actions come from roles assigned on a target (a project, a team),
 * from ownership, and from the matching global "manage" permission.
 */
export const GLOBAL_PERMISSIONS = [
  'accessAdmin',
  'manageUsers',
  'manageRoles',
  'manageSchema',
  'importData',
  'manageInstitutions',
  'managePages',
  'manageShortlinks',
  'manageProjects',
  'createProjects',
  'createInsights',
  'manageInsights',
  'managePublications',
  'managePeople',
  'manageTeams',
  'manageAssets',
  'manageSettings',
] as const;
export type GlobalPermission = (typeof GLOBAL_PERMISSIONS)[number];

export const RESOURCE_ACTIONS = ['view', 'edit', 'delete', 'comment', 'manageMembers', 'upload'] as const;
export type ResourceAction = (typeof RESOURCE_ACTIONS)[number];

export type Permission = GlobalPermission | ResourceAction;
export const PERMISSIONS: readonly Permission[] = [...GLOBAL_PERMISSIONS, ...RESOURCE_ACTIONS];

/** Kinds of resource a role can be assigned on. */
export const TARGET_TYPES = ['project', 'team'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

/** In role paths the word "global" stands for "no target". */
export const GLOBAL_TARGET = 'global';

export function isGlobalPermission(name: string): name is GlobalPermission {
  return (GLOBAL_PERMISSIONS as readonly string[]).includes(name);
}

export function isResourceAction(name: string): name is ResourceAction {
  return (RESOURCE_ACTIONS as readonly string[]).includes(name);
}

/** A check for a named global permission passes if the user is super or holds it. */
export function hasGlobalPermission(user: { super: boolean; permissions: readonly string[] } | null | undefined, permission: GlobalPermission): boolean {
  return !!user && (user.super || user.permissions.includes(permission));
}
