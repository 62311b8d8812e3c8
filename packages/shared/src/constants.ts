/** Business constants of spec section 9. */
export const ACCESS_TOKEN_MAX_AGE_S = 900;
export const REFRESH_TOKEN_MAX_AGE_S = 5_184_000;
export const REFRESH_COOKIE = 'refresh_token';
export const PASSWORD_RESET_TTL_S = 3600;
/** How long the link confirming a new e-mail address works. */
export const EMAIL_CHANGE_TTL_S = 24 * 3600;
export const INVITATION_TTL_S = 14 * 24 * 3600;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const FIRST_PAGE = 1;
export const PAGE_SIZES = {
  projects: 25,
  photos: 50,
  notes: 20,
  insights: 25,
  photoSearch: 10,
  children: 100,
  users: 25,
  people: 25,
  outbox: 25,
  publications: 25,
} as const;

export const PAGINATION_HEADERS = {
  page: 'pagination-page',
  count: 'pagination-count',
  limit: 'pagination-limit',
} as const;

export const API_ROOT = '/api/v1';
/** Prefix of API key secrets, so a Bearer token can be told from a JWT at a glance. */
export const API_KEY_PREFIX = 'obk_';
/** How long a create made under an Idempotency-Key answers the same again (docs/api.md "Idempotency-Key"). */
export const IDEMPOTENCY_TTL_H = 24;

/** Image types an upload may be, decided by the file's first bytes (not its name or declared type). */
export const IMAGE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];
/** Longest side, in px, of the WebP versions made of every uploaded image: a thumbnail, a display size and a full view (lightbox). */
export const IMAGE_SIZES = { thumb: 96, display: 400, large: 1600 } as const;

/** Insights a search answers per page (the spec's default). */
export const INSIGHTS_PER_PAGE = PAGE_SIZES.insights;
export const INSIGHT_VISIBILITIES = ['public', 'signed-in', 'members'] as const;
export const INSIGHT_SORTS = ['relevance', 'newest', 'oldest', 'discussed'] as const;
export type InsightSort = (typeof INSIGHT_SORTS)[number];
/** The longest comment taken. */
export const COMMENT_MAX_LENGTH = 10_000;

/** The longest name and description of a project's file (the upload form's and PUT projects/{id}/files/{fid}'s). */
export const PROJECT_FILE_LIMITS = { name: 300, description: 2000 } as const;

/** Kinds of publication (CSL's many types map onto these). */
export const PUBLICATION_TYPES = ['article', 'book', 'chapter', 'report', 'thesis', 'dataset', 'software', 'other'] as const;
export type PublicationType = (typeof PUBLICATION_TYPES)[number];
/** The earliest year a publication may carry (the latest is next year's). */
export const PUBLICATION_YEAR_MIN = 1600;
/** Citation styles a publication is formatted in: the three citation-js bundles and Chicago (author-date). */
export const CITATION_STYLES = ['apa', 'vancouver', 'harvard1', 'chicago'] as const;
export type CitationStyle = (typeof CITATION_STYLES)[number];
export const PUBLICATION_EXPORT_FORMATS = ['bibtex', 'ris', 'csl'] as const;
export type PublicationExportFormat = (typeof PUBLICATION_EXPORT_FORMATS)[number];
/** The longest fields taken, and the most entries a paste or an export holds. */
export const PUBLICATION_LIMITS = {
  title: 1000,
  authorName: 300,
  authors: 500,
  venue: 500,
  short: 50,
  citationKey: 100,
  doi: 300,
  url: 2000,
  abstract: 20_000,
  keyword: 100,
  keywords: 50,
  /** A publication's extra map (docs/publications.md): one value, the fields of one format, and the whole map as JSON. */
  extraValue: 20_000,
  extraFields: 100,
  extraSize: 100_000,
  importEntries: 500,
  paste: 2_000_000,
  exportEntries: 5000,
} as const;

/** What the catalogue is, as its home page and the pages without one of their own describe it. */
export const SITE_DESCRIPTION = "A catalogue of a research observatory's projects, sites, people, partners, publications and insights.";

/** A map box: west, south, east, north in degrees (WGS 84). Here, not beside the schemas: a map page reads it without loading zod. */
export const BBOX_PATTERN = /^-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?$/;

/** The map's vector tiles (GET tiles/{layer}/{z}/{x}/{y}.mvt): the layer of every type, and the name of the tile's one layer of points. */
export const MAP_TILES = { everyType: 'objects', pointsLayer: 'objects' } as const;
