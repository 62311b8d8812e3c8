import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportPreview, ImportProgress } from '@observatory/shared';
import { ApiError, noteSession, setAccessToken } from '../../../../lib/api-client';
import { commitImport, type ImportBody } from './api';

const RESULT: ImportPreview = {
  stats: { created: 2, updated: 0, unchanged: 0, errors: 0 },
  records: [],
  total: 2,
  matching: 2,
  page: 1,
  pages: 1,
  committed: true,
};
const BODY: ImportBody = { session: '6f1c2f4e-1b1a-4b7e-9d8e-3c2a1b0f9e8d', options: { idColumn: 0 }, show: 'all', page: 1 };

function streamed(lines: string[], status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const line of lines) controller.enqueue(encoder.encode(line));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'application/x-ndjson' } });
}
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

let fetchMock: ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;

beforeEach(() => {
  noteSession(true);
  setAccessToken('token-1');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  setAccessToken(null);
  vi.unstubAllGlobals();
});

describe('commitImport', () => {
  it('asks for the stream with the token, reports each progress line and answers the result', async () => {
    fetchMock.mockResolvedValueOnce(
      streamed([
        '{"progress":{"phase":"writing","done":0,"total":2000}}\n{"progress":{"phase":"wri',
        'ting","done":1000,"total":2000}}\n',
        `{"result":${JSON.stringify(RESULT)}}\n`,
      ]),
    );
    const seen: ImportProgress[] = [];
    await expect(commitImport('objects', BODY, (p) => seen.push(p))).resolves.toEqual(RESULT);
    expect(seen).toEqual([
      { phase: 'writing', done: 0, total: 2000 },
      { phase: 'writing', done: 1000, total: 2000 },
    ]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/data/import/objects');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer token-1');
    expect(headers.get('accept')).toContain('application/x-ndjson');
    expect(JSON.parse(String(init?.body))).toEqual(BODY);
  });

  it('throws an error line as the error of its code', async () => {
    fetchMock.mockResolvedValueOnce(
      streamed([
        '{"progress":{"phase":"writing","done":0,"total":10}}\n',
        '{"error":{"error":"The database is busy","code":"UNAVAILABLE","requestId":"r1"}}\n',
      ]),
    );
    const error = await commitImport('observations', BODY, () => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'UNAVAILABLE', errorText: 'The database is busy' });
  });

  it('throws a refusal before the stream as the client does, with its details and wait', async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        {
          error: '2 records have errors: nothing was imported. Row 3: bad',
          code: 'VALIDATION_FAILED',
          details: [{ field: 'records.3.1', message: 'Row 3: bad' }],
          requestId: 'r',
        },
        400,
      ),
    );
    await expect(commitImport('objects', BODY, () => {})).rejects.toMatchObject({ status: 400, details: [{ field: 'records.3.1', message: 'Row 3: bad' }] });
  });

  it('sends a commit turned away by a busy server once more after its wait, and throws a second refusal with the wait', async () => {
    vi.useFakeTimers();
    try {
      const busy = () => json({ error: 'Busy', code: 'UNAVAILABLE', requestId: 'r' }, 503, { 'retry-after': '7' });
      fetchMock.mockResolvedValueOnce(busy()).mockResolvedValueOnce(busy());
      const refused = commitImport('objects', BODY, () => {}).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(6100);
      expect(await refused).toMatchObject({ status: 503, retryAfter: 7 });
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(new Headers(fetchMock.mock.calls[1]![1]?.headers).get('idempotency-key')).toBe(
        new Headers(fetchMock.mock.calls[0]![1]?.headers).get('idempotency-key'),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('refreshes the session on a 401 and asks again', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ error: 'Expired', code: 'UNAUTHENTICATED', requestId: 'r' }, 401))
      .mockResolvedValueOnce(json({ access_token: 'token-2', token_type: 'Bearer', expires_in: 900 }))
      .mockResolvedValueOnce(streamed([`{"result":${JSON.stringify(RESULT)}}`]));
    await expect(commitImport('object_rels', BODY, () => {})).resolves.toEqual(RESULT);
    expect(String(fetchMock.mock.calls[1]![0])).toBe('/api/v1/auth/refresh');
    expect(new Headers(fetchMock.mock.calls[2]![1]?.headers).get('authorization')).toBe('Bearer token-2');
  });

  it('reads a plain JSON answer (a commit that wrote nothing streams nothing)', async () => {
    fetchMock.mockResolvedValueOnce(json(RESULT));
    await expect(commitImport('objects', BODY, () => {})).resolves.toEqual(RESULT);
  });

  it('says the end is unknown when the stream stops without a result', async () => {
    fetchMock.mockResolvedValueOnce(streamed(['{"progress":{"phase":"writing","done":0,"total":10}}\n']));
    await expect(commitImport('objects', BODY, () => {})).rejects.toThrow(/without a result/);
  });
});
