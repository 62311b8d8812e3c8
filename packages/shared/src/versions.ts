import { z } from 'zod';

/**
 * A resource's version (docs/api.md "Versions"): 1 when created, one more at every write.
 * Its detail answers it as `version` and as `ETag: "<version>"`.
 */
export const VersionSchema = z.int().min(1).max(2_147_483_647).describe('The resource’s version: one more at every write (docs/api.md “Versions”)');

/** In a PUT body: the version the write is based on, checked as `If-Match` is when the header is absent. */
export const BodyVersionSchema = VersionSchema.optional().describe(
  'The version this write is based on: refused with 412 if the resource has moved on since (as If-Match, which wins when both are sent)',
);

/** Who wrote a resource last, and when: what a 412 answers beside its current version. */
export const CurrentVersionSchema = z.object({
  version: VersionSchema,
  updatedAt: z.iso.datetime({ offset: true }),
  updatedBy: z.object({ id: z.uuid(), slug: z.string(), name: z.string() }).nullable(),
});
export type CurrentVersion = z.infer<typeof CurrentVersionSchema>;

/** An ETag's value for a version: a strong tag, the version in quotes. */
export const etagOf = (version: number) => `"${version}"`;

/**
 * A read's strong tag of a versioned resource: its version, then (after a GET) a dot and a
 * hash of the answer, `"3"` or `"3.Qm9…"`. A write compares the version part only.
 */
const VERSION_TAG = String.raw`"\d{1,10}(?:\.[\w-]{1,64})?"`;

/** If-Match: `*` or a list of strong tags (`"3"`, `"3.Qm9…"` or `"3", "4"`); weak tags never match a write. */
export const IF_MATCH_PATTERN = new RegExp(String.raw`^\s*(\*|${VERSION_TAG}(\s*,\s*${VERSION_TAG})*)\s*$`);
