import { PUBLICATION_LIMITS as L, PublicationInputSchema, type PublicationDetail, type PublicationInput, type PublicationType } from '@observatory/shared';
import { fieldErrors } from '../../components/FormError';
import { lengthProblem } from '../../lib/form-rules';
import { ApiError } from '../../lib/api-client';
import { check } from '../../lib/validate';

/** A person of the catalogue an author is linked to. */
export interface LinkedPerson {
  id: string;
  slug: string;
  name: string;
}

/** One author as the form holds it: `key` follows the row when it moves. */
export interface AuthorRow {
  key: string;
  name: string;
  person: LinkedPerson | null;
  /** The link was confirmed (by the person or a publications manager); false for one made here. */
  confirmed: boolean;
}

export interface PublicationFormValues {
  type: PublicationType;
  title: string;
  authors: AuthorRow[];
  /** '' for none (a number input's empty value). */
  year: number | string;
  venue: string;
  volume: string;
  issue: string;
  pages: string;
  doi: string;
  url: string;
  abstract: string;
  keywords: string[];
  citationKey: string;
}

let rows = 0;
/** A key for a new author row, unique on the page. */
export const rowKey = () => `author-${++rows}`;

export const emptyAuthor = (): AuthorRow => ({ key: rowKey(), name: '', person: null, confirmed: false });

/** The form of a new publication, or filled from one. */
export function formValues(detail?: PublicationDetail): PublicationFormValues {
  const p = detail?.publication;
  return {
    type: p?.type ?? 'article',
    title: p?.title ?? '',
    authors: p ? p.authors.map((a) => ({ key: rowKey(), name: a.name, person: a.person, confirmed: a.confirmed })) : [emptyAuthor()],
    year: p?.year ?? '',
    venue: p?.venue ?? '',
    volume: p?.volume ?? '',
    issue: p?.issue ?? '',
    pages: p?.pages ?? '',
    doi: p?.doi ?? '',
    url: p?.url ?? '',
    abstract: detail?.abstract ?? '',
    keywords: p?.keywords ?? [],
    citationKey: p?.citationKey ?? '',
  };
}

const orNull = (text: string) => text.trim() || null;

/** The year typed: a number, or null for none (text that is no number stays, for the schema to refuse). */
function yearOf(year: number | string): number | null {
  if (typeof year === 'number') return year;
  if (!year.trim()) return null;
  return Number(year.trim());
}

/** The form as the API takes a publication. Rows left entirely empty are dropped. */
export function toInput(values: PublicationFormValues): PublicationInput {
  return {
    type: values.type,
    title: values.title.trim(),
    authors: values.authors.filter((a) => a.name.trim() || a.person).map((a) => ({ name: a.name.trim(), person: a.person?.id ?? null })),
    year: yearOf(values.year),
    venue: orNull(values.venue),
    volume: orNull(values.volume),
    issue: orNull(values.issue),
    pages: orNull(values.pages),
    doi: orNull(values.doi),
    url: orNull(values.url),
    abstract: orNull(values.abstract),
    keywords: values.keywords,
    citationKey: orNull(values.citationKey),
  };
}

/** The form's rows the input keeps (not left entirely empty), by their place in the input. */
const keptRows = (values: PublicationFormValues) => values.authors.flatMap((a, i) => (a.name.trim() || a.person ? [i] : []));

/** An input's field path as the form's: the input's author n is the form's row kept[n]. */
function formPath(path: readonly PropertyKey[], kept: number[]): string {
  const parts = path.map(String);
  if (parts[0] === 'authors' && parts[1] !== undefined && /^\d+$/.test(parts[1])) parts[1] = String(kept[Number(parts[1])] ?? parts[1]);
  return parts.join('.');
}

/** The text fields' length limits (the shared schema's), checked on the text as typed. */
const TEXT_LIMITS = {
  title: L.title,
  venue: L.venue,
  volume: L.short,
  issue: L.short,
  pages: L.short,
  doi: L.doi,
  url: L.url,
  abstract: L.abstract,
  citationKey: L.citationKey,
} as const;

/** Text past its limit, as typed, by field path: said before any other problem of the field. */
function lengthErrors(values: PublicationFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, max] of Object.entries(TEXT_LIMITS)) {
    const problem = lengthProblem(values[field as keyof typeof TEXT_LIMITS], max);
    if (problem) errors[field] = problem;
  }
  values.authors.forEach((a, i) => {
    const problem = lengthProblem(a.name, L.authorName);
    if (problem) errors[`authors.${i}.name`] = problem;
  });
  return errors;
}

/**
 * The shared schema's verdict on the form, as errors by field path ("authors.2.name"),
 * text past its limit first. Author rows are numbered as the form shows them, empty ones included.
 */
export function validatePublication(values: PublicationFormValues): Record<string, string> {
  const checked = check(PublicationInputSchema, toInput(values));
  const errors = lengthErrors(values);
  if (checked.success) return errors;
  const kept = keptRows(values);
  for (const issue of checked.error.issues) {
    const field = formPath(issue.path, kept) || 'title';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** What changed between two inputs: the fields a PUT sends. */
export function changedFields(before: PublicationInput, after: PublicationInput): Partial<PublicationInput> {
  const changed: Partial<PublicationInput> = {};
  for (const key of Object.keys(after) as (keyof PublicationInput)[]) {
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) (changed as Record<string, unknown>)[key] = after[key];
  }
  return changed;
}

/** The body's fields the form shows (a refusal naming only these needs no message above the form). */
export const FORM_FIELDS = [
  'type',
  'title',
  'authors',
  'authors.',
  'year',
  'venue',
  'volume',
  'issue',
  'pages',
  'doi',
  'url',
  'abstract',
  'keywords',
  'keywords.',
  'citationKey',
].map((f) => `publication.${f}`);

/** A refusal's field errors as the form's paths ("publication.authors.0.person" → "authors.2.person"). */
export function serverErrors(error: unknown, values: PublicationFormValues): Record<string, string> {
  const kept = keptRows(values);
  return Object.fromEntries(Object.entries(fieldErrors(error, 'publication')).map(([field, message]) => [formPath(field.split('.'), kept), message]));
}

/** A refusal for a DOI another publication holds: that publication's page, when the refusal names it. */
export function duplicateOf(error: unknown, field = 'body.publication.doi'): { message: string; href: string } | null {
  if (!(error instanceof ApiError)) return null;
  for (const detail of error.details) {
    // Only a page of this catalogue: the address comes from the server's answer.
    if (detail.field === field && detail.href?.startsWith('/pubs/')) return { message: detail.message, href: detail.href };
  }
  return null;
}
