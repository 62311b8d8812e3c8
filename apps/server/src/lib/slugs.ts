import { AppError } from './errors';

/** "Anenské údolí" -> "anenske-udoli". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** The base itself when free, else base-2, base-3... */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
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
    if ((await takenLike(input.slug)).has(input.slug)) {
      throw new AppError('CONFLICT', `This address is taken by another ${what}`, { details: [{ field: 'body.slug', message: 'Taken' }] });
    }
    return input.slug;
  }
  const base = slugify(input.name) || what;
  return uniqueSlug(base, await takenLike(base));
}
