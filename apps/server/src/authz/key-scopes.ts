import type { Permission } from '@observatory/shared';
import { AppError } from '../lib/errors.js';
import type { Actor } from './policy.js';

/**
 * What an API key must hold to make each write, by operation. Every route that is not a
 * read (GET, HEAD) is named here, or the app refuses to start (`assertKeyScoped`), so a
 * new route cannot forget its keys. The policy then checks the key again against the row
 * (its targets); this table is the gate that catches the writes the policy alone would let
 * through (a comment maps to seeing an insight, an upload to being signed in).
 *
 * - a list of permissions: the key needs one of them (the one the service checks: a row's
 *   action, or a global permission);
 * - `inPerson`: account security (passwords, sessions, keys), never with a key;
 * - `anyone`: not a write of the caller's: authenticated by a code in its path, or a read
 *   sent as POST (its filter is a body), so a key changes nothing about it.
 */
export type KeyScope = readonly Permission[] | { inPerson: string } | { anyone: string };

const inPerson = (why: string) => ({ inPerson: why });
const anyone = (why: string) => ({ anyone: why });
const BY_CODE = anyone('authenticated by the code or token in its path, not by the caller');
const READ_AS_POST = anyone('a read whose question is a body; it stores nothing');
const ACCOUNT = inPerson('account security: a person signed in with their password');

