import { z } from 'zod';
import { PublicationSchema } from './publications.js';
import { ImageRefSchema } from './assets.js';
import { InvitationSchema } from './auth.js';
import { DocumentSchema, StoredDocumentSchema } from './documents.js';
import { isValidOrcid, normaliseOrcid } from './orcid.js';
import { LinkedProjectSchema } from './projects.js';
import { SlugSchema } from './slug.js';
import { BodyVersionSchema, VersionSchema } from './versions.js';

export { SlugSchema } from './slug.js';

export const OrcidSchema = z.string().transform(normaliseOrcid).refine(isValidOrcid, 'Not a valid ORCID iD (0000-0000-0000-0000, with a correct check digit)');

export const InstitutionRefSchema = z.object({ id: z.uuid(), slug: z.string(), name: z.string() });

export const AffiliationSchema = z.object({
  id: z.uuid(),
  institution: InstitutionRefSchema,
  title: z.string().nullable(),
  primary: z.boolean(),
});
export type Affiliation = z.infer<typeof AffiliationSchema>;
/** PUT and DELETE people/{personId}/affiliations/{id}: the person's affiliations after the change. */
export const AffiliationsResponseSchema = z.object({ affiliations: z.array(AffiliationSchema) });

export const PersonSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  orcid: z.string().nullable(),
  noindex: z
    .boolean()
    .describe(
      'They asked search engines not to index them: their page says noindex, and the sitemap and other pages’ JSON-LD leave them out but for their name',
    ),
  photo: ImageRefSchema.nullable().describe('Set with PUT people/{id}/photo'),
  email: z.string().nullable().describe('Shown to the person and to holders of managePeople only'),
  username: z.string().nullable().describe('The account of this person, if any'),
  affiliations: z.array(AffiliationSchema).describe('The primary one first'),
  version: VersionSchema,
});
export type Person = z.infer<typeof PersonSchema>;

/** POST and PUT people/{id}, and PUT and DELETE people/{id}/photo: the person, their bio and what the caller may do with them. */
export const PersonDetailSchema = z.object({
  person: PersonSchema,
  permissions: z.array(z.string()),
  bio: StoredDocumentSchema.nullable(),
});
export type PersonDetail = z.infer<typeof PersonDetailSchema>;

/** GET people/{id}: a person's profile. */
export const PersonProfileSchema = PersonDetailSchema.extend({
  invitation: InvitationSchema.nullable().describe('Shown to holders of manageUsers or managePeople'),
  projects: z.array(LinkedProjectSchema).describe('The projects the caller may see, by title; archived ones left out'),
  publications: z.array(PublicationSchema).describe('The publications they confirmed as an author of, newest first'),
});
export type PersonProfile = z.infer<typeof PersonProfileSchema>;

export const PersonListItemSchema = PersonSchema.pick({ id: true, slug: true, name: true, photo: true, version: true }).extend({
  primaryAffiliation: AffiliationSchema.nullable(),
});
/** GET people: a page of people, by name. */
export const PeopleResponseSchema = z.object({ people: z.array(PersonListItemSchema) });
export type PeopleResponse = z.infer<typeof PeopleResponseSchema>;

export const PersonInputSchema = z.object({
  name: z.string().trim().min(1, 'Give a name').max(200),
  slug: SlugSchema.optional(),
  orcid: OrcidSchema.nullable().optional(),
  email: z.email().max(320).nullable().optional(),
  noindex: z.boolean().optional().describe('Ask search engines not to index this person (default false)'),
  bio: DocumentSchema.nullable().optional(),
});
/** PUT people/{id}: the fields to change, and the version the change is based on. */
export const PersonChangeSchema = PersonInputSchema.partial().extend({ version: BodyVersionSchema });

export const AffiliationInputSchema = z.object({
  title: z.string().trim().max(200).nullable().optional(),
  primary: z.boolean().optional(),
});

export const PeopleQuerySchema = z.object({
  q: z.string().trim().max(200).optional().describe('Search in names'),
  p: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
