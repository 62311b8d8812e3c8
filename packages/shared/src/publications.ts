/**
 * Publications: a catalogue of citations. Authors are names as written, each perhaps linked
 * to a person of the catalogue; a link shows on that person's page (and lets them edit the
 * publication) once they or a holder of managePublications confirmed it. Pasted BibTeX,
 * RIS or CSL-JSON is read on the server (POST pubs/parse), previewed, then saved at once.
 */
import { z } from 'zod';
import { CITATION_STYLES, PUBLICATION_EXPORT_FORMATS, PUBLICATION_LIMITS as L, PUBLICATION_TYPES, PUBLICATION_YEAR_MIN } from './constants.js';
import { BodyVersionSchema, VersionSchema } from './versions.js';

const PersonRef = z.object({ id: z.uuid(), slug: z.string(), name: z.string() });
const ProjectRef = z.object({ id: z.uuid(), slug: z.string(), title: z.string() });

/** A DOI's own form: "10.", a registrant code, "/", a suffix without spaces. */
const DOI_PATTERN = /^10\.\d{4,9}\/\S+$/;
/** The ways a DOI is written that are not its own form: a resolver address or a "doi:" prefix. */
const DOI_PREFIX = /^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i;

/** A DOI in its bare form (`10.1234/abc`), from itself, a doi.org address or "doi:…"; null when it is not one. */
export function bareDoi(text: string): string | null {
  let doi = text.trim().replace(DOI_PREFIX, '');
  try {
    // A resolver address may carry the DOI percent-encoded.
    if (doi !== text.trim()) doi = decodeURIComponent(doi);
  } catch {
    return null;
  }
  return DOI_PATTERN.test(doi) ? doi : null;
}

/** The latest year a publication may carry: next year's (in press). */
export const latestPublicationYear = () => new Date().getFullYear() + 1;

/** Braces that balance, counted as BibTeX counts them (a backslash does not hide one): the value is written between braces as it is. */
function balancedBraces(value: string): boolean {
  let depth = 0;
  for (const c of value) {
    if (c === '{') depth++;
    else if (c === '}' && --depth < 0) return false;
  }
  return depth === 0;
}

const extraValue = z.string().max(L.extraValue, `At most ${L.extraValue} characters`);
/** A record whose bad key is refused in words of its own (zod says "Invalid key in record"). */
const namedRecord = <K extends z.core.$ZodRecordKey, V extends z.ZodType>(key: K, value: V, keyMessage: string) =>
  z.record(key, value, { error: (issue) => (issue.code === 'invalid_key' ? keyMessage : undefined) });
const fieldsAtMost = <T extends z.ZodType>(schema: T) =>
  schema.refine((fields) => Object.keys(fields as object).length <= L.extraFields, `At most ${L.extraFields} fields`);

/**
 * The bibliographic fields a publication has no column for, by the format they came in,
 * as they came (docs/publications.md): written back out in that format, and mapped to the
 * others where CSL has the field. A field the catalogue has a column for is kept here only
 * in a form that says more than the column (a BibTeX title's {…} case protection, a venue
 * under another field's name), and only while it still reads as the column.
 */
