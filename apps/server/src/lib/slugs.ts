import { slugify } from '@observatory/shared';
import { invalidField, taken } from './errors.js';

/** A title as a URL key, transliterated: one function for the server and the web. */
export { slugify };

/** Words the web app uses as path segments (/people/new, /projects/create): never an entry's slug. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(['new', 'edit', 'create', 'sample']);

/** The base itself when free, else base-2, base-3... */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  const free = (slug: string) => !taken.has(slug) && !RESERVED_SLUGS.has(slug);
  if (free(base)) return base;
  for (let n = 2; ; n++) if (free(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * The slug for a new or renamed entry: a requested one must be free (409 naming
 * body.slug); otherwise the name's slug, made unique. `takenLike(base)` answers the
 * slugs in use that equal base or start with "base-".
 */
export async function chooseSlug(
  input: { slug?: string | undefined; name: string },
  takenLike: (base: string) => Promise<Set<string>>,
  what: string,
): Promise<string> {
  if (input.slug) {
    if (RESERVED_SLUGS.has(input.slug)) throw invalidField('body.slug', 'This address is reserved; choose another');
    if ((await takenLike(input.slug)).has(input.slug)) {
      throw taken('body.slug', `This address is taken by another ${what}`);
    }
    return input.slug;
  }
  const base = slugify(input.name) || what;
  return uniqueSlug(base, await takenLike(base));
}
