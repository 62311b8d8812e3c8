import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../lib/api-client';
import { GUIDE_EXAMPLES, paginationNote, runExample } from './guide';
import { listOperations } from './openapi';
import { buildTryRequest, curlFor, fillPath, needsConfirmation, requestUrl, sendTry, type TryRequest, type TryResult } from './try-it';
import { sampleDocument } from './test-document';

const operations = listOperations(sampleDocument);
const operation = (anchor: string) => operations.find((o) => o.anchor === anchor)!;

afterEach(() => {
  setAccessToken(null);
  vi.unstubAllGlobals();
});

describe('the operations of the document', () => {
  it('are read under the API root, each with its anchor', () => {
    expect(operations.map((o) => o.anchor)).toEqual(['get-/pubs', 'post-/pubs', 'delete-/pubs/{id}']);
    expect(operation('delete-/pubs/{id}')).toMatchObject({ method: 'DELETE', path: '/pubs/{id}', tag: 'publications', summary: 'Delete a publication' });
  });
});

describe('building a request from the inputs', () => {
  it('asks for a confirmation before anything but GET and HEAD', () => {
    expect(needsConfirmation('GET')).toBe(false);
    expect(needsConfirmation('head')).toBe(false);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(needsConfirmation(method)).toBe(true);
  });

  it('fills and encodes path parameters; a wildcard keeps its slashes', () => {
    expect(fillPath('/pubs/{id}', { id: 'a b/c' })).toBe('/pubs/a%20b%2Fc');
    expect(fillPath('/data/node/{path}', { path: 'water/rivers x' }, ['path'])).toBe('/data/node/water/rivers%20x');
  });

  it('leaves empty query parameters out and refuses an empty path parameter', () => {
    const built = buildTryRequest(operation('get-/pubs'), { p: ' 2 ', q: '' }, '');
    expect(built).toEqual({ request: { method: 'GET', path: '/pubs', query: { p: '2' }, accept: 'application/json' } });
    expect(buildTryRequest(operation('delete-/pubs/{id}'), {}, '')).toEqual({ error: 'Fill in id' });
  });

  it('sends the body as JSON, and says when it is not JSON', () => {
    expect(buildTryRequest(operation('post-/pubs'), {}, '{"title": "Snow"}')).toMatchObject({ request: { method: 'POST', body: { title: 'Snow' } } });
    expect(buildTryRequest(operation('post-/pubs'), {}, '{"title": ')).toMatchObject({ error: expect.stringMatching(/^The body is not JSON/) });
  });

  it('writes the curl command with $TOKEN, never a real token, and quotes for the shell', () => {
    const request: TryRequest = { method: 'POST', path: '/pubs', query: { q: "it's" }, body: { title: "O'Neil" }, accept: 'application/json' };
    setAccessToken('real-secret-token');
    const command = curlFor(request, 'https://obs.example.org', true);
    expect(command).toBe(
      [
        "curl -X POST 'https://obs.example.org/api/v1/pubs?q=it%27s'",
        '-H "Authorization: Bearer $TOKEN"',
        "-H 'Accept: application/json'",
        "-H 'Content-Type: application/json'",
        `--data '{"title":"O'\\''Neil"}'`,
      ].join(' \\\n  '),
    );
    expect(command).not.toContain('real-secret-token');
    expect(curlFor({ method: 'GET', path: '/pubs', query: {} }, 'https://obs.example.org', false)).toBe("curl 'https://obs.example.org/api/v1/pubs'");
    expect(requestUrl({ method: 'GET', path: '/pubs', query: { p: '2' } })).toBe('/api/v1/pubs?p=2');
  });
});

describe('sendTry', () => {
  it('sends with the signed-in user’s token and answers the status, the headers and the pretty body', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ publications: [] }), {
          status: 200,
          headers: { 'content-type': 'application/json', 'pagination-page': '1', 'pagination-count': '0', 'pagination-limit': '25' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    setAccessToken('access-1');
    const result = await sendTry({ method: 'GET', path: '/pubs', query: { p: '1' } });
    expect(result).toMatchObject({ status: 200, body: '{\n  "publications": []\n}', json: { publications: [] } });
    expect(result.headers).toContainEqual(['pagination-count', '0']);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/pubs?p=1');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer access-1');
  });

  it('answers an error as the status and the error body, and a failed request as no answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: 'Publication not found', code: 'NOT_FOUND', requestId: 'r1' }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const answered = await sendTry({ method: 'GET', path: '/pubs/x', query: {} });
    // As the server sent it: the request id to quote, and the headers.
    expect(answered).toMatchObject({ status: 404, json: { error: 'Publication not found', code: 'NOT_FOUND', requestId: 'r1' } });
    expect(answered.headers).toContainEqual(['content-type', 'application/json']);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await sendTry({ method: 'GET', path: '/pubs', query: {} })).toMatchObject({ status: null });
  });
});

describe('the objects guide', () => {
  const answer = (json: unknown, headers: [string, string][] = []): TryResult => ({ status: 200, durationMs: 1, headers, body: JSON.stringify(json), json });

  it('fetches an object whose name it looked up first', async () => {
    const sent: TryRequest[] = [];
    const run = await runExample(
      GUIDE_EXAMPLES.find((e) => e.id === 'fetch-object')!,
      async (request) => {
        sent.push(request);
        return answer(sent.length === 1 ? { objects: [{ name: 'davos site' }] } : { object: {} });
      },
    );
    expect(run.stopped).toBeNull();
    expect(sent.map(requestUrl)).toEqual(['/api/v1/data/obj?limit=1', '/api/v1/data/obj/davos%20site']);
  });

  it('pages through notes with p=1 then p=2, reading the pagination headers', async () => {
    const sent: TryRequest[] = [];
    const pages: [string, string][] = [
      ['pagination-page', '1'],
      ['pagination-count', '23'],
      ['pagination-limit', '20'],
    ];
    const run = await runExample(
      GUIDE_EXAMPLES.find((e) => e.id === 'notes-pages')!,
      async (request) => {
        sent.push(request);
        return answer(sent.length === 1 ? { objects: [{ name: 'davos' }] } : { notes: [] }, pages);
      },
    );
    expect(sent.map(requestUrl)).toEqual(['/api/v1/data/obj?type=property&limit=1', '/api/v1/data/obj/davos/notes?p=1', '/api/v1/data/obj/davos/notes?p=2']);
    expect(run.outcomes[1]!.note).toBe('Page 1 of 2: 23 in all, 20 a page (headers pagination-page, pagination-count, pagination-limit).');
    expect(paginationNote(answer({}))).toBeNull();
  });

  it('stops when there is nothing to look at, or at an error', async () => {
    const children = GUIDE_EXAMPLES.find((e) => e.id === 'children-geo')!;
    const empty = await runExample(children, async () => answer({ objects: [] }));
    expect(empty).toMatchObject({ outcomes: [expect.anything()], stopped: 'The catalogue has no sites you may see yet.' });
    const failed = await runExample(children, async () => ({ ...answer({}), status: 500 }));
    expect(failed.outcomes).toHaveLength(1);
    expect(failed.stopped).toMatch(/error/);
  });
});
