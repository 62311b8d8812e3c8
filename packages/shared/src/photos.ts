/**
 * Photo search: the photos of objects and the images of insight comments, found by text,
 * person, object type, date and a map box, each answered only to those who may see what
 * holds it. And assets: every uploaded file, where it is used, and the sweep of unused ones.
 */
import { z } from 'zod';
import { ImageRefSchema } from './assets.js';
import { BBOX_PATTERN, PAGE_SIZES } from './constants.js';

/** A calendar day: YYYY-MM-DD. */
const Day = z.iso.date();

/**
 * GET photos and GET people/{id}/photos: the spec's q, p (from 1, while the answer's cur_page
 * counts from 0; p=0 is taken as the first page too) and n (at most 100), and filters.
 */
export const PhotoSearchQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .max(300)
      .optional()
      .describe('Words of the caption (a comment’s text), the object’s name or title (the insight’s title), or the photographer’s name'),
    p: z.coerce
      .number()
      .int()
      .min(0)
      .max(10_000)
      .default(1)
      .transform((p) => Math.max(p, 1))
      .describe('The page, counted from 1 (p=0 is the first page as well); the answer’s cur_page counts from 0: cur_page = p - 1'),
    n: z.coerce.number().int().min(1).max(100).default(PAGE_SIZES.photoSearch).describe('Photos per page (at most 100)'),
    person: z.string().min(1).max(200).optional().describe('A person’s slug: photos they took (GET photos only)'),
    type: z.string().min(1).max(100).optional().describe('An object type’s slug: photos of objects of that type'),
    from: Day.optional().describe('Taken (the EXIF date; else uploaded) on or after this day'),
    to: Day.optional().describe('Taken on or before this day'),
    bbox: z
      .string()
      .regex(BBOX_PATTERN, 'A box is west,south,east,north in degrees')
      .optional()
      .describe('west,south,east,north: photos placed inside (their own position, else their object’s)'),
  })
  .superRefine((q, ctx) => {
    // The ISO pattern lets the year 0 through; the calendar (and the database) starts at 1.
    for (const field of ['from', 'to'] as const)
      if (q[field]?.startsWith('0000')) ctx.addIssue({ code: 'custom', path: [field], message: 'Days start with the year 1' });
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end of the range is before its start' });
    if (q.bbox) {
      const [w, s, e, n] = q.bbox.split(',').map(Number) as [number, number, number, number];
      if ([w, e].some((x) => x < -180 || x > 180) || [s, n].some((y) => y < -90 || y > 90))
        ctx.addIssue({ code: 'custom', path: ['bbox'], message: 'Longitudes are -180 to 180, latitudes -90 to 90' });
      else if (s > n) ctx.addIssue({ code: 'custom', path: ['bbox'], message: 'The box’s south edge is north of its north edge' });
      else if (w > e) ctx.addIssue({ code: 'custom', path: ['bbox'], message: 'The box’s west edge is east of its east edge' });
    }
  });
export type PhotoSearchQuery = z.input<typeof PhotoSearchQuerySchema>;

export const PHOTO_SOURCES = ['object', 'comment'] as const;

/** A photo as the search finds it: of an object, or the image of a comment on an insight. */
export const PhotoResultSchema = z.object({
  id: z.uuid().describe('The object photo’s id, or the comment’s'),
  source: z.enum(PHOTO_SOURCES),
  image: ImageRefSchema,
  caption: z.string().nullable().describe('The photo’s caption; a comment’s text'),
  takenAt: z.string().nullable().describe('From the photo’s EXIF, when it has one'),
  geo: z
    .object({ type: z.literal('Point'), coordinates: z.array(z.number()) })
    .nullable()
    .describe('Where it was taken (its EXIF position), when known, and only to those who may edit its object: it can say more than the object’s own geometry'),
  place: z
    .object({ type: z.literal('Point'), coordinates: z.array(z.number()) })
    .nullable()
    .describe(
      'Where the map shows it: a point on its object’s geometry (an object photo without one, or a comment image: null). A box (bbox) finds photos by their object’s geometry',
    ),
  object: z.object({ id: z.uuid(), name: z.string(), title: z.string() }).nullable().describe('The object it shows'),
  insight: z.object({ id: z.uuid(), num: z.number().int(), title: z.string() }).nullable().describe('The insight whose comment holds it'),
  author: z.object({ id: z.uuid(), slug: z.string(), name: z.string() }).nullable().describe('Who took or uploaded it'),
  createdAt: z.string(),
  permissions: z.array(z.string()).describe('edit and delete when the reader may change it'),
});
export type PhotoResult = z.infer<typeof PhotoResultSchema>;

