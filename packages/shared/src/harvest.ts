import { z } from 'zod';

/** Projects per page of the DCAT-AP catalogue (each with its data tables). */
export const DCAT_PAGE_SIZE = 20;

/** What `format` may say, and the serialisation each means. */
export const DCAT_FORMATS = { jsonld: 'jsonld', json: 'jsonld', ttl: 'turtle', turtle: 'turtle' } as const;
type DcatFormat = keyof typeof DCAT_FORMATS;

/** GET dcat: a page of the catalogue. */
export const DcatQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1).describe(`The page: ${DCAT_PAGE_SIZE} projects each, with their data tables`),
  format: z
    .enum(Object.keys(DCAT_FORMATS) as [DcatFormat, ...DcatFormat[]])
    .optional()
    .describe('jsonld (or json) or ttl (or turtle); without it, the Accept header chooses (text/turtle, else JSON-LD)'),
});

/** GET dcat as JSON-LD 1.1: the context inline (prefixes only), the graph's nodes compacted with them. */
export const DcatDocumentSchema = z.object({
  '@context': z.record(z.string(), z.string()).describe('Prefixes: dcat, dct, foaf, vcard, hydra, gsp, xsd…'),
  '@graph': z.array(z.record(z.string(), z.unknown())).describe('The dcat:Catalog, its dcat:Dataset nodes, and this page’s hydra:PartialCollectionView'),
});

/** The most changes one answer of the change feed holds. */
export const CHANGES_MAX_LIMIT = 1000;

/** What a change feed cursor looks like: the writing transaction's id, then the entry's number in the log. */
export const CHANGE_CURSOR = /^\d{1,20}-\d{1,20}$/;

/** GET changes: what changed after a cursor. */
export const ChangesQuerySchema = z.object({
  since: z
    .string()
    .regex(CHANGE_CURSOR, 'Give a cursor this feed answered as next (or none, to start from the beginning)')
    .optional()
    .describe('The `next` of the previous answer; without it, the feed starts from the beginning'),
  limit: z.coerce.number().int().min(1).max(CHANGES_MAX_LIMIT).default(100),
});

/** The kinds of resource the change feed follows. */
export const CHANGE_KINDS = ['project', 'datatable', 'object', 'person', 'institution', 'team', 'publication', 'insight', 'page'] as const;

export const ChangeSchema = z.object({
  cursor: z.string().describe('Where this change is in the feed: `since` this to read what came after it'),
  op: z.enum(['create', 'update', 'delete']).describe('delete: gone, or no longer readable by the caller (then nothing else is said of it)'),
  kind: z.enum(CHANGE_KINDS),
  id: z.string().describe('The resource’s id (a UUID)'),
  key: z.string().optional().describe('The key of its address (slug, name, number, path; a data table: its project’s slug)'),
  title: z.string().optional().describe('Its title or name now'),
  url: z.string().optional().describe('Its page'),
  at: z.string().optional().describe('When the change was made, ISO 8601'),
});
export type Change = z.infer<typeof ChangeSchema>;

export const ChangesResponseSchema = z.object({
  changes: z.array(ChangeSchema).describe('In the order they were committed, as far as a reader can know it: by transaction, then by entry'),
  next: z.string().nullable().describe('The cursor to ask with next time (null: the feed is empty)'),
  more: z.boolean().describe('true: more changes are waiting now; ask again at once'),
});
export type ChangesResponse = z.infer<typeof ChangesResponseSchema>;
