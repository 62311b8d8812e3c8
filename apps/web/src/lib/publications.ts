import type { CitationStyle, Publication, PublicationExportFormat, PublicationType } from '@observatory/shared';

/** The kinds of publication as readers name them. */
export const PUBLICATION_TYPE_LABELS: Record<PublicationType, string> = {
  article: 'Journal article',
  book: 'Book',
  chapter: 'Book chapter',
  report: 'Report',
  thesis: 'Thesis',
  dataset: 'Dataset',
  software: 'Software',
  other: 'Other',
};

/** The citation styles as people name them. */
export const CITATION_STYLE_LABELS: Record<CitationStyle, string> = {
  apa: 'APA',
  vancouver: 'Vancouver',
  harvard1: 'Harvard',
  chicago: 'Chicago (author-date)',
};

/** The export formats as people name them, and the files they make. */
export const EXPORT_FORMAT_LABELS: Record<PublicationExportFormat, string> = {
  bibtex: 'BibTeX',
  ris: 'RIS',
  csl: 'CSL-JSON',
};

/** A list's line names this many authors; with more, the first of them and "et al.". */
export const AUTHORS_SHOWN = 3;

export type Author = Publication['authors'][number];

/**
 * The authors a one-line citation names: all of them up to AUTHORS_SHOWN, else the first
 * AUTHORS_SHOWN and `more` (the list goes on: "et al.").
 */
export function shortAuthors(authors: readonly Author[], shown = AUTHORS_SHOWN): { authors: Author[]; more: boolean } {
  if (authors.length <= shown) return { authors: [...authors], more: false };
  return { authors: authors.slice(0, shown), more: true };
}

/** Volume, issue and pages as a citation writes them: "12(3), 45–67". */
export function volumeIssuePages(p: Pick<Publication, 'volume' | 'issue' | 'pages'>): string {
  const volume = [p.volume, p.issue ? `(${p.issue})` : null].filter(Boolean).join('');
  return [volume, p.pages].filter(Boolean).join(', ');
}

/** The address of a DOI at its resolver (its slashes kept, anything else a URL cannot hold escaped: "#", "?", spaces). */
export const doiUrl = (doi: string) => `https://doi.org/${doi.split('/').map(encodeURIComponent).join('/')}`;

/** Newest first (by year; those without one last), as the server lists them; ties keep their order. */
export function byNewest<T extends Pick<Publication, 'year'>>(publications: T[]): T[] {
  return [...publications].sort((a, b) => (b.year ?? Number.MIN_SAFE_INTEGER) - (a.year ?? Number.MIN_SAFE_INTEGER));
}
