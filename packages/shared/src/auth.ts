import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`);

export const UsernameSchema = z
  .string()
  .min(2, 'Use at least 2 characters')
  .max(64, 'Use at most 64 characters')
  .regex(/^[a-z0-9][a-z0-9._-]*$/, 'Use lower-case letters, digits, dots, dashes and underscores');

export const LoginInputSchema = z.object({
  username: z.string().trim().min(1, 'Enter your username or e-mail').max(320).describe('Username or e-mail address'),
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH),
  remember: z.boolean().optional().describe('Keep me signed in: also set a refresh cookie'),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** A sign-in of the user still going, as My Account lists it. */
export const UserSessionSchema = z.object({
  id: z.uuid(),
  /** The browser and system, from its User-Agent ("Firefox on Linux"). */
  device: z.string(),
  ip: z.string().nullable(),
  startedAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  /** Kept signed in (a cookie that outlives the browser). */
  remember: z.boolean(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof UserSessionSchema>;
export const UserSessionsResponseSchema = z.object({ sessions: z.array(UserSessionSchema) });
export type UserSessionsResponse = z.infer<typeof UserSessionsResponseSchema>;

export const AuthUserSchema = z.object({
  username: z.string(),
  permissions: z.array(z.string()),
  super: z.boolean(),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

/** GET auth/user: the signed-in user. */
export const AuthUserResponseSchema = z.object({ user: AuthUserSchema });
export type AuthUserResponse = z.infer<typeof AuthUserResponseSchema>;

export const ResetRequestSchema = z.object({
  login: z.string().trim().min(1, 'Enter your username or e-mail').max(320),
});

/** POST auth/reset (202): the same message whether or not the account exists. */
export const ResetRequestedSchema = z.object({ message: z.string() });
export type ResetRequested = z.infer<typeof ResetRequestedSchema>;

/** GET auth/reset/{code}: whose password the code resets. */
export const ResetCodeCheckSchema = z.object({ username: z.string() });
export type ResetCodeCheck = z.infer<typeof ResetCodeCheckSchema>;

export const NewPasswordSchema = z.object({ password: PasswordSchema });

export const InvitationCreateSchema = z.object({
  email: z.email('Enter a valid e-mail address').max(320),
  name: z.string().trim().min(1).max(200).optional().describe('Name of the person to create when personId is absent'),
  personId: z.uuid().optional().describe('Invite an existing person'),
});

export const InvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  personId: z.uuid().nullable(),
  name: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** POST invitations and GET invitations/{code}: the invitation. */
export const InvitationResponseSchema = z.object({ invitation: InvitationSchema });
export type InvitationResponse = z.infer<typeof InvitationResponseSchema>;

/** POST invitations/{code}/accept (201): the account made. */
export const InvitationAcceptedSchema = z.object({ user: z.object({ username: z.string() }) });

export const InvitationAcceptSchema = z.object({
  username: UsernameSchema,
  password: PasswordSchema,
});

export const PasswordChangeSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX_LENGTH),
  newPassword: PasswordSchema,
});
