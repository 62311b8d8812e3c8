import { managerOf, RESOURCES, type Kind, type Visibility } from './resources.js';
import { GLOBAL_PERMISSIONS, RESOURCE_ACTIONS, isGlobalPermission, type GlobalPermission, type Permission, type ResourceAction } from '@observatory/shared';

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
  /** Set when the request is authenticated by an API key: which key, and its own limits. */
  key: { id: string; permissions: ReadonlySet<Permission>; targets: ReadonlySet<string> } | null;
}

export type { Kind, Visibility } from './resources.js';

/** One row as the policy sees it, built from its kind's descriptor (lookup.ts). */
export interface Resource {
  type: Kind;
  id: string;
  /** Absent: public. */
  visibility?: Visibility;
  /** Targets whose roles apply: a project itself, an object's projects, an insight's team. */
  targetIds?: readonly string[];
  ownerUserId?: string | null;
  ownerPersonId?: string | null;
  /** People holding some of an owner's rights through a link (a publication's confirmed authors). */
  coOwnerPersonIds?: readonly string[];
  /** A row seen as its parent is (an update with its project, a note with its object). */
  parent?: Resource;
}

/**
 * What an actor sees of a kind, as data: canSee reads it for one row, and visibleTo
 * (visibility.ts) turns the same facts into SQL for lists, so the two cannot differ.
 */
export interface Sight {
  /** A manager of the kind (or a super user): every row. */
  everything: boolean;
  /** The visibilities open to the actor as such. */
  open: readonly Visibility[];
  /** A members-only row is seen by its owner and by holders of a role on one of its targets. */
  userId: string | null;
  personId: string | null;
  targets: readonly string[];
}

export function sightOf(actor: Actor | null, kind: Kind): Sight {
  const manager = managerOf(kind);
  return {
    everything: !!actor && (actor.super || (!!manager && actor.global.has(manager))),
    open: actor ? ['public', 'signed-in'] : ['public'],
    userId: actor?.userId ?? null,
    personId: actor?.personId ?? null,
    targets: actor ? [...actor.onTargets.keys()] : [],
  };
}

/** What owning a row grants, unless its kind says otherwise (a user may edit but not delete their own account). */
export const DEFAULT_OWNER_ACTIONS: readonly ResourceAction[] = ['view', 'edit', 'delete', 'comment', 'upload'];

function holdsGlobal(actor: Actor, permission: GlobalPermission): boolean {
  return actor.super || actor.global.has(permission);
}

const owns = (who: { userId: string | null; personId: string | null }, resource: Resource) =>
  (!!resource.ownerUserId && resource.ownerUserId === who.userId) || (!!resource.ownerPersonId && resource.ownerPersonId === who.personId);

function isManager(actor: Actor, resource: Resource): boolean {
  return sightOf(actor, resource.type).everything;
}

/** A row whose parent is gone, of a kind that says who sees such rows: its owner and those holders. */
function seesOrphan(actor: Actor | null, resource: Resource): boolean {
  const permission = RESOURCES[resource.type].orphans!;
  return !!actor && (actor.super || actor.global.has(permission) || owns(actor, resource));
}

function canSee(actor: Actor | null, resource: Resource): boolean {
  if (resource.parent) return canSee(actor, resource.parent);
  if (RESOURCES[resource.type].parent && RESOURCES[resource.type].orphans) return seesOrphan(actor, resource);
  const sight = sightOf(actor, resource.type);
  const visibility = resource.visibility ?? 'public';
  if (sight.everything || sight.open.includes(visibility)) return true;
  return visibility === 'members' && (owns(sight, resource) || (resource.targetIds ?? []).some((t) => sight.targets.includes(t)));
}

function userMay(actor: Actor, action: ResourceAction, resource: Resource): boolean {
  if (isManager(actor, resource)) return true;
  if (owns(actor, resource) && (RESOURCES[resource.type].ownerActions ?? DEFAULT_OWNER_ACTIONS).includes(action)) return true;
  if (resource.coOwnerPersonIds?.includes(actor.personId) && RESOURCES[resource.type].coOwners?.actions.includes(action)) return true;
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

/**
 * The actions this actor may take on this resource: every detail response carries it.
 * A kind with actions of its own lists those, each granted by its policy action.
 */
export function permissionsFor(actor: Actor | null, resource: Resource): ResourceAction[] {
  const actions = RESOURCES[resource.type].actions;
  if (!actions) return RESOURCE_ACTIONS.filter((action) => can(actor, action, resource));
  return RESOURCE_ACTIONS.filter((action) => actions[action] && can(actor, actions[action], resource));
}

/**
 * Whether everyone may see the row: an image its row holds is served plainly when so, and
 * otherwise only through URLs signed for a reader who may (in SQL: visibleTo for a visitor).
 */
export const isPublic = (resource: Resource): boolean => canSee(null, resource);

/**
 * Who may read what a row keeps beyond what it shows, such as an uploaded file's original
 * (it may hold what the served versions drop, a photo's EXIF position): the row's owner and
 * its kind's managers.
 */
export const ownsOrManages = (actor: Actor | null, resource: Resource): boolean => !!actor && (isManager(actor, resource) || owns(actor, resource));

/**
 * Whether the actor sees a co-owner's link that its person has not confirmed (a publication's
 * author linked to a person, still a suggestion): that person and the kind's managers. To
 * everyone else, the row's own writer included, the link is not there: they read the name alone.
 */
export const seesUnconfirmedLink = (actor: Actor | null, kind: Kind, personId: string): boolean =>
  !!actor && (sightOf(actor, kind).everything || actor.personId === personId);

/** The signed-in user as GET auth/user reports them: the global permissions they hold, and whether they hold all. */
export function sessionUserOf(actor: Actor): { username: string; permissions: GlobalPermission[]; super: boolean } {
  return { username: actor.username, permissions: GLOBAL_PERMISSIONS.filter((permission) => can(actor, permission)), super: actor.super };
}
