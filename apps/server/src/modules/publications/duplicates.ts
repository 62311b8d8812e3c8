import { and, eq, sql } from 'drizzle-orm';
import type { DuplicateMatch, ParsedPublication } from '@observatory/shared';
import type { Db } from '../../db/client.js';
import { publicationAuthors, publications } from '../../db/schema/index.js';
import { holdersOfDois } from './repo.js';

/**
 * Which stored publication an entry of a paste most likely is: the one holding its DOI,
 * else one with the same citation key, else one whose title (normalised), year and first
 * author's family name are the entry's. Reference managers spell a title's case, braces,
 * accents and punctuation differently; a paste with no DOI is still the same work.
 */

export interface Duplicate {
  id: string;
  slug: string;
  title: string;
  match: DuplicateMatch;
}

/** A title as compared: letters and digits of its words, accents and case dropped ("{CO$_2$} Fluxes" = "CO2 fluxes"). */
export const normalisedTitle = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The family name of an author as written ("Dietze, Michael C." and "Michael C. Dietze" alike), compared without accents or case. */
export function familyName(name: string | undefined): string {
  if (!name) return '';
  const family = name.includes(',') ? name.split(',')[0]! : (name.trim().split(/\s+/).at(-1) ?? '');
  return normalisedTitle(family).split(' ').at(-1) ?? '';
}

type Entry = Pick<ParsedPublication, 'title' | 'year' | 'authors' | 'doi' | 'citationKey'>;

/** What an entry is compared by when it has no DOI. */
export const workKey = (p: Pick<Entry, 'title' | 'year' | 'authors'>) => [normalisedTitle(p.title), p.year ?? '', familyName(p.authors[0]?.name)].join('|');

/** The stored publications the entries most likely are, by the entry's place in the list (entries without one are left out). */
export async function storedDuplicates(db: Db, entries: readonly (Entry | null)[]): Promise<Map<number, Duplicate>> {
  const found = new Map<number, Duplicate>();
  const present = entries.flatMap((e, i) => (e ? [{ e, i }] : []));
  if (!present.length) return found;

  const byDoi = await holdersOfDois(
    db,
    present.flatMap(({ e }) => (e.doi ? [e.doi] : [])),
  );
  const keys = present.flatMap(({ e }) => (e.citationKey ? [e.citationKey] : []));
  const byKey = new Map<string, Omit<Duplicate, 'match'>>();
  if (keys.length) {
    const rows = await db
      .select({ id: publications.id, slug: publications.slug, title: publications.title, key: publications.citationKey })
      .from(publications)
      .where(sql`${publications.citationKey} = any(${sql.param(keys)}::text[])`);
    for (const r of rows) byKey.set(r.key!, { id: r.id, slug: r.slug, title: r.title });
  }
  const byWork = await storedWorks(db, [...new Set(present.map(({ e }) => e.year))]);

  for (const { e, i } of present) {
    const doi = e.doi ? byDoi.get(e.doi.toLowerCase()) : undefined;
    const key = e.citationKey ? byKey.get(e.citationKey) : undefined;
    const work = byWork.get(workKey(e));
    const duplicate = doi
      ? { ...doi, match: 'doi' as const }
      : key
        ? { ...key, match: 'citationKey' as const }
        : work
          ? { ...work, match: 'work' as const }
          : null;
    if (duplicate) found.set(i, duplicate);
  }
  return found;
}

/** The stored publications of these years (null: of no year) by workKey: each with its title and first author. */
async function storedWorks(db: Db, years: (number | null)[]) {
  const numbers = years.filter((y): y is number => y !== null);
  const rows = await db
    .select({ id: publications.id, slug: publications.slug, title: publications.title, year: publications.year, first: publicationAuthors.name })
    .from(publications)
    .leftJoin(publicationAuthors, and(eq(publicationAuthors.publicationId, publications.id), eq(publicationAuthors.position, 0)))
    .where(sql`(${publications.year} = any(${sql.param(numbers)}::int[])${years.includes(null) ? sql` or ${publications.year} is null` : sql``})`);
  const works = new Map<string, Omit<Duplicate, 'match'>>();
  for (const r of rows) {
    const key = workKey({ title: r.title, year: r.year, authors: r.first ? [{ name: r.first }] : [] });
    if (!works.has(key)) works.set(key, { id: r.id, slug: r.slug, title: r.title });
  }
  return works;
}

/** Entries of one paste that repeat an earlier one (the same DOI, or the same work): the earlier one's index, by the later one's. */
export function repeatsInPaste(entries: readonly (Entry | null)[]): Map<number, number> {
  const first = new Map<string, number>();
  const repeats = new Map<number, number>();
  for (const [i, e] of entries.entries()) {
    if (!e) continue;
    const keys = [workKey(e), ...(e.doi ? [`doi:${e.doi.toLowerCase()}`] : [])];
    const earlier = keys.map((k) => first.get(k)).find((n) => n !== undefined);
    if (earlier !== undefined) repeats.set(i, earlier);
    for (const k of keys) if (!first.has(k)) first.set(k, i);
  }
  return repeats;
}
