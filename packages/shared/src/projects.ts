import { DataTableSchema, ProjectObjectTypesSchema } from './measured.js';
import { z } from 'zod';
import { PublicationSchema } from './publications.js';
import { ImageRefSchema } from './assets.js';
import { DocumentSchema, StoredDocumentSchema } from './documents.js';
import { SlugSchema } from './slug.js';
import { BodyVersionSchema, VersionSchema } from './versions.js';

export const PROJECT_STATUSES = ['planned', 'active', 'completed'] as const;
export const VISIBILITIES = ['public', 'signed-in', 'members'] as const;
export const PROJECT_SORTS = ['title', 'updated', 'start'] as const;
/** Roles a member holds on a project (and on a team). */
export const MEMBER_ROLES = ['owner', 'editor', 'contributor', 'viewer'] as const;

const IsoDate = z.iso.date('Use a date like 2024-05-31');
const RefSchema = z.object({ id: z.uuid(), slug: z.string(), name: z.string() });

export const ProjectSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  visibility: z.enum(VISIBILITIES).describe('public: everyone; signed-in: any signed-in user; members: holders of a role on it'),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  archived: z.boolean(),
  team: RefSchema.nullable(),
  version: VersionSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof ProjectSchema>;

/** A project as a person's, a partner's or a team's page lists it: with the person's title or the partner's role on it. */
export const LinkedProjectSchema = ProjectSchema.pick({ id: true, slug: true, title: true, summary: true, status: true, visibility: true }).extend({
  role: z.string().nullable().describe('The contributor’s title or the institution’s role on the project; null for a team'),
});
export type LinkedProject = z.infer<typeof LinkedProjectSchema>;

/** A project's own fields, as written (the web's inputs take their limits from here). */
export const ProjectFields = z.object({
  title: z.string().trim().min(1, 'Give a title').max(300),
  slug: SlugSchema.optional(),
  summary: z.string().trim().max(2000).nullable().optional(),
  status: z.enum(PROJECT_STATUSES).optional(),
  visibility: z.enum(VISIBILITIES).optional(),
  startDate: IsoDate.nullable().optional(),
  endDate: IsoDate.nullable().optional(),
  teamId: z.uuid().nullable().optional(),
  archived: z.boolean().optional(),
});
const datesInOrder = (p: { startDate?: string | null | undefined; endDate?: string | null | undefined }) =>
  !p.startDate || !p.endDate || p.startDate <= p.endDate;
const DATES_IN_ORDER = { message: 'The end comes before the start', path: ['endDate'] };

export const ProjectInputSchema = ProjectFields.refine(datesInOrder, DATES_IN_ORDER);

/** POST /projects: the project and its documentation. */
export const ProjectCreateSchema = z.object({ project: ProjectInputSchema, doc: DocumentSchema.nullable().optional() });
/** PUT /projects/{id}: the changed fields and, when it changed, the documentation. */
export const ProjectUpdateSchema = z.object({
  project: ProjectFields.partial().refine(datesInOrder, DATES_IN_ORDER).optional(),
  doc: DocumentSchema.nullable().optional(),
  version: BodyVersionSchema,
});

export const ProjectsQuerySchema = z.object({
  q: z.string().trim().max(200).optional().describe('Full-text search in title, summary and documentation'),
  p: z.coerce.number().int().min(1).max(1_000_000).default(1),
  status: z.enum(PROJECT_STATUSES).optional(),
  institution: z.string().max(100).optional().describe('Institution id or slug'),
  person: z.string().max(100).optional().describe('Contributor: person id or slug'),
  team: z.string().max(100).optional().describe('Team id or slug'),
  sort: z.enum(PROJECT_SORTS).optional().describe('Default: relevance when searching, else title'),
  mine: z.enum(['true', 'false']).optional().describe('Only projects the caller is a member of or contributes to'),
  archived: z.enum(['true', 'false']).optional().describe('Include archived projects (default false)'),
});

export const ContributorSchema = z.object({
  id: z.uuid().describe('The link id (made by the client)'),
  person: RefSchema.extend({ photo: ImageRefSchema.nullable() }),
  title: z.string().nullable().describe('e.g. "Principal investigator"'),
  position: z.number().int(),
});
export type Contributor = z.infer<typeof ContributorSchema>;
/** PUT and DELETE projects/{id}/contributors/{cid}: the contributors after the change, in order. */
export const ContributorsResponseSchema = z.object({ contributors: z.array(ContributorSchema) });
export type ContributorsResponse = z.infer<typeof ContributorsResponseSchema>;
export const ContributorInputSchema = z.union([
  z.object({ position: z.number().int().min(0).max(10_000) }).strict(),
  z.object({
    personId: z.string().min(1).max(100).describe('Person id or slug'),
    title: z.string().trim().max(200).nullable().optional(),
    position: z.number().int().min(0).max(10_000).optional(),
  }),
]);

export const ProjectInstitutionSchema = z.object({
  id: z.uuid().describe('The link id (made by the client)'),
  institution: RefSchema.extend({ logo: ImageRefSchema.nullable() }),
  role: z.string().nullable().describe('e.g. "Lead", "Partner", "Funder"'),
  position: z.number().int(),
});
export type ProjectInstitution = z.infer<typeof ProjectInstitutionSchema>;
/** PUT and DELETE projects/{id}/institutions/{iid}: the partner institutions after the change, in order. */
export const ProjectInstitutionsResponseSchema = z.object({ institutions: z.array(ProjectInstitutionSchema) });
export type ProjectInstitutionsResponse = z.infer<typeof ProjectInstitutionsResponseSchema>;
export const ProjectInstitutionInputSchema = z.union([
  z.object({ position: z.number().int().min(0).max(10_000) }).strict(),
  z.object({
    institutionId: z.string().min(1).max(100).describe('Institution id or slug'),
    role: z.string().trim().max(200).nullable().optional(),
    position: z.number().int().min(0).max(10_000).optional(),
  }),
]);

