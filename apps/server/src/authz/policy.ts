import {
  RESOURCE_ACTIONS,
  isGlobalPermission,
  type GlobalPermission,
  type Permission,
  type ResourceAction,
} from '@observatory/shared';

/** The signed-in user a request acts for (null: a visitor). */
export interface Actor {
  userId: string;
  personId: string;
  username: string;
  super: boolean;
  /** Global permissions from roles assigned with no target. */
  global: ReadonlySet<GlobalPermission>;
  /** Resource actions from roles held on each target (project, team) id. */
  onTargets: ReadonlyMap<string, ReadonlySet<ResourceAction>>;
  /** Set when the request is authenticated by an API key: the key's own limits. */
  key: { permissions: ReadonlySet<Permission>; targets: ReadonlySet<string> } | null;
}

export type Visibility = 'public' | 'signed-in' | 'members';
export type ResourceType = 'user' | 'person' | 'project' | 'team' | 'institution' | 'object' | 'insight';

export interface Resource {
  type: ResourceType;
  id: string;
  /** Absent: public. */
  visibility?: Visibility;
  /** Targets whose roles apply: a project itself, an object's projects, an insight's team. */
  targetIds?: readonly string[];
  ownerUserId?: string | null;
  ownerPersonId?: string | null;
}

/** The global permission that lets an administrator do anything to a resource type. */
const MANAGER: Partial<Record<ResourceType, GlobalPermission>> = {
  user: 'manageUsers',
  person: 'managePeople',
  project: 'manageProjects',
  team: 'manageTeams',
  institution: 'manageInstitutions',
  object: 'manageProjects',
};

/** What owning a resource grants, by type (a user may edit but not delete their own account). */
const OWNER_ACTIONS: Partial<Record<ResourceType, readonly ResourceAction[]>> = {
  user: ['view', 'edit'],
  person: ['view', 'edit'],
};
const DEFAULT_OWNER_ACTIONS: readonly ResourceAction[] = ['view', 'edit', 'delete', 'comment', 'upload'];

function holdsGlobal(actor: Actor, permission: GlobalPermission): boolean {
  return actor.super || actor.global.has(permission);
}

function isOwner(actor: Actor, resource: Resource): boolean {
  return (
    (!!resource.ownerUserId && resource.ownerUserId === actor.userId) ||
    (!!resource.ownerPersonId && resource.ownerPersonId === actor.personId)
  );
}

function isManager(actor: Actor, resource: Resource): boolean {
  const manager = MANAGER[resource.type];
  return actor.super || (!!manager && actor.global.has(manager));
}

const isMember = (actor: Actor, resource: Resource) =>
  (resource.targetIds ?? []).some((target) => actor.onTargets.has(target));

function canSee(actor: Actor | null, resource: Resource): boolean {
  switch (resource.visibility ?? 'public') {
    case 'public':
      return true;
    case 'signed-in':
      return !!actor;
    case 'members':
      return !!actor && (isManager(actor, resource) || isOwner(actor, resource) || isMember(actor, resource));
  }
}

function userMay(actor: Actor, action: ResourceAction, resource: Resource): boolean {
  if (isManager(actor, resource)) return true;
  if (isOwner(actor, resource) && (OWNER_ACTIONS[resource.type] ?? DEFAULT_OWNER_ACTIONS).includes(action)) {
    return true;
  }
  return (resource.targetIds ?? []).some((target) => actor.onTargets.get(target)?.has(action));
}

/**
 * An API key never grants more than its owner: it can only narrow. It reads what its
 * owner can read; it changes only what its permissions name, and only on its targets
 * (when it lists any).
 */
function keyAllows(actor: Actor, action: Permission, resource?: Resource): boolean {
  const key = actor.key;
  if (!key || action === 'view') return true;
  if (!key.permissions.has(action)) return false;
  if (!resource || key.targets.size === 0) return true;
  return [resource.id, ...(resource.targetIds ?? [])].some((target) => key.targets.has(target));
}

/**
 * The one place that decides. A global permission ignores the resource; a resource
 * action first requires the resource to be visible to the actor.
 */
export function can(actor: Actor | null, action: Permission, resource?: Resource): boolean {
  if (isGlobalPermission(action)) return !!actor && holdsGlobal(actor, action) && keyAllows(actor, action);
  if (!resource) return false;
  if (!canSee(actor, resource)) return false;
  if (!actor) return action === 'view';
  if (!keyAllows(actor, action, resource)) return false;
  return action === 'view' || userMay(actor, action, resource);
}

/** The actions this actor may take on this resource: every detail response carries it. */
export function permissionsFor(actor: Actor | null, resource: Resource): ResourceAction[] {
  return RESOURCE_ACTIONS.filter((action) => can(actor, action, resource));
}

/** The global permissions an actor holds, as GET auth/user reports them. */
export function globalPermissionsOf(actor: Actor, all: readonly GlobalPermission[]): GlobalPermission[] {
  return all.filter((permission) => can(actor, permission));
}
