import { z } from 'zod';
import { LinkedProjectSchema } from './projects.js';
import { SlugSchema } from './slug.js';
import { BodyVersionSchema, VersionSchema } from './versions.js';

export const TeamSchema = z.object({ id: z.uuid(), slug: z.string(), name: z.string(), description: z.string().nullable(), version: VersionSchema });
export type Team = z.infer<typeof TeamSchema>;
/** GET teams: teams by name. */
export const TeamsResponseSchema = z.object({ teams: z.array(TeamSchema) });
export type TeamsResponse = z.infer<typeof TeamsResponseSchema>;

export const TeamMemberSchema = z.object({
  id: z.uuid().describe('The person id'),
  slug: z.string(),
  name: z.string(),
  username: z.string(),
  role: z.object({ slug: z.string(), name: z.string() }),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamInputSchema = z.object({
  name: z.string().trim().min(1, 'Give a name').max(200),
  slug: SlugSchema.optional(),
  description: z.string().max(20_000).nullable().optional(),
});
/** PUT teams/{id}: the fields to change, and the version the change is based on. */
export const TeamChangeSchema = TeamInputSchema.partial().extend({ version: BodyVersionSchema });

/**
 * Marks a request body that may be left out, for the API document (which otherwise says
 * every body is required): `.meta({ [OPTIONAL_BODY]: true })` on the body's schema.
 */
export const OPTIONAL_BODY = 'x-optional-body';

/**
 * PUT teams/{id}/members/{person} and PUT projects/{id}/members/{person}: the role; without
 * a body (or with an empty one) the person is added as a contributor.
 */
export const MemberInputSchema = z.preprocess(
  (body) => body ?? {},
  z
    .object({
      role: z.string().min(1).max(100).default('contributor').describe('Role slug: owner, editor, contributor or viewer'),
    })
    .meta({ [OPTIONAL_BODY]: true, description: 'Optional: without a body (or with an empty one) the person is added as a contributor' }),
);

/** GET, POST and PUT teams/{id}: the team, what the caller may do with it and its members. */
export const TeamDetailSchema = z.object({
  team: TeamSchema,
  permissions: z.array(z.string()),
  members: z.array(TeamMemberSchema).describe('Sorted by name'),
  projects: z.array(LinkedProjectSchema).describe('The team’s projects the caller may see, by title; archived ones left out'),
});
export type TeamDetail = z.infer<typeof TeamDetailSchema>;
