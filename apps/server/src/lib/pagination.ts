import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { FIRST_PAGE, PAGINATION_HEADERS } from '@observatory/shared';

export const PageQuerySchema = z.object({
  p: z.coerce.number().int().min(FIRST_PAGE).max(1_000_000).default(FIRST_PAGE).describe('Page number, first page 1'),
});

export interface Page {
  page: number;
  limit: number;
  offset: number;
}

export const pageOf = (p: number, limit: number): Page => ({ page: p, limit, offset: (p - 1) * limit });

/** The spec's pagination headers (current page, total count, page size) and their RFC 8288 `Link`. */
export function setPaginationHeaders(reply: FastifyReply, page: Page, total: number): void {
  reply.header(PAGINATION_HEADERS.page, String(page.page));
  reply.header(PAGINATION_HEADERS.count, String(total));
  reply.header(PAGINATION_HEADERS.limit, String(page.limit));
  reply.header('link', pageLinks(reply.request.url, page, total));
}

/**
 * first, prev, next and last of a list as RFC 8288 links: the request's own address (path and
 * every other parameter kept) with `p` set, relative to the server, so they hold behind a proxy.
 */
export function pageLinks(url: string, page: Page, total: number): string {
  const last = Math.max(FIRST_PAGE, Math.ceil(total / page.limit));
  const [path, query] = url.split('?', 2) as [string, string | undefined];
  const at = (p: number) => {
    const params = new URLSearchParams(query);
    params.set('p', String(p));
    return `<${path}?${params}>`;
  };
  const links = [`${at(FIRST_PAGE)}; rel="first"`];
  if (page.page > FIRST_PAGE) links.push(`${at(Math.min(page.page - 1, last))}; rel="prev"`);
  if (page.page < last) links.push(`${at(page.page + 1)}; rel="next"`);
  links.push(`${at(last)}; rel="last"`);
  return links.join(', ');
}

/**
 * A page whose items the database wrote as JSON text (lib/sql-json.ts jsonArrayText), as
 * `{"<key>": items}` with the pagination headers. A string passes Fastify's serializer
 * untouched, so the route's response schema documents the answer without re-reading it;
 * tests hold the two together.
 */
export function sendJsonPage(reply: FastifyReply, key: string, items: { json: string; page: Page; total: number }) {
  setPaginationHeaders(reply, items.page, items.total);
  return reply.type('application/json; charset=utf-8').send(`{${JSON.stringify(key)}:${items.json}}`);
}
