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

/** The spec's pagination headers: current page, total count, page size. */
export function setPaginationHeaders(reply: FastifyReply, page: Page, total: number): void {
  reply.header(PAGINATION_HEADERS.page, String(page.page));
  reply.header(PAGINATION_HEADERS.count, String(total));
  reply.header(PAGINATION_HEADERS.limit, String(page.limit));
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
