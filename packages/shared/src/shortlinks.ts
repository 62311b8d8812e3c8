/**
 * Shortlinks: /s/{slug} redirects (302) to a target, a path of this site or an http(s)
 * address on a host the server allows (SHORTLINK_HOSTS), and counts the hit. A link to any
 * other host (written before it stopped being allowed) answers a page asking the visitor
 * before they leave. Managed under Site Admin with manageShortlinks.
 */
import { z } from 'zod';
import { isInternalPath, isWebUrl } from './links.js';
import { BodyVersionSchema, VersionSchema } from './versions.js';

export const SHORTLINK_LIMITS = { slug: 64, target: 2000 } as const;
const SLUG = /^[A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?$/;
/** Where shortlinks are followed: /s/{slug}. */
const SHORTLINK_PATH = /^\/s(?:[/?#]|$)/;

/** Why a target cannot be used, or null. */
export function shortlinkTargetProblem(target: string): string | null {
  if (!target) return 'A shortlink needs a target';
  if (target.length > SHORTLINK_LIMITS.target) return `At most ${SHORTLINK_LIMITS.target} characters`;
  if (target.startsWith('/')) {
    if (!isInternalPath(target)) return 'A path of this site starts with one slash and holds no backslash, space or second leading slash';
    // A shortlink to a shortlink (itself, say) would send browsers round in circles.
    return SHORTLINK_PATH.test(target) ? 'A shortlink cannot lead to another shortlink: give that one’s target' : null;
  }
  return isWebUrl(target) ? null : 'A target is an http:// or https:// address, or a path of this site starting with /';
}

/**
 * How following a shortlink leaves the catalogue: null, it does not (a path or an address
 * of this site); 'redirect', straight to an allowed host; 'interstitial', through a page
 * asking the visitor first, as its host is not among those allowed.
 */
const ShortlinkExternalSchema = z
  .enum(['redirect', 'interstitial'])
  .nullable()
  .describe('null: stays on this site; redirect: to an allowed host; interstitial: to another host, after a page asking the visitor');
export type ShortlinkExternal = z.infer<typeof ShortlinkExternalSchema>;

export const ShortlinkSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  target: z.string(),
  external: ShortlinkExternalSchema,
  hits: z.number().int(),
  lastUsedAt: z.string().nullable(),
  version: VersionSchema.describe('The resource’s version: one more at every edit, never when followed (its hits)'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Shortlink = z.infer<typeof ShortlinkSchema>;

/** GET shortlinks (manageShortlinks): every shortlink, by slug. */
export const ShortlinksResponseSchema = z.object({ shortlinks: z.array(ShortlinkSchema) });
export type ShortlinksResponse = z.infer<typeof ShortlinksResponseSchema>;

const slug = z
  .string()
  .trim()
  .min(1, 'A shortlink needs a slug')
  .max(SHORTLINK_LIMITS.slug, `At most ${SHORTLINK_LIMITS.slug} characters`)
  .regex(SLUG, 'Letters, digits, hyphens and underscores, starting and ending with a letter or digit');
const target = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = shortlinkTargetProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * POST shortlinks; a slug already taken (in any letter case) is refused naming body.slug,
 * a target on a host not allowed naming body.target.
 */
export const ShortlinkCreateSchema = z.object({ slug, target });
export type ShortlinkCreate = z.input<typeof ShortlinkCreateSchema>;
/** PUT shortlinks/{id}: the fields changed (a target left as stored is not checked against the hosts allowed again). */
export const ShortlinkChangeSchema = z.object({ slug: slug.optional(), target: target.optional(), version: BodyVersionSchema });
export type ShortlinkChange = z.input<typeof ShortlinkChangeSchema>;
