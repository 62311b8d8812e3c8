import { GLOBAL_TARGET, isGlobalPermission, isResourceAction, type Role, type RoleAssignment } from '@observatory/shared';

/** Whether the role is already held on the target (GLOBAL_TARGET or a team or project id). */
export const holdsRole = (held: RoleAssignment[], roleSlug: string, target: string) =>
  held.some((a) => a.role.slug === roleSlug && (a.target?.id ?? GLOBAL_TARGET) === target);

/**
 * Roles that mean something on a scope: global permissions count only when a role is held
 * globally, resource actions only on a target.
 */
export const rolesFor = (roles: Role[], target: string) =>
  roles.filter((r) => r.permissions.some(target === GLOBAL_TARGET ? isGlobalPermission : isResourceAction));

/** Global roles first, then by target name, then by role name. */
export const sortAssignments = (held: RoleAssignment[]) =>
  [...held].sort(
    (a, b) => Number(!!a.target) - Number(!!b.target) || (a.target?.name ?? '').localeCompare(b.target?.name ?? '') || a.role.name.localeCompare(b.role.name),
  );