/** `METHOD path` (OpenAPI's form, under /api/v1) -> what a key needs. */
export const KEY_SCOPES: Readonly<Record<string, KeyScope>> = {
  'POST /auth/login': anyone('signs in with a password, whoever asks'),
  'POST /auth/refresh': anyone('trades the refresh cookie of a browser sign-in; a key has none'),
  'POST /auth/logout': anyone('ends the sign-in of the refresh cookie sent with it'),
  'POST /auth/logout-all': ACCOUNT,
  'PUT /auth/password': ACCOUNT,
  'DELETE /auth/sessions/{id}': ACCOUNT,
  'POST /auth/reset': anyone('asks for a reset link by mail; open to visitors'),
  'POST /auth/reset/{code}': BY_CODE,
  'PUT /auth/user/notifications': ['edit'],
  'POST /users': ['manageUsers'],
  'PUT /users/{id}': ['edit'],
  'POST /users/{id}/reset': ['manageUsers'],
  'PUT /users/{personId}/roles/{target}/{role}': ['manageUsers', 'manageMembers'],
  'DELETE /users/{personId}/roles/{target}/{role}': ['manageUsers', 'manageMembers'],
  'POST /users/{id}/apikeys': ACCOUNT,
  'DELETE /users/{id}/apikeys/{keyId}': ACCOUNT,
  'POST /invitations': ['manageUsers'],
  'POST /invitations/{code}/accept': BY_CODE,
  'POST /email-changes/{code}': BY_CODE,
  'POST /unsubscribe/{token}': BY_CODE,

  'POST /people': ['managePeople'],
  'PUT /people/{id}': ['edit'],
  'DELETE /people/{id}': ['managePeople'],
  'POST /people/{id}/revisions/{rid}/restore': ['edit'],
  'PUT /people/{id}/photo': ['edit'],
  'DELETE /people/{id}/photo': ['edit'],
  'PUT /people/{personId}/affiliations/{id}': ['edit'],
  'DELETE /people/{personId}/affiliations/{id}': ['edit'],
  'POST /institutions/{id}': ['manageInstitutions'],
  'PUT /institutions/{id}': ['manageInstitutions'],
  'DELETE /institutions/{id}': ['manageInstitutions'],
  'PUT /institutions/{id}/logo': ['manageInstitutions'],
  'DELETE /institutions/{id}/logo': ['manageInstitutions'],
  'POST /institution_categories/{id}': ['manageInstitutions'],
  'PUT /institution_categories/{id}': ['manageInstitutions'],
  'DELETE /institution_categories/{id}': ['manageInstitutions'],
  'POST /teams': ['manageTeams'],
  'PUT /teams/{id}': ['edit'],
  'DELETE /teams/{id}': ['delete'],
  'PUT /teams/{teamId}/members/{memberIdOrSlug}': ['manageMembers'],
  'DELETE /teams/{teamId}/members/{memberIdOrSlug}': ['manageMembers'],

  'POST /projects': ['createProjects', 'manageProjects'],
  'PUT /projects/{id}': ['edit'],
  'DELETE /projects/{id}': ['delete'],
  'POST /projects/{id}/revisions/{rid}/restore': ['edit'],
  'PUT /projects/{id}/contributors/{cid}': ['edit'],
  'DELETE /projects/{id}/contributors/{cid}': ['edit'],
  'PUT /projects/{id}/institutions/{iid}': ['edit'],
  'DELETE /projects/{id}/institutions/{iid}': ['edit'],
  'POST /projects/{id}/updates': ['edit'],
  'PUT /projects/{id}/updates/{uid}': ['edit'],
  'DELETE /projects/{id}/updates/{uid}': ['edit'],
  'POST /projects/{id}/updates/{uid}/revisions/{rid}/restore': ['edit'],
  'PUT /projects/{id}/members/{person}': ['manageMembers'],
  'DELETE /projects/{id}/members/{person}': ['manageMembers'],
  'POST /projects/{id}/files': ['upload'],
  'PUT /projects/{id}/files/{fid}': ['edit'],
  'DELETE /projects/{id}/files/{fid}': ['edit'],
  'POST /projects/{id}/files/{fid}/version': ['upload'],
  'DELETE /projects/{id}/files/{fid}/{version}': ['edit'],
  'PUT /projects/{id}/pubs/{pubId}': ['edit'],
  'DELETE /projects/{id}/pubs/{pubId}': ['edit'],
  'PUT /projects/{id}/objtypes': ['edit'],
  'POST /projects/{id}/datatables': ['edit'],
  'PUT /projects/{id}/datatables/{table}': ['edit'],
  'DELETE /projects/{id}/datatables/{table}': ['edit'],
  'POST /projects/{id}/datatables/{table}/observations': ['edit'],
  'POST /projects/{id}/datatables/{table}/review': ['edit'],
  'POST /projects/{id}/datatables/{table}/checks': ['edit'],
  // SensorThings: a project's sensors, datastreams and values (edit on it), a Thing as an object (edit on a project, or manageProjects without one).
  'POST /sta/v1.1/{path}': ['edit', 'manageProjects'],
  'PATCH /sta/v1.1/{path}': ['edit'],
  'DELETE /sta/v1.1/{path}': ['edit', 'delete'],

  'POST /insights': ['createInsights'],
  'PUT /insights/{id}': ['edit'],
  'DELETE /insights/{id}': ['edit'],
  'POST /insights/{id}/revisions/{rid}/restore': ['edit'],
  'POST /insights/{id}/comments': ['comment'],
  'POST /insights/{id}/comment-photos': ['comment'],
  'PUT /insights/{id}/comments/{cid}': ['edit'],
  'DELETE /insights/{id}/comments/{cid}': ['edit'],
  'POST /pubs': ['edit'],
  'POST /pubs/parse': READ_AS_POST,
  'POST /pubs/import': ['edit'],
  'PUT /pubs/{id}': ['edit'],
  'DELETE /pubs/{id}': ['delete'],
  'PUT /pubs/{id}/authors/{person}': ['edit'],
  'DELETE /pubs/{id}/authors/{person}': ['edit'],
  'POST /pages': ['managePages'],
  'PUT /pages/{id}': ['edit'],
  'DELETE /pages/{id}': ['delete'],
  'POST /pages/{id}/move': ['edit'],
  'POST /pages/{id}/revisions/{rid}/restore': ['edit'],

  'POST /data/obj': ['edit', 'manageProjects'],
  'PUT /data/obj/{key}': ['edit'],
  'DELETE /data/obj/{key}': ['delete'],
  'PUT /data/obj/{key}/projects/{project}': ['edit'],
  'DELETE /data/obj/{key}/projects/{project}': ['edit'],
  'PUT /data/obj/{key}/people/{person}': ['edit'],
  'DELETE /data/obj/{key}/people/{person}': ['edit'],
  'PUT /data/obj/{key}/institutions/{institution}': ['edit'],
  'DELETE /data/obj/{key}/institutions/{institution}': ['edit'],
  'POST /data/obj/{key}/notes': ['comment'],
  'PUT /data/obj/{key}/notes/{id}': ['edit'],
  'DELETE /data/obj/{key}/notes/{id}': ['edit'],
  'POST /data/obj/{key}/photos': ['upload'],
  'PUT /data/obj/{key}/photos/{id}': ['edit'],
  'DELETE /data/obj/{key}/photos/{id}': ['edit'],
  'POST /data/obj/{key}/revisions/{rid}/restore': ['edit'],
  'POST /sandbox/query': READ_AS_POST,
  'POST /sandbox/chart': READ_AS_POST,
  'POST /sandbox/export': READ_AS_POST,

  'POST /data/units': ['manageSchema'],
  'PUT /data/units/{code}': ['manageSchema'],
  'DELETE /data/units/{code}': ['manageSchema'],
  'POST /data/metrics': ['manageSchema'],
  'PUT /data/metrics/{name}': ['manageSchema'],
  'DELETE /data/metrics/{name}': ['manageSchema'],
  'POST /data/schema': ['manageSchema'],
  'PUT /data/schema/{slug}': ['manageSchema'],
  'DELETE /data/schema/{slug}': ['manageSchema'],
  'POST /data/schema/{slug}/check': READ_AS_POST,
  'POST /data/objtypes': ['manageSchema'],
  'PUT /data/objtypes/{slug}': ['manageSchema'],
  'DELETE /data/objtypes/{slug}': ['manageSchema'],
  'POST /data/nodetypes': ['manageSchema'],
  'PUT /data/nodetypes/{slug}': ['manageSchema'],
  'DELETE /data/nodetypes/{slug}': ['manageSchema'],
  'POST /data/node': ['manageSchema'],
  'PUT /data/node/{path}': ['manageSchema'],
  'DELETE /data/node/{path}': ['manageSchema'],

  'POST /data/import/sessions': ['importData', 'edit'],
  'PUT /data/import/sessions/{id}': ['importData', 'edit'],
  'DELETE /data/import/sessions/{id}': ['importData', 'edit'],
  'POST /data/import/objects/preview': ['importData'],
  'POST /data/import/objects': ['importData'],
  'POST /data/import/object_rels/preview': ['importData'],
  'POST /data/import/object_rels': ['importData'],
  'POST /data/import/observations/preview': ['importData', 'edit'],
  'POST /data/import/observations': ['importData', 'edit'],
  'POST /roles': ['manageRoles'],
  'PUT /roles/{slug}': ['manageRoles'],
  'DELETE /roles/{slug}': ['manageRoles'],
  'POST /assets': ['upload'],
  'POST /assets/strays/sweep': ['manageAssets'],
  'DELETE /assets/{id}': ['delete', 'manageAssets'],
  'POST /shortlinks': ['manageShortlinks'],
  'PUT /shortlinks/{id}': ['manageShortlinks'],
  'DELETE /shortlinks/{id}': ['manageShortlinks'],
  'PUT /admin/basemap': ['manageSettings'],
  'PUT /admin/publishing': ['manageSettings'],
  'POST /admin/webhooks': ['manageSettings'],
  'PUT /admin/webhooks/{id}': ['manageSettings'],
  'DELETE /admin/webhooks/{id}': ['manageSettings'],
  'POST /admin/webhooks/{id}/test': ['manageSettings'],
  // OAI-PMH takes its arguments as a form too (the protocol asks for both): a visitor's read.
  'POST /oai': READ_AS_POST,
};

