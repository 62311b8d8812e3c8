import { vi } from 'vitest';

/** One request the screens made: its method, path (without /api/v1), body, and the headers of a conditional write. */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  ifMatch: string | null;
  overwriteOf: string | null;
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A page of a list: the items and their pagination headers. */
export const page = (body: unknown, count: number, limit = 50) =>
  json(body, 200, { 'pagination-page': '1', 'pagination-count': String(count), 'pagination-limit': String(limit) });

/** The 412 of a write based on an older version: the resource is at `version` now, saved by Grace. */
export const changedMeanwhile = (version: number) =>
  json(
    {
      error: `Changed meanwhile by Grace Hopper (now version ${version}); nothing was saved`,
      code: 'PRECONDITION_FAILED',
      current: {
        version,
        updatedAt: '2026-11-28T14:02:00.000Z',
        updatedBy: { id: '99999999-9999-4999-8999-999999999999', slug: 'grace', name: 'Grace Hopper' },
      },
    },
    412,
  );

/**
 * Stubs `fetch` with a fake server: `answer` answers each call (undefined: a 404), and
 * every call is kept. The test unstubs it (vi.unstubAllGlobals) after.
 */
export function fakeFetch(answer: (call: Call) => Response | undefined | Promise<Response | undefined>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://x');
      const headers = new Headers(init?.headers);
      const text = typeof init?.body === 'string' ? init.body : undefined;
      const call: Call = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api\/v1/, ''),
        query: url.searchParams,
        body: text ? JSON.parse(text) : undefined,
        ifMatch: headers.get('if-match'),
        overwriteOf: headers.get('overwrite-of'),
      };
      calls.push(call);
      return (await answer(call)) ?? json({ error: 'Not found', code: 'NOT_FOUND' }, 404);
    }),
  );
  return {
    calls,
    /** The calls that write (every one but GET). */
    writes: () => calls.filter((c) => c.method !== 'GET'),
  };
}