export const PublicationExtraSchema = z
  .object({
    bibtex: z
      .object({
        type: z
          .string()
          .regex(/^[a-z]{1,30}$/, 'A BibTeX entry type: lower-case letters')
          .optional()
          .describe('The entry type as written (inproceedings), when it is not the one written for the catalogue’s type'),
        fields: fieldsAtMost(
          namedRecord(
            z.string().regex(/^[a-z][a-z0-9_:+-]{0,49}$/),
            extraValue.refine(balancedBraces, 'Braces must balance: the value is written between braces as it is'),
            'A BibTeX field name: lower-case letters, digits and _ : + -',
          ),
        ).describe('By field name, each value as written between the braces (LaTeX and {…} case protection kept)'),
      })
      .strict()
      .optional(),
    ris: z
      .object({
        type: z
          .string()
          .regex(/^[A-Z0-9]{2,6}$/, 'A RIS type: capitals and digits')
          .optional()
          .describe('The TY as written (CONF), when it is not the one written for the catalogue’s type'),
        tags: fieldsAtMost(
          namedRecord(
            z.string().regex(/^[A-Z][A-Z0-9]$/),
            z
              .array(extraValue.regex(/^[^\r\n]*$/, 'RIS has one line per value'))
              .min(1)
              .max(L.extraFields, `At most ${L.extraFields} values`),
            'A RIS tag: a capital, then a capital or a digit',
          ),
        ).describe('By tag, each tag’s values in order'),
      })
      .strict()
      .optional(),
    csl: z
      .object({
        type: z
          .string()
          .regex(/^[a-z-]{1,40}$/, 'A CSL type')
          .optional()
          .describe('The CSL type as written (paper-conference), when it is not the one written for the catalogue’s type'),
        variables: fieldsAtMost(
          namedRecord(
            z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,49}$/),
            z.unknown().refine((v) => v !== undefined && JSON.stringify(v).length <= L.extraValue, `At most ${L.extraValue} characters of JSON`),
            'A CSL variable name: letters, digits, _ and -',
          ),
        ).describe('By variable name, each value as CSL-JSON has it'),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((extra) => JSON.stringify(extra).length <= L.extraSize, `At most ${L.extraSize} characters of JSON in all`)
  .describe('Bibliographic fields without a column of their own, by format (docs/publications.md)');
export type PublicationExtra = z.output<typeof PublicationExtraSchema>;

/**
 * The BibTeX fields a column is written from (the server's BibTeX writer checks it has the
 * same list). extra.bibtex keeps one only as written when it says more than the column
 * ({…} case protection, LaTeX): the page does not list those as other fields.
 */
export const BIBTEX_COLUMN_FIELDS: readonly string[] = [
  'author',
  'title',
  'journal',
  'journaltitle',
  'booktitle',
  'publisher',
  'institution',
  'school',
  'organization',
  'howpublished',
  'year',
  'date',
  'volume',
  'number',
  'issue',
  'pages',
  'doi',
  'url',
  'abstract',
  'keywords',
];

export const PublicationAuthorSchema = z.object({
  name: z.string().describe('As written in the citation: "Dietze, Michael C."'),
  person: PersonRef.nullable().describe('The person of the catalogue it is linked to'),
  confirmed: z.boolean().describe('The link shows on the person’s page once they (or managePublications) confirmed it'),
});
export type PublicationAuthor = z.infer<typeof PublicationAuthorSchema>;

export const PublicationSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  type: z.enum(PUBLICATION_TYPES),
  title: z.string(),
  authors: z.array(PublicationAuthorSchema).describe('In order'),
  year: z.number().int().nullable(),
  venue: z.string().nullable().describe('The journal, book, publisher or repository'),
  volume: z.string().nullable(),
  issue: z.string().nullable(),
  pages: z.string().nullable(),
  doi: z.string().nullable().describe('Bare: 10.1234/abc'),
  url: z.string().nullable(),
  keywords: z.array(z.string()),
  citationKey: z.string().nullable(),
  projects: z.array(ProjectRef).describe('The projects it is linked to that the reader may see'),
  version: VersionSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Publication = z.infer<typeof PublicationSchema>;

/** GET, POST and PUT pubs/{id}: the publication, its abstract and what the caller may do with it. */
export const PublicationDetailSchema = z.object({
  publication: PublicationSchema,
  abstract: z.string().nullable(),
  extra: PublicationExtraSchema,
  permissions: z.array(z.string()),
});
export type PublicationDetail = z.infer<typeof PublicationDetailSchema>;

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
/** Optional text: empty means none. */
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((v) => v || null);

export const DoiSchema = z
  .string()
  .trim()
  .max(L.doi, `At most ${L.doi} characters`)
  .transform((v, ctx) => {
    const doi = bareDoi(v);
    if (!doi) ctx.addIssue({ code: 'custom', message: 'Not a DOI: a DOI looks like 10.1234/abc (or https://doi.org/10.1234/abc)' });
    return doi ?? v;
  });

export const PublicationYearSchema = z
  .number()
  .int('A year is a whole number')
  .min(PUBLICATION_YEAR_MIN, `A year from ${PUBLICATION_YEAR_MIN} on`)
  .refine((y) => y <= latestPublicationYear(), { message: 'A year no later than next year' });

export const PublicationAuthorInputSchema = z.object({
  name: text(L.authorName).min(1, 'Give the author’s name'),
  person: z
    .string()
    .min(1)
    .max(200)
    .nullable()
    .optional()
    .describe('A person’s slug or id to link the author to (confirmed when it is the writer, or by managePublications)'),
});
export type PublicationAuthorInput = z.input<typeof PublicationAuthorInputSchema>;

/** A publication's fields, each as sent. */
const PublicationFields = {
  type: z.enum(PUBLICATION_TYPES),
  title: text(L.title).min(1, 'Give a title'),
  authors: z.array(PublicationAuthorInputSchema).max(L.authors, `At most ${L.authors} authors`),
  year: PublicationYearSchema.nullable(),
  venue: optionalText(L.venue),
  volume: optionalText(L.short),
  issue: optionalText(L.short),
  pages: optionalText(L.short),
  doi: DoiSchema.nullable()
    .optional()
    .transform((v) => v || null),
  url: z
    .url({ protocol: /^https?$/, error: 'Give an http(s) address' })
    .max(L.url, `At most ${L.url} characters`)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  abstract: optionalText(L.abstract),
  keywords: z.array(text(L.keyword).min(1, 'A keyword needs more than spaces')).max(L.keywords, `At most ${L.keywords} keywords`),
  citationKey: z
    .string()
    .trim()
    .max(L.citationKey, `At most ${L.citationKey} characters`)
    .regex(/^[^\s{},]*$/, 'A citation key has no spaces, braces or commas')
    .nullable()
    .optional()
    .transform((v) => v || null)
    .describe('The key it is cited by (BibTeX’s), kept for export'),
  extra: PublicationExtraSchema.describe('Bibliographic fields without a column of their own (docs/publications.md): replaced whole when given'),
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single dashes')
    .max(80)
    .optional(),
};
export const PublicationInputSchema = z.object({
  ...PublicationFields,
  type: PublicationFields.type.default('article'),
  authors: PublicationFields.authors.default([]),
  year: PublicationFields.year.optional().default(null),
  keywords: PublicationFields.keywords.default([]),
  extra: PublicationFields.extra.default({}),
});
export type PublicationInput = z.input<typeof PublicationInputSchema>;
export type PublicationValues = z.output<typeof PublicationInputSchema>;
/** POST pubs. */
export const PublicationWriteSchema = z.object({ publication: PublicationInputSchema });
/** PUT pubs/{id}: the fields given change. */
export const PublicationChangeSchema = z.object({
  publication: z.object(PublicationFields).partial().describe('Without defaults: a field left out stays as it is'),
  version: BodyVersionSchema,
});

/** POST pubs/import: several publications at once (from a previewed paste), all or none. */
export const PublicationsImportSchema = z.object({
  publications: z.array(PublicationInputSchema).min(1, 'Nothing to save').max(L.importEntries, `At most ${L.importEntries} at once`),
  projects: z.array(z.string().min(1).max(200)).max(20).default([]).describe('Projects (slug or id) to link every one to: edit on each needed'),
});
export const PublicationsImportedSchema = z.object({ publications: z.array(PublicationSchema.pick({ id: true, slug: true, title: true })) });

/** A publication read from a paste, checked and in the form POST pubs/import takes. */
export const ParsedPublicationSchema = z.object({
  type: z.enum(PUBLICATION_TYPES),
  title: z.string(),
  authors: z.array(z.object({ name: z.string(), person: z.string().nullable().optional() })),
  year: z.number().int().nullable(),
  venue: z.string().nullable(),
  volume: z.string().nullable(),
  issue: z.string().nullable(),
  pages: z.string().nullable(),
  doi: z.string().nullable(),
  url: z.string().nullable(),
  abstract: z.string().nullable(),
  keywords: z.array(z.string()),
  citationKey: z.string().nullable(),
  extra: PublicationExtraSchema.describe('The entry’s fields without a column of their own, as read'),
});
export type ParsedPublication = z.infer<typeof ParsedPublicationSchema>;

/** How a pasted entry was found to be a stored publication: the same DOI; the same citation key; the same title (letters and digits, any case or accents), year and first author's family name. */
export const DUPLICATE_MATCHES = ['doi', 'citationKey', 'work'] as const;
export type DuplicateMatch = (typeof DUPLICATE_MATCHES)[number];
const DUPLICATE_MATCH_HELP =
  'doi: the same DOI; citationKey: the same citation key; work: the same title (any case, accents or punctuation), year and first author’s family name';

export const CITATION_FORMATS = ['auto', 'bibtex', 'ris', 'csl'] as const;
/** POST pubs/parse: text pasted, read but not saved. */
export const PublicationsParseSchema = z.object({
  text: z.string().min(1, 'Paste something').max(L.paste, `At most ${L.paste} characters`),
  format: z.enum(CITATION_FORMATS).default('auto').describe('auto: told from the text'),
});
export const ParsedEntrySchema = z.object({
  index: z.number().int().describe('Its place in the paste, from 0'),
  key: z.string().nullable().describe('Its citation key or id, when it has one'),
  line: z.number().int().describe('The line of the paste it starts on, from 1'),
  publication: ParsedPublicationSchema.nullable().describe('What would be saved (send it to POST pubs/import); null when the entry has an error'),
  error: z.string().nullable().describe('Why it cannot be saved, with the line'),
  duplicate: PublicationSchema.pick({ id: true, slug: true, title: true })
    .extend({ match: z.enum(DUPLICATE_MATCHES).describe(DUPLICATE_MATCH_HELP) })
    .nullable()
    .describe('The publication of the catalogue this entry most likely is'),
  repeats: z
    .number()
    .int()
    .nullable()
    .describe('The index of an earlier entry of the paste that is the same work (same DOI, or same title, year and first author)'),
});
export type ParsedEntry = z.infer<typeof ParsedEntrySchema>;
export const PublicationsParsedSchema = z.object({ format: z.enum(['bibtex', 'ris', 'csl']), entries: z.array(ParsedEntrySchema) });
export type PublicationsParsed = z.infer<typeof PublicationsParsedSchema>;

/** GET pubs: the filters, each optional. */
export const PublicationsQuerySchema = z.object({
  p: z.coerce.number().int().min(1).max(10_000).default(1),
  q: z.string().trim().max(300).optional().describe('Words of the title, the authors or the abstract (web-search syntax)'),
  year: z.coerce.number().int().min(PUBLICATION_YEAR_MIN).max(9999).optional(),
  type: z.enum(PUBLICATION_TYPES).optional(),
  person: z.string().max(200).optional().describe('A person’s slug: their confirmed publications'),
  project: z.string().max(200).optional().describe('A project’s slug'),
  sort: z.enum(['year', 'added']).optional().describe('year (the default): the newest year first; added: the latest added first (the feed’s order)'),
});
export type PublicationsQuery = z.input<typeof PublicationsQuerySchema>;
export const PublicationsResponseSchema = z.object({ publications: z.array(PublicationSchema) });
export type PublicationsResponse = z.infer<typeof PublicationsResponseSchema>;

/** GET pubs/years: the years of the catalogue's publications, newest first, with how many each. */
export const PublicationYearsSchema = z.object({ years: z.array(z.object({ year: z.number().int(), count: z.number().int() })) });

/** GET pubs/export and pubs/{id}/export. */
export const PublicationExportQuerySchema = PublicationsQuerySchema.omit({ p: true }).extend({ format: z.enum(PUBLICATION_EXPORT_FORMATS) });

/** A run of a formatted citation with its styling: plain text, never HTML. */
/** A publication as a CSL-JSON item (citationstyles.org): the CSL-JSON export answers an array of them. */
export const CslItemSchema = z.record(z.string(), z.unknown()).describe('A CSL-JSON item: id, type, title, author, issued, DOI, …');

export const CitationRunSchema = z.object({
  text: z.string(),
  italic: z.boolean().optional(),
  bold: z.boolean().optional(),
  smallCaps: z.boolean().optional(),
  sup: z.boolean().optional(),
  sub: z.boolean().optional(),
});
export type CitationRun = z.infer<typeof CitationRunSchema>;
/** GET pubs/{id}/citation?style=: the publication formatted in a citation style. */
export const CitationQuerySchema = z.object({ style: z.enum(CITATION_STYLES).default('apa') });
export const CitationSchema = z.object({ style: z.enum(CITATION_STYLES), text: z.string(), runs: z.array(CitationRunSchema) });
export type Citation = z.infer<typeof CitationSchema>;

/** GET pubs/suggestions: publications that name the signed-in person as an author, waiting for them to confirm. */
export const PublicationSuggestionsSchema = z.object({ publications: z.array(PublicationSchema) });
