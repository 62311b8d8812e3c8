import { z } from 'zod';
import { PERMISSIONS, TARGET_TYPES } from './permissions.js';
import { InvitationSchema, PasswordSchema, UsernameSchema } from './auth.js';

const PermissionNameSchema = z.enum(PERMISSIONS as [string, ...string[]]);

export const RoleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  permissions: z.array(z.string()),
});
export type Role = z.infer<typeof RoleSchema>;

/** GET roles: every role with its permissions. */
export const RolesResponseSchema = z.object({ roles: z.array(RoleSchema) });
export type RolesResponse = z.infer<typeof RolesResponseSchema>;

/** GET roles/{slug}: a role, how many hold it, whether it is built in. */
export const RoleDetailSchema = z.object({ role: RoleSchema, holders: z.number().int(), builtin: z.boolean() });
export type RoleDetail = z.infer<typeof RoleDetailSchema>;

export const RoleTargetSchema = z.object({
  id: z.uuid(),
  type: z.enum(TARGET_TYPES),
  name: z.string(),
  slug: z.string(),
});

export const RoleAssignmentSchema = z.object({
  role: RoleSchema,
  target: RoleTargetSchema.nullable().describe('null for a global role'),
});
export type RoleAssignment = z.infer<typeof RoleAssignmentSchema>;

export const UserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string().nullable(),
  super: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const PersonRefSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
});

/** GET, POST and PUT users/{id}: a user account, its person and roles. */
export const UserDetailSchema = z.object({
  user: UserSchema,
  person: PersonRefSchema,
  permissions: z.array(z.string()).describe('What the caller may do with this user'),
  roles: z.array(RoleAssignmentSchema),
  invitation: InvitationSchema.nullable(),
  /** The user's own change of e-mail waiting for its link to be opened (shown to them alone). */
  emailChange: z.object({ email: z.string(), expiresAt: z.string() }).nullable(),
});
export type UserDetail = z.infer<typeof UserDetailSchema>;

/** POST users/{id}/reset: a password-reset link, and the address it was mailed to (null: not mailed). */
export const ResetLinkResponseSchema = z.object({ link: z.string(), expiresAt: z.string(), mailedTo: z.string().nullable() });
export type ResetLinkResponse = z.infer<typeof ResetLinkResponseSchema>;

/** PUT users/{id}: the user changes the e-mail; an administrator also username and disabled. */
export const AccountUpdateSchema = z.object({
  email: z.email('Enter a valid e-mail address').max(320).nullable().optional(),
  /** The caller's own password: needed to change an e-mail address (one's own, or another's with manageUsers). */
  currentPassword: z.string().max(1024).optional(),
  username: UsernameSchema.optional(),
  disabled: z.boolean().optional(),
});

/** PUT and DELETE users/{personId}/roles/{target}/{role}: the user's roles after the change. */
export const RoleAssignmentsResponseSchema = z.object({ roles: z.array(RoleAssignmentSchema) });
export type RoleAssignmentsResponse = z.infer<typeof RoleAssignmentsResponseSchema>;

export const ApiKeySchema = z.object({
  id: z.uuid(),
  comment: z.string(),
  created: z.string(),
  expires: z.string().nullable(),
  lastUsed: z.string().nullable(),
  permissions: z.array(z.string()),
  targets: z.array(z.uuid()),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyCreateSchema = z.object({
  comment: z.string().trim().min(1, 'Say what the key is for').max(200),
  expires: z.iso.datetime({ offset: true }).or(z.iso.date()).nullable().optional().describe('Expiry time (ISO 8601); null or absent: never'),
  permissions: z.array(PermissionNameSchema).max(64).default([]),
  targets: z.array(z.uuid()).max(100).default([]).describe('Limit the key to these projects or teams; empty: all'),
});

/** POST users/{id}/apikeys: the new key with its secret. */
export const ApiKeyCreatedSchema = ApiKeySchema.extend({
  secret: z.string().describe('Shown once: use it as a Bearer token'),
});
export type ApiKeyCreated = z.infer<typeof ApiKeyCreatedSchema>;

/** GET users/{id}/apikeys: a user's API keys (never their secrets). */
export const ApiKeysResponseSchema = z.object({ apikeys: z.array(ApiKeySchema) });
export type ApiKeysResponse = z.infer<typeof ApiKeysResponseSchema>;

export const RoleInputSchema = z.object({
  name: z.string().trim().min(1, 'Give a name').max(100),
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single dashes')
    .max(80)
    .optional(),
  permissions: z.array(PermissionNameSchema).max(64).default([]),
});

export const UserListItemSchema = UserSchema.extend({ person: PersonRefSchema });
/** GET users: a page of accounts, by username. */
export const UsersResponseSchema = z.object({ users: z.array(UserListItemSchema) });
export type UsersResponse = z.infer<typeof UsersResponseSchema>;

export const UserCreateSchema = z.object({
  name: z.string().trim().min(1, 'Give a name').max(200),
  username: UsernameSchema,
  email: z.email('Enter a valid e-mail address').max(320).nullable().optional(),
  password: PasswordSchema,
});

/** What an audit entry changed, as the reader may know it: named, hidden from them (no name), or deleted since. */
export const AuditTargetSchema = z.object({
  state: z.enum(['shown', 'hidden', 'gone']),
  name: z.string().nullable().describe('Null when hidden, or gone and not the reader’s to know'),
  key: z.string().nullable().describe('The key of its address (a slug, a name, a username) when shown'),
});
export type AuditTarget = z.infer<typeof AuditTargetSchema>;

export const AuditEntrySchema = z.object({
  id: z.uuid(),
  action: z.string().describe('What was done, e.g. photo.create'),
  targetType: z.string().describe('project, object, person, institution, team, user, role or institution_category'),
  targetId: z.string().nullable(),
  target: AuditTargetSchema,
  actor: z.string().nullable().describe('Username of who did it'),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** POST email-changes/{code}: the address the account has now. */
export const EmailChangedSchema = z.object({ username: z.string(), email: z.string() });
export type EmailChanged = z.infer<typeof EmailChangedSchema>;
