/**
 * Documentation pages, addressed by a path under /doc (`guide/map` is /doc/guide/map). The
 * page at a path's parent (`guide`) holds it in the navigation tree, ordered by position.
 * A draft is seen only by managePages holders and is never in search or navigation.
 * `privacy` is the privacy statement shown at /privacy (with the generated statement about
 * a configured map style after it). Writes need managePages.
 */
import { z } from 'zod';
import { DocumentSchema, StoredDocumentSchema } from './documents.js';
import { BodyVersionSchema, VersionSchema } from './versions.js';

export const PAGE_LIMITS = { title: 200, path: 200, segment: 60, depth: 6, search: 200, searchResults: 20 } as const;
/** The page shown at /doc/index and linked from the user menu as Help/Docs. */
export const HELP_PAGE_PATH = 'index';
/** The page shown at /privacy. */
export const PRIVACY_PAGE_PATH = 'privacy';
/** First segments the web app answers itself under /doc (the API reference). */
export const RESERVED_PAGE_SEGMENTS = ['api'] as const;

const SEGMENT = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Why a page path cannot be used, or null: lower-case words and digits joined by hyphens, segments joined by slashes. */
export function pagePathProblem(path: string): string | null {
  if (!path) return 'A page needs a path';
  if (path.length > PAGE_LIMITS.path) return `At most ${PAGE_LIMITS.path} characters`;
  const segments = path.split('/');
  if (segments.some((s) => !s)) return 'A path has no empty segments (no leading, trailing or double slash)';
  if (segments.length > PAGE_LIMITS.depth) return `At most ${PAGE_LIMITS.depth} segments`;
  const bad = segments.find((s) => !SEGMENT.test(s) || s.length > PAGE_LIMITS.segment);
  if (bad) return `"${bad}" is not a path segment: lower-case letters, digits and inner hyphens, at most ${PAGE_LIMITS.segment}`;
  if ((RESERVED_PAGE_SEGMENTS as readonly string[]).includes(segments[0]!)) return `/doc/${segments[0]} is the API reference: choose another first segment`;
  return null;
}

/** The path of the page that holds this one in the tree, or null at the top. */
export const parentPagePath = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : null);

/** The paths above a slash-separated path (a page's, a schema node's), top first: `a/b/c` → `a`, `a/b`. */
export const pathsAbove = (path: string) =>
  path
    .split('/')
    .slice(0, -1)
    .map((_, i, segments) => segments.slice(0, i + 1).join('/'));

export const PagePathSchema = z
  .string()
  .trim()
  .superRefine((path, ctx) => {
    const problem = pagePathProblem(path);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const PersonRef = z.object({ id: z.uuid(), slug: z.string(), name: z.string() });

/** A page as the tree lists it. */
export const PageSummarySchema = z.object({
  id: z.uuid(),
  path: z.string(),
  title: z.string(),
  position: z.number().int(),
  draft: z.boolean(),
  version: VersionSchema,
  updatedAt: z.string(),
});
export type PageSummary = z.infer<typeof PageSummarySchema>;

/** GET pages: every page the reader may see, ordered by path depth-first and position (drafts only with ?drafts=true, for managePages). */
export const PagesResponseSchema = z.object({ pages: z.array(PageSummarySchema) });
export type PagesResponse = z.infer<typeof PagesResponseSchema>;

/** GET pages/at/{path}, POST pages, PUT pages/{id}, POST pages/{id}/move. */
export const PageDetailSchema = z.object({
  page: PageSummarySchema.extend({ createdAt: z.string(), updatedBy: PersonRef.nullable() }),
  doc: StoredDocumentSchema.nullable(),
  /** The pages above it the reader may see, top first, for a breadcrumb (a page below a draft is a draft too). */
  ancestors: z.array(z.object({ path: z.string(), title: z.string(), draft: z.boolean() })),
  permissions: z.array(z.string()),
});
export type PageDetail = z.infer<typeof PageDetailSchema>;

/**
 * A page's place among the pages beside it, 0 first: the page goes there and its siblings
 * are numbered again in order (a place past the end is the last).
 */
const PagePlaceSchema = z
  .number()
  .int()
  .min(0)
  .max(10_000)
  .describe('Its place among the pages beside it, 0 first (past the end: last); they are numbered again');

const title = z.string().trim().min(1, 'A page needs a title').max(PAGE_LIMITS.title, `At most ${PAGE_LIMITS.title} characters`);

/** POST pages: a new page; its parent page must exist (none needed at the top). */
export const PageCreateSchema = z.object({
  path: PagePathSchema,
  title,
  doc: DocumentSchema.nullable().optional(),
  draft: z.boolean().optional().describe('absent: a draft below a draft, else published; false below a draft is refused'),
  /** Its place among its siblings (absent: last). */
  position: PagePlaceSchema.optional(),
});
export type PageCreate = z.input<typeof PageCreateSchema>;

/** PUT pages/{id}: the fields changed; a changed doc is kept as a new revision. */
export const PageChangeSchema = z.object({
  title: title.optional(),
  doc: DocumentSchema.nullable().optional(),
  draft: z.boolean().optional().describe('true also makes the pages below it drafts; false is refused while a page above it is a draft'),
  position: PagePlaceSchema.optional(),
  version: BodyVersionSchema,
});
export type PageChange = z.input<typeof PageChangeSchema>;

/** POST pages/{id}/move: a new path for the page and every page below it; never into its own subtree, never onto a taken path. */
export const PageMoveSchema = z.object({ path: PagePathSchema, position: PagePlaceSchema.optional() });
export type PageMove = z.input<typeof PageMoveSchema>;

/** GET pages/search?q=: published pages whose title or text hold the words, best first. */
export const PageSearchQuerySchema = z.object({ q: z.string().trim().min(1, 'Type something to search for').max(PAGE_LIMITS.search) });
export const PageSearchResponseSchema = z.object({
  results: z.array(
    z.object({ id: z.uuid(), path: z.string(), title: z.string(), snippet: z.string().describe('Words around a match, with matches between « and »') }),
  ),
});
export type PageSearchResponse = z.infer<typeof PageSearchResponseSchema>;
