/**
 * An import's options live in the address (`?session=ID&options=<JSON>`), so a reload, Back
 * and a link keep them: the options page writes them there as they change, and the
 * preview reads them from there.
 */
import { paths } from '../../../../config/paths';

export type ImportKind = 'objects' | 'object_rels' | 'observations';
export const IMPORT_KINDS: readonly ImportKind[] = ['objects', 'object_rels', 'observations'];

/** The query of an import's page: its session, then its options as URI-encoded JSON (when given). */
export function importQuery(session: string, options?: unknown): string {
  const parts = [`session=${encodeURIComponent(session)}`];
  if (options !== undefined) parts.push(`options=${encodeURIComponent(JSON.stringify(options))}`);
  return parts.join('&');
}

/** An import's options page, or its preview (`result`), for a session and its options. */
export const importPage = (kind: ImportKind, session: string, options?: unknown, page: 'options' | 'result' = 'options') =>
  `${page === 'result' ? paths.adminImportResult(kind) : paths.adminImportKind(kind)}?${importQuery(session, options)}`;

/** The options an address holds: what its JSON says, or undefined when it holds none or not JSON. */
export function readOptions(search: URLSearchParams): unknown {
  const text = search.get('options');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The address's search with these options in place of its own (the other parameters kept). */
export function withOptions(search: URLSearchParams, options: unknown): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set('options', JSON.stringify(options));
  return next;
}
