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