const READS = new Set(['GET', 'HEAD']);

/** An operation's name in the table from a Fastify route: `POST /api/v1/pubs/:id` -> `POST /pubs/{id}`. */
export function operationOf(method: string, url: string, root: string): string | null {
  if (READS.has(method) || !url.startsWith(`${root}/`)) return null;
  return `${method} ${url
    .slice(root.length)
    .replace(/:(\w+)/g, '{$1}')
    .replace(/\*$/, '{path}')}`;
}

/** Thrown when a route is added: a write outside the table would let every key through. */
export function assertKeyScoped(operation: string | null): void {
  if (operation && !KEY_SCOPES[operation]) throw new Error(`${operation} has no entry in authz/key-scopes.ts: name what an API key needs for it`);
}

/** 403 before any lookup when the request's key does not allow this write. */
export function checkKeyScope(actor: Actor | null, operation: string | null): void {
  const key = actor?.key;
  if (!key || !operation) return;
  const scope = KEY_SCOPES[operation]!;
  if ('anyone' in scope) return;
  if ('inPerson' in scope) throw new AppError('FORBIDDEN', 'An API key cannot do this; sign in with your password');
  if (!scope.some((permission) => key.permissions.has(permission))) {
    throw new AppError('FORBIDDEN', `This API key does not allow this; it needs ${scope.join(' or ')}`);
  }
}
