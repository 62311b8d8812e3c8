import { PAGINATION_HEADERS } from '@observatory/shared';

type Header = { description: string; schema: { type: string } };
type Response = { headers?: Record<string, Header>; content?: Record<string, unknown> };
type Operation = { parameters?: { in?: string; name?: string }[]; responses?: Record<string, Response | undefined> };
type Document = { paths?: Record<string, Record<string, Operation | undefined> | undefined> };

const text = (description: string): Header => ({ description, schema: { type: 'string' } });
const integer = (description: string): Header => ({ description, schema: { type: 'integer' } });

/** Every read's answer: its tag for If-None-Match / If-Match, and how long it may be kept. */
const READ_HEADERS = {
  ETag: text('The answer’s tag: send it back in If-None-Match for a 304, or in If-Match to change what was read'),
  'Cache-Control': text('How a cache may keep the answer'),
};

/** A list's answer: the only way to page it (the page size varies by list). */
const PAGE_HEADERS = {
  [PAGINATION_HEADERS.page]: integer('This page’s number, first page 1'),
  [PAGINATION_HEADERS.count]: integer('How many items the whole list holds'),
  [PAGINATION_HEADERS.limit]: integer('How many items a page holds'),
  Link: text('RFC 8288 links to the first, prev, next and last pages, relative to the server'),
};

/** A file's answer (an export, a file version, an asset): saved under its name. */
const FILE_HEADERS = { 'Content-Disposition': text('attachment; filename=… (RFC 6266): the file’s name to save it under') };
/** Documents a client reads rather than saves, though not JSON: RDF for harvesters, XML for OAI-PMH, a map's vector tiles. */
const READ_DOCUMENTS = new Set(['text/turtle', 'text/xml', 'application/xml', 'application/vnd.mapbox-vector-tile']);
/** An answer offering a media type other than JSON and those (CSV, XLSX, BibTeX, a stored file) is a download. */
const isFile = (response: Response | undefined) => Object.keys(response?.content ?? {}).some((media) => !media.includes('json') && !READ_DOCUMENTS.has(media));

/** Sent with 429 (rate limited) and 503 (busy, or the database is away). */
const RETRY_HEADERS = { 'Retry-After': integer('Seconds to wait before trying again (429 and 503)') };

/**
 * Declares the headers the answers carry, which route schemas cannot say: a read's ETag and
 * Cache-Control, a paged list's pagination headers and Link (a list is a read taking the page
 * parameter `p`), a download's Content-Disposition, and Retry-After on the error ranges. Response objects are copied: the error
 * ranges share one.
 */
export function withResponseHeaders<T extends object>(output: T): T {
  for (const item of Object.values((output as Document).paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (!operation?.responses) continue;
      const paged = operation.parameters?.some((parameter) => parameter.in === 'query' && parameter.name === 'p');
      if (method === 'get' && operation.responses['200']) addHeaders(operation, '200', paged ? { ...READ_HEADERS, ...PAGE_HEADERS } : READ_HEADERS);
      if (isFile(operation.responses['200'])) addHeaders(operation, '200', FILE_HEADERS);
      for (const range of ['4XX', '5XX']) if (operation.responses[range]) addHeaders(operation, range, RETRY_HEADERS);
    }
  }
  return output;
}

function addHeaders(operation: Operation, status: string, headers: Record<string, Header>) {
  const response = operation.responses![status]!;
  operation.responses![status] = { ...response, headers: { ...response.headers, ...headers } };
}
