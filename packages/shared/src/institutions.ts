import { z } from 'zod';
import { PublicationSchema } from './publications.js';
import { ImageRefSchema } from './assets.js';
import { LinkedProjectSchema } from './projects.js';
import { SlugSchema } from './slug.js';
import { BodyVersionSchema, VersionSchema } from './versions.js';

export const CategorySchema = z.object({ id: z.uuid(), name: z.string(), position: z.number().int() });
export type Category = z.infer<typeof CategorySchema>;
/** PUT and DELETE institution_categories/{id}: every category, in order. */
export const CategoriesResponseSchema = z.object({ categories: z.array(CategorySchema) });
export type CategoriesResponse = z.infer<typeof CategoriesResponseSchema>;
/** POST institution_categories/{id}: every category, in order, and the new one. */
export const CategoryCreatedSchema = CategoriesResponseSchema.extend({ category: CategorySchema });

export const InstitutionSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  url: z.string().nullable(),
  ror: z.string().nullable(),
  logo: ImageRefSchema.nullable().describe('Set with PUT institutions/{id}/logo'),
  categoryId: z.uuid().nullable().describe('null: uncategorised'),
  version: VersionSchema,
});
export type Institution = z.infer<typeof InstitutionSchema>;

/** GET institutions/{id}: a partner institution with its people. */
export const InstitutionDetailSchema = z.object({
  institution: InstitutionSchema,
  permissions: z.array(z.string()),
  people: z.array(
    z.object({ id: z.uuid(), slug: z.string(), name: z.string(), photo: ImageRefSchema.nullable(), title: z.string().nullable(), primary: z.boolean() }),
  ),
  projects: z.array(LinkedProjectSchema).describe('The projects the caller may see, by title; archived ones left out'),
  publications: z.array(PublicationSchema).describe('The confirmed publications of its people, newest first'),
});
export type InstitutionDetail = z.infer<typeof InstitutionDetailSchema>;

const HttpUrlSchema = z.url({ protocol: /^https?$/, error: 'Give an http(s) address' }).max(500);
/** ROR ids look like 05a28rw58 (https://ror.org/05a28rw58 is accepted too). */
const RorSchema = z
  .string()
  .trim()
  .transform((s) => s.replace(/^https?:\/\/ror\.org\//i, '').toLowerCase())
  .refine((s) => /^0[a-hj-km-np-tv-z0-9]{6}\d{2}$/.test(s), 'Not a ROR id (e.g. 05a28rw58)');

export const InstitutionInputSchema = z.object({
  name: z.string().trim().min(1, 'Give a name').max(300),
  slug: SlugSchema.optional(),
  description: z.string().max(20_000).nullable().optional(),
  url: HttpUrlSchema.nullable().optional(),
  ror: RorSchema.nullable().optional(),
  categoryId: z.uuid().nullable().optional(),
});
/** PUT institutions/{id}: the fields to change, and the version the change is based on. */
export const InstitutionChangeSchema = InstitutionInputSchema.partial().extend({ version: BodyVersionSchema });

export const CategoryCreateSchema = z.object({ name: z.string().trim().min(1, 'Give a name').max(200) });
export const CategoryUpdateSchema = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  position: z.number().int().min(0).max(10_000).optional().describe('New place in the order, 0 = first'),
});

/** GET institutions: every institution and the categories in their order. */
export const InstitutionsResponseSchema = z.object({ institutions: z.array(InstitutionSchema), categories: z.array(CategorySchema) });
export type InstitutionsResponse = z.infer<typeof InstitutionsResponseSchema>;