export const UpdateSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  publishedAt: z.string(),
  author: RefSchema.nullable(),
  version: VersionSchema,
  updatedAt: z.string(),
});
export type ProjectUpdate = z.infer<typeof UpdateSchema>;
/** GET projects/{id}/updates: every update, newest first. */
export const UpdatesResponseSchema = z.object({ updates: z.array(UpdateSchema) });
export type UpdatesResponse = z.infer<typeof UpdatesResponseSchema>;
/** GET, POST and PUT projects/{id}/updates/{uid}, and the restore of one of its revisions: the update, its text and what the caller may do with it. */
export const UpdateDetailSchema = z.object({ update: UpdateSchema, doc: StoredDocumentSchema.nullable(), permissions: z.array(z.string()) });
export type UpdateDetail = z.infer<typeof UpdateDetailSchema>;
export const UpdateInputSchema = z.object({
  title: z.string().trim().min(1, 'Give a title').max(300),
  slug: SlugSchema.optional(),
  publishedAt: z.iso.datetime({ offset: true }).optional().describe('Default: now'),
});
export const UpdateWriteSchema = z.object({ update: UpdateInputSchema, doc: DocumentSchema.nullable().optional() });
export const UpdateChangeSchema = z.object({
  update: UpdateInputSchema.partial().optional(),
  doc: DocumentSchema.nullable().optional(),
  version: BodyVersionSchema,
});

export const RevisionSchema = z.object({ id: z.uuid(), createdAt: z.string(), author: RefSchema.nullable() });
export type Revision = z.infer<typeof RevisionSchema>;
/** GET …/revisions of a project's documentation, an update's text or an object's doc: the saved versions, newest first. */
export const RevisionsResponseSchema = z.object({ revisions: z.array(RevisionSchema) });
export type RevisionsResponse = z.infer<typeof RevisionsResponseSchema>;
/** GET …/revisions/{rid} of a project's documentation, an update's text or an object's doc: one saved version. */
export const RevisionDetailSchema = z.object({ revision: RevisionSchema, doc: StoredDocumentSchema.nullable() });
export type RevisionDetail = z.infer<typeof RevisionDetailSchema>;

export const FileVersionSchema = z.object({
  version: z.number().int().min(1),
  fileName: z.string().nullable(),
  mediaType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdAt: z.string(),
  author: RefSchema.nullable(),
});
export const ProjectFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  version: VersionSchema.describe(
    'The file’s version as a resource (one more at every upload, deleted upload, rename or new description), not an upload’s number',
  ),
  versions: z.array(FileVersionSchema).describe('Newest first'),
});
export type ProjectFile = z.infer<typeof ProjectFileSchema>;
/** GET projects/{id}/files: the project's files, by name. */
export const ProjectFilesResponseSchema = z.object({ files: z.array(ProjectFileSchema) });
/** GET auth/sign/{path}: a download URL for a file version, valid 5 minutes. */
export const SignedUrlResponseSchema = z.object({
  url: z.string().describe('A path on this server, e.g. /api/v1/files/{versionId}?expires=…&signature=…'),
  expiresAt: z.string(),
});
export type SignedUrlResponse = z.infer<typeof SignedUrlResponseSchema>;

export const ProjectMemberSchema = z.object({
  id: z.uuid().describe('The person id'),
  slug: z.string(),
  name: z.string(),
  username: z.string(),
  role: z.object({ slug: z.string(), name: z.string() }),
});
/** GET projects/{id}/members: the members by name, and what the caller may do with the project. */
export const ProjectMembersResponseSchema = z.object({ members: z.array(ProjectMemberSchema), permissions: z.array(z.string()) });
export type ProjectMembersResponse = z.infer<typeof ProjectMembersResponseSchema>;

export const ProjectListItemSchema = ProjectSchema.extend({ institutions: z.array(RefSchema).describe('In order') });
export type ProjectListItem = z.infer<typeof ProjectListItemSchema>;
/** GET projects: a page of the catalogue. */
export const ProjectsResponseSchema = z.object({ projects: z.array(ProjectListItemSchema) });
export type ProjectsResponse = z.infer<typeof ProjectsResponseSchema>;

/** GET, POST and PUT projects/{id}, and the restore of a documentation revision: the project with everything its page shows. */
export const ProjectDetailSchema = z.object({
  project: ProjectSchema,
  permissions: z.array(z.string()),
  doc: StoredDocumentSchema.nullable(),
  contributors: z.array(ContributorSchema).describe('In order'),
  institutions: z.array(ProjectInstitutionSchema).describe('In order'),
  updates: z.array(UpdateSchema).describe('The recent ones, newest first'),
  files: z.array(ProjectFileSchema),
  publications: z.array(PublicationSchema).describe('Its publications, newest first'),
  datatables: z.array(DataTableSchema).describe('Its data tables, in order'),
  object_types: ProjectObjectTypesSchema.shape.types.describe('The object types it catalogues, in order (none: any type)'),
});
export type ProjectDetail = z.infer<typeof ProjectDetailSchema>;