/** GET photos: the spec's answer (cur_page counts from 0: p - 1, where p counts from 1). */
export const PhotoSearchResponseSchema = z.object({
  photos: z.array(PhotoResultSchema),
  cur_page: z.number().int().describe('The page answered, counted from 0: p - 1 (the request’s p counts from 1); the next page is p = cur_page + 2'),
  pages: z.number().int(),
  total_count: z.number().int(),
});
export type PhotoSearchResponse = z.infer<typeof PhotoSearchResponseSchema>;

/** GET photos/{id}: one photo of the search (the viewer's), 404 unless the reader may see it. */
export const PhotoResultResponseSchema = z.object({ photo: PhotoResultSchema });

// Assets

/** Where an asset is used, as a reader may follow it. */
export const ASSET_USAGE_KINDS = ['photo', 'comment', 'person', 'institution', 'document', 'file'] as const;
export const AssetUsageSchema = z.object({
  kind: z.enum(ASSET_USAGE_KINDS),
  label: z.string().describe('What uses it: "Photo of Abisko", "Ada Lindqvist’s portrait"'),
  path: z.string().nullable().describe('The web page that shows it (/data/abisko/photos), when there is one'),
});
export type AssetUsage = z.infer<typeof AssetUsageSchema>;

export const AssetSchema = z.object({
  id: z.uuid(),
  fileName: z.string().nullable(),
  mediaType: z.string(),
  size: z.number().int().describe('Bytes of the original'),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  image: ImageRefSchema.nullable().describe('Its versions, when it is an image'),
  owner: z.object({ username: z.string() }).nullable().describe('Who uploaded it'),
  createdAt: z.string(),
});
export type Asset = z.infer<typeof AssetSchema>;

/** GET assets/{id}: the asset and the places it is used that the reader may see. */
export const AssetDetailSchema = z.object({
  asset: AssetSchema,
  usages: z.array(AssetUsageSchema),
  hiddenUsages: z.number().int().describe('Places it is used that the reader may not see (counted, not named)'),
  permissions: z.array(z.string()).describe('delete when the reader may remove it (unused, and manageAssets or its uploader)'),
});
export type AssetDetail = z.infer<typeof AssetDetailSchema>;

/** GET assets (manageAssets): every asset, newest first, with how often it is used. */
export const AssetsQuerySchema = z.object({
  p: z.coerce.number().int().min(1).max(100_000).default(1),
  unused: z.enum(['true', 'false']).optional().describe('true: only the unused ones'),
  mine: z.enum(['true', 'false']).optional().describe('true: only the caller’s own uploads (open to anyone signed in)'),
});
export const AssetListItemSchema = AssetSchema.extend({ uses: z.number().int().describe('Places it is used (revisions of documents included)') });
export type AssetListItem = z.infer<typeof AssetListItemSchema>;
export const AssetsResponseSchema = z.object({
  assets: z.array(AssetListItemSchema),
  totals: z.object({ count: z.number().int(), bytes: z.number().int(), unusedCount: z.number().int(), unusedBytes: z.number().int() }),
});
export type AssetsResponse = z.infer<typeof AssetsResponseSchema>;

/**
 * GET assets/strays (manageAssets): files in storage that no record names (left by a crash
 * between the storage write and the commit), older than an hour; POST assets/strays/sweep
 * removes them.
 */
export const StrayFilesSchema = z.object({
  files: z.array(z.object({ key: z.string(), size: z.number().int(), modifiedAt: z.string().nullable() })),
  bytes: z.number().int(),
});
export type StrayFiles = z.infer<typeof StrayFilesSchema>;
export const SweptSchema = z.object({ removed: z.number().int(), bytes: z.number().int() });
