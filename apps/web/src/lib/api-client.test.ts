import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  ApiError,
  hasAccessToken,
  newIdempotencyKey,
  onSessionChange,
  noteSession,
  refreshSession,
  request,
  requestStream,
  sendForm,
  setAccessToken,
} from './api-client';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) } });

const errorBody = (status: number, error: string, code: string) => json({ error, code, requestId: 'req-1' }, { status });

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;
const unsubscribers: (() => void)[] = [];

function listen() {
  const listener = vi.fn<(signedIn: boolean) => void>();
  unsubscribers.push(onSessionChange(listener));
  return listener;
}

/** The URL, method, headers and body of the nth fetch call. */
function call(n: number) {
  const [input, init = {}] = fetchMock.mock.calls[n] ?? [];
  return { url: String(input), method: init.method, headers: new Headers(init.headers), body: init.body, init };
}

const urls = () => fetchMock.mock.calls.map(([input]) => String(input));
const refreshCalls = () => fetchMock.mock.calls.filter(([input]) => String(input) === '/api/v1/auth/refresh');

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

beforeEach(() => {
  setAccessToken(null);
  noteSession(true);
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  unsubscribers.splice(0).forEach((off) => off());
  setAccessToken(null);
  vi.unstubAllGlobals();
});

describe('request: JSON and the Bearer token', () => {
  it('sends JSON, parses JSON and adds no authorization header without a token', async () => {
    fetchMock.mockResolvedValueOnce(json({ id: 7, title: 'Saved' }, { status: 201 }));

    const data = await api.post<{ id: number; title: string }>('/projects', { title: 'New', tags: ['a'] });

    expect(data).toEqual({ id: 7, title: 'Saved' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const sent = call(0);
    expect(sent.url).toBe('/api/v1/projects');
    expect(sent.method).toBe('POST');
    expect(sent.init.credentials).toBe('same-origin');
    expect(sent.headers.get('content-type')).toBe('application/json');
    expect(sent.headers.get('accept')).toBe('application/json');
    expect(sent.headers.has('authorization')).toBe(false);
    expect(JSON.parse(String(sent.body))).toEqual({ title: 'New', tags: ['a'] });
  });

  it('sends no body and no content-type on a GET', async () => {
    fetchMock.mockResolvedValueOnce(json([]));

    await api.get('/projects');

    const sent = call(0);
    expect(sent.method).toBe('GET');
    expect(sent.body).toBeUndefined();
    expect(sent.headers.has('content-type')).toBe(false);
  });

  it('uploads a file as multipart in the part "file", leaving the content type to the browser', async () => {
    fetchMock.mockResolvedValueOnce(json({ ok: true }));
    setAccessToken('tok');
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' });

    await api.upload('/people/ada/photo', file);

    const sent = call(0);
    expect(sent.method).toBe('PUT');
    expect(sent.headers.has('content-type')).toBe(false);
    expect(sent.headers.get('authorization')).toBe('Bearer tok');
    expect((sent.body as FormData).get('file')).toBe(file);
  });

  it('adds the Bearer header once setAccessToken is set, and drops it when cleared', async () => {
    fetchMock.mockImplementation(async () => json({ ok: true }));

    setAccessToken('token-1');
    expect(hasAccessToken()).toBe(true);
    await api.get('/me');
    expect(call(0).headers.get('authorization')).toBe('Bearer token-1');

    setAccessToken(null);
    expect(hasAccessToken()).toBe(false);
    await api.get('/me');
    expect(call(1).headers.has('authorization')).toBe(false);
  });

  it('tells session listeners when the token is set and cleared, until they unsubscribe', () => {
    const listener = vi.fn<(signedIn: boolean) => void>();
    const off = onSessionChange(listener);
    setAccessToken('t');
    setAccessToken(null);
    off();
    setAccessToken('again');
    expect(listener.mock.calls).toEqual([[true], [false]]);
  });
});

describe('request: refresh on 401', () => {
  it('refreshes once through POST /auth/refresh and retries the original request with the new token', async () => {
    setAccessToken('old');
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/v1/auth/refresh') return json({ access_token: 'new', token_type: 'Bearer', expires_in: 900 });
      const auth = new Headers(init?.headers).get('authorization');
      return auth === 'Bearer new' ? json({ id: 1 }) : errorBody(401, 'Token expired', 'UNAUTHENTICATED');
    });

    const data = await api.put<{ id: number }>('/projects/1', { title: 'x' });

    expect(data).toEqual({ id: 1 });
    expect(urls()).toEqual(['/api/v1/projects/1', '/api/v1/auth/refresh', '/api/v1/projects/1']);
    expect(call(1).method).toBe('POST');
    expect(call(1).init.credentials).toBe('same-origin');
    expect(call(0).headers.get('authorization')).toBe('Bearer old');
    expect(call(2).headers.get('authorization')).toBe('Bearer new');
    expect(call(2).method).toBe('PUT');
    expect(JSON.parse(String(call(2).body))).toEqual({ title: 'x' });
    expect(hasAccessToken()).toBe(true);
  });

  it('does not refresh a second time when the retried request is also 401', async () => {
    setAccessToken('old');
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/v1/auth/refresh' ? json({ access_token: 'new' }) : errorBody(401, 'Still no', 'UNAUTHENTICATED'),
    );

    const error = await api.get('/me').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(refreshCalls()).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('makes concurrent 401s share one refresh call', async () => {
    setAccessToken('old');
    const refreshAnswer = deferred<Response>();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/v1/auth/refresh') return refreshAnswer.promise;
      const auth = new Headers(init?.headers).get('authorization');
      return auth === 'Bearer new' ? json({ url: String(input) }) : errorBody(401, 'Token expired', 'UNAUTHENTICATED');
    });

    const first = api.get<{ url: string }>('/projects');
    const second = api.get<{ url: string }>('/people');
    const third = api.get<{ url: string }>('/sites');
    // Let every request receive its 401 and ask for a refresh before the refresh answers.
    await vi.waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(4));
    await new Promise((r) => setTimeout(r, 10));
    expect(refreshCalls()).toHaveLength(1);

    refreshAnswer.resolve(json({ access_token: 'new' }));
    await expect(Promise.all([first, second, third])).resolves.toEqual([{ url: '/api/v1/projects' }, { url: '/api/v1/people' }, { url: '/api/v1/sites' }]);
    expect(refreshCalls()).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(7);
  });

  it('starts a new refresh for a later 401 once the shared one has finished', async () => {
    setAccessToken('a');
    let issued = 0;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/v1/auth/refresh') return json({ access_token: `fresh-${++issued}` });
      const auth = new Headers(init?.headers).get('authorization');
      return auth === `Bearer fresh-${issued}` && issued > 0 ? json({ ok: true }) : errorBody(401, 'Expired', 'UNAUTHENTICATED');
    });

    await api.get('/me');
    setAccessToken('stale');
    await api.get('/me');

    expect(refreshCalls()).toHaveLength(2);
  });

  it('clears the token when the refresh fails and rejects with ApiError 401', async () => {
    setAccessToken('old');
    const listener = listen();
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/v1/auth/refresh' ? errorBody(401, 'Session expired', 'UNAUTHENTICATED') : errorBody(401, 'Token expired', 'UNAUTHENTICATED'),
    );

    const error = await api.get('/me').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', errorText: 'Token expired', message: 'Token expired' });
    expect(hasAccessToken()).toBe(false);
    expect(listener.mock.calls).toEqual([[false]]);
    // The original request is not retried after a failed refresh.
    expect(urls()).toEqual(['/api/v1/me', '/api/v1/auth/refresh']);
  });

  it('keeps the session when a refresh cannot reach the server: the request fails, no one is signed out', async () => {
    setAccessToken('old');
    const listener = listen();
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/v1/auth/refresh') throw new TypeError('Failed to fetch');
      return errorBody(401, 'Token expired', 'UNAUTHENTICATED');
    });

    await expect(api.get('/me')).rejects.toMatchObject({ name: 'ApiError', status: null, message: 'Request Failed' });
    expect(hasAccessToken()).toBe(true);
    expect(listener).not.toHaveBeenCalled();
  });

  it('answers too many refreshes as a 429 with the wait, never as a sign-out', async () => {
    setAccessToken('old');
    const listener = listen();
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/v1/auth/refresh'
        ? json({ error: 'Too many attempts; try again in 42 s', code: 'RATE_LIMITED' }, { status: 429, headers: { 'retry-after': '42' } })
        : errorBody(401, 'Token expired', 'UNAUTHENTICATED'),
    );

    const error = await api.get('/me').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 429, code: 'RATE_LIMITED', retryAfter: 42, errorText: 'Too many attempts; try again in 42 s' });
    expect(listener).not.toHaveBeenCalled();
    // The session is still there to refresh once the wait is over.
    fetchMock.mockResolvedValueOnce(json({ access_token: 'later' }));
    expect(await refreshSession()).toBe(true);
  });

  it('lets a request wait for a session being restored, then sends the new token', async () => {
    const refreshAnswer = deferred<Response>();
    fetchMock.mockImplementation(async (input) => (String(input) === '/api/v1/auth/refresh' ? refreshAnswer.promise : json({ ok: true })));
    const restoring = refreshSession();
    const call = request('GET', '/teams/t1');
    await Promise.resolve();
    expect(urls()).toEqual(['/api/v1/auth/refresh']);
    refreshAnswer.resolve(json({ access_token: 'restored' }));
    await restoring;
    await call;
    const sent = fetchMock.mock.calls.find(([input]) => String(input) === '/api/v1/teams/t1')!;
    expect((sent[1]!.headers as Record<string, string>).authorization).toBe('Bearer restored');
  });

  it('asks for no refresh when no session was kept (a visitor, or signed in without "keep me signed in")', async () => {
    noteSession(false);
    fetchMock.mockResolvedValue(errorBody(401, 'Sign in', 'UNAUTHENTICATED'));
    await expect(request('GET', '/me')).rejects.toMatchObject({ status: 401 });
    expect(await refreshSession()).toBe(false);
    expect(refreshCalls()).toHaveLength(0);
  });

  it('forgets the kept session when the refresh cookie is refused', async () => {
    fetchMock.mockResolvedValue(errorBody(401, 'Your session has ended', 'UNAUTHENTICATED'));
    expect(await refreshSession()).toBe(false);
    expect(await refreshSession()).toBe(false);
    expect(refreshCalls()).toHaveLength(1);
  });

  it.each(['/auth/login', '/auth/refresh', '/auth/logout'])('does not try a refresh for %s', async (path) => {
    fetchMock.mockResolvedValue(errorBody(401, 'Wrong email or password', 'UNAUTHENTICATED'));

    const error = await api.post(path, { email: 'a@example.org', password: 'x' }).catch((e: unknown) => e);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(call(0).url).toBe(`/api/v1${path}`);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, errorText: 'Wrong email or password' });
  });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('Idempotency-Key: one per POST, the same on its retry', () => {
  it('sends a key of its own with every POST, and none with GET, PUT or DELETE', async () => {
    fetchMock.mockImplementation(async () => json({}));
    await api.post('/data/obj/a/notes', { content: 'One' });
    await api.post('/data/obj/a/notes', { content: 'Two' });
    await api.get('/data/obj/a');
    await api.put('/data/obj/a', { title: 'A' });
    await api.del('/data/obj/a');
    const keys = fetchMock.mock.calls.map((_, n) => call(n).headers.get('idempotency-key'));
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toMatch(UUID);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys.slice(2)).toEqual([null, null, null]);
  });

  it('sends the same key again when it retries after refreshing the session', async () => {
    setAccessToken('old');
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/v1/auth/refresh') return json({ access_token: 'new', token_type: 'Bearer', expires_in: 900 });
      const auth = new Headers(init?.headers).get('authorization');
      return auth === 'Bearer new' ? json({ id: 1 }, { status: 201 }) : errorBody(401, 'Token expired', 'UNAUTHENTICATED');
    });

    await api.post('/data/obj/a/notes', { content: 'Once' });

    expect(urls()).toEqual(['/api/v1/data/obj/a/notes', '/api/v1/auth/refresh', '/api/v1/data/obj/a/notes']);
    expect(call(0).headers.get('idempotency-key')).toMatch(UUID);
    expect(call(2).headers.get('idempotency-key')).toBe(call(0).headers.get('idempotency-key'));
    expect(call(1).headers.has('idempotency-key')).toBe(false);
  });

  it('sends a key with a streamed POST (an import commit)', async () => {
    fetchMock.mockResolvedValueOnce(json({}));
    await requestStream('POST', '/data/import/objects', { body: { session: 's' } });
    expect(call(0).headers.get('idempotency-key')).toMatch(UUID);
  });

  it('makes a UUID without crypto.randomUUID (a page not served over https)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (b: Uint8Array) => real.getRandomValues(b) });
    const keys = [newIdempotencyKey(), newIdempotencyKey()];
    vi.unstubAllGlobals();
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).not.toBe(keys[0]);
  });
});

describe('a write turned away by a busy server (503 with Retry-After)', () => {
  const busy = () => errorBody(503, 'The database is busy with a long job; please try again shortly', 'UNAVAILABLE');
  const busyFor = (seconds: string) => {
    const res = busy();
    res.headers.set('retry-after', seconds);
    return res;
  };

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is sent once more after the wait named, with the same If-Match', async () => {
    fetchMock.mockResolvedValueOnce(busyFor('2')).mockResolvedValueOnce(new Response(null, { status: 204 }));
    const done = api.del('/data/node/climate', { version: 3 });
    await vi.advanceTimersByTimeAsync(1900);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1200);
    await expect(done).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(call(1).headers.get('if-match')).toBe('"3"');
  });

  it('sends a POST again with the same Idempotency-Key, so the server carries it out once', async () => {
    fetchMock.mockResolvedValueOnce(busyFor('1')).mockResolvedValueOnce(json({ id: 1 }, { status: 201 }));
    const done = api.post('/data/obj/a/notes', { content: 'Once' });
    await vi.advanceTimersByTimeAsync(2100);
    await expect(done).resolves.toEqual({ id: 1 });
    expect(call(1).headers.get('idempotency-key')).toBe(call(0).headers.get('idempotency-key'));
  });

  it('waits at most 5 s whatever the server names, and a second refusal is the error', async () => {
    fetchMock.mockImplementation(async () => busyFor('120'));
    const done = api.put('/data/node/climate', { title: 'Climate' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(6100);
    const error = await done;
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(error).toMatchObject({ status: 503, code: 'UNAVAILABLE', retryAfter: 120 });
  });

  it('leaves reads to their queries, and a 503 without Retry-After is the error at once', async () => {
    fetchMock.mockImplementation(async () => busyFor('1'));
    await expect(api.get('/data/node/climate')).rejects.toMatchObject({ status: 503 });
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => busy());
    await expect(api.del('/data/node/climate')).rejects.toMatchObject({ status: 503, retryAfter: null });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stops waiting when the write is called off', async () => {
    fetchMock.mockResolvedValueOnce(busyFor('3'));
    const controller = new AbortController();
    const done = request('DELETE', '/data/node/climate', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await done).toMatchObject({ name: 'AbortError' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not wait at all when the write was called off while the refusal came back', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(async () => {
      controller.abort();
      return busyFor('3');
    });
    const done = request('DELETE', '/data/node/climate', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(await done).toMatchObject({ name: 'AbortError' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('lets go of the signal once the wait is over', async () => {
    fetchMock.mockResolvedValueOnce(busyFor('1')).mockResolvedValueOnce(new Response(null, { status: 204 }));
    const controller = new AbortController();
    const removed = vi.spyOn(controller.signal, 'removeEventListener');
    const done = request('DELETE', '/data/node/climate', { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(2100);
    await done;
    expect(removed).toHaveBeenCalledWith('abort', expect.any(Function));
  });
});

describe('request: errors', () => {
  it('normalises an error response to ApiError with status, code, the server text and details', async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        { error: 'Title is required', code: 'VALIDATION_FAILED', details: [{ field: 'body.title', message: 'Required' }], requestId: 'r' },
        { status: 400, statusText: 'Bad Request' },
      ),
    );

    const error = await api.post('/projects', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    const apiError = error as ApiError;
    expect(apiError.name).toBe('ApiError');
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('VALIDATION_FAILED');
    expect(apiError.errorText).toBe('Title is required');
    expect(apiError.message).toBe('Title is required');
    expect(apiError.details).toEqual([{ field: 'body.title', message: 'Required' }]);
  });

  it('falls back to the status text for a non-JSON error body', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } }),
    );

    const error = await api.get('/projects').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: null, errorText: null, message: 'Bad Gateway', details: [] });
  });

  it('falls back to a message naming the status when there is neither JSON nor status text', async () => {
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 500 }));

    const error = await api.get('/projects').catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 500, code: null, errorText: null, message: 'Request failed with status 500' });
  });

  it('ignores a JSON error body without a string error field', async () => {
    fetchMock.mockResolvedValueOnce(json({ error: { nested: true } }, { status: 503, statusText: 'Service Unavailable' }));

    const error = await api.get('/projects').catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 503, errorText: null, message: 'Service Unavailable' });
  });

  it('gives ApiError status null and "Request Failed" when fetch throws', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    const error = await api.get('/projects').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: null, code: null, errorText: null, message: 'Request Failed' });
  });

  it('passes an abort through unchanged', async () => {
    const controller = new AbortController();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockRejectedValueOnce(abort);

    const error = await api.get('/projects', undefined, controller.signal).catch((e: unknown) => e);

    expect(call(0).init.signal).toBe(controller.signal);
    expect(error).toBe(abort);
    expect(error).not.toBeInstanceOf(ApiError);
  });
});

describe('request: pagination, query and empty answers', () => {
  it('reads the pagination headers', async () => {
    fetchMock.mockResolvedValueOnce(json([{ id: 1 }], { headers: { 'pagination-page': '3', 'pagination-count': '57', 'pagination-limit': '20' } }));

    const res = await api.page<{ id: number }[]>('/projects', { page: 3 });

    expect(res).toEqual({ data: [{ id: 1 }], pagination: { page: 3, count: 57, limit: 20 } });
  });

  it('answers pagination null when the headers are absent', async () => {
    fetchMock.mockResolvedValueOnce(json([{ id: 1 }]));

    const res = await request<{ id: number }[]>('GET', '/projects');

    expect(res.data).toEqual([{ id: 1 }]);
    expect(res.pagination).toBeNull();
  });

  it('encodes query parameters and drops null and undefined', async () => {
    fetchMock.mockResolvedValueOnce(json([]));

    await api.get('/projects', { q: 'sea ice & snow/100%', page: 2, draft: false, empty: '', site: null, owner: undefined });

    const sent = call(0).url;
    const [path, qs] = sent.split('?');
    expect(path).toBe('/api/v1/projects');
    const params = new URLSearchParams(qs);
    expect([...params.keys()]).toEqual(['q', 'page', 'draft', 'empty']);
    expect(params.get('q')).toBe('sea ice & snow/100%');
    expect(params.get('page')).toBe('2');
    expect(params.get('draft')).toBe('false');
    expect(params.get('empty')).toBe('');
    // Reserved characters are encoded, not sent raw.
    expect(qs).not.toContain(' ');
    expect(qs).not.toContain('&snow');
    expect(qs).toContain('q=sea+ice+%26+snow%2F100%25');
  });

  it('adds no "?" when every query value is dropped', async () => {
    fetchMock.mockResolvedValueOnce(json([]));

    await api.get('/projects', { site: null, owner: undefined });

    expect(call(0).url).toBe('/api/v1/projects');
  });

  it('answers null for a 204', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));

    await expect(api.del('/projects/1')).resolves.toBeNull();
    expect(call(0).method).toBe('DELETE');
  });
});

/** Just enough of XMLHttpRequest: each instance answers with the next scripted reply. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  static replies: { status: number; body: unknown; progress?: [number, number][] }[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  private listeners: Record<string, (() => void)[]> = {};
  private uploadListeners: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void)[] = [];
  upload = {
    addEventListener: (_type: string, fn: (e: { lengthComputable: boolean; loaded: number; total: number }) => void) => this.uploadListeners.push(fn),
  };
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  addEventListener(type: string, fn: () => void) {
    (this.listeners[type] ??= []).push(fn);
  }
  abort() {
    this.aborted = true;
    this.listeners.abort?.forEach((fn) => fn());
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
    const reply = FakeXhr.replies.shift();
    setTimeout(() => {
      if (this.aborted) return;
      if (!reply) return this.listeners.error?.forEach((fn) => fn());
      for (const [loaded, total] of reply.progress ?? []) this.uploadListeners.forEach((fn) => fn({ lengthComputable: true, loaded, total }));
      this.status = reply.status;
      this.responseText = JSON.stringify(reply.body);
      this.listeners.load?.forEach((fn) => fn());
    }, 0);
  }
}

describe('sendForm: uploads with progress', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    FakeXhr.replies = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  const form = () => {
    const body = new FormData();
    body.append('name', 'Core depths');
    body.append('file', new File(['a,b\n1,2\n'], 'cores.csv', { type: 'text/csv' }));
    return body;
  };

  it('POSTs the form with the Bearer token, reports progress and answers the JSON', async () => {
    setAccessToken('tok');
    FakeXhr.replies.push({
      status: 201,
      body: { id: 'f1', name: 'Core depths' },
      progress: [
        [50, 200],
        [200, 200],
      ],
    });
    const progress: number[] = [];
    const body = form();

    const data = await api.postForm<{ id: string }>('/projects/p/files', body, (f) => progress.push(f));

    expect(data).toEqual({ id: 'f1', name: 'Core depths' });
    expect(FakeXhr.sent).toHaveLength(1);
    const [sent] = FakeXhr.sent;
    expect([sent!.method, sent!.url]).toEqual(['POST', '/api/v1/projects/p/files']);
    expect(sent!.headers).toEqual({ accept: 'application/json', authorization: 'Bearer tok', 'idempotency-key': expect.stringMatching(UUID) });
    expect(sent!.body).toBe(body);
    expect(progress).toEqual([0.25, 1]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('turns an error answer into ApiError with the server text (a 413 names the limit)', async () => {
    FakeXhr.replies.push({
      status: 413,
      body: {
        error: 'The file is larger than the limit of 100 MB (104857600 bytes)',
        code: 'PAYLOAD_TOO_LARGE',
        details: [{ field: 'file', message: 'At most 104857600 bytes' }],
      },
    });

    const error = await api.postForm('/projects/p/files', form()).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      errorText: 'The file is larger than the limit of 100 MB (104857600 bytes)',
      details: [{ field: 'file', message: 'At most 104857600 bytes' }],
    });
  });

  it('refreshes once on a 401 and sends the form again with the new token', async () => {
    setAccessToken('old');
    fetchMock.mockResolvedValueOnce(json({ access_token: 'new', token_type: 'Bearer', expires_in: 900 }));
    FakeXhr.replies.push({ status: 401, body: { error: 'Token expired', code: 'UNAUTHENTICATED' } }, { status: 201, body: { version: 2 } });

    await expect(sendForm('POST', '/projects/p/files/f/version', form())).resolves.toEqual({ version: 2 });

    expect(urls()).toEqual(['/api/v1/auth/refresh']);
    expect(FakeXhr.sent.map((x) => x.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
    // One upload: its retry under the same Idempotency-Key.
    const [first, retry] = FakeXhr.sent.map((x) => x.headers['idempotency-key']);
    expect(first).toMatch(UUID);
    expect(retry).toBe(first);
  });

  it('answers "Request Failed" when the upload cannot reach the server, and passes an abort through', async () => {
    await expect(sendForm('POST', '/x', form())).rejects.toMatchObject({ name: 'ApiError', status: null, message: 'Request Failed' });
    const controller = new AbortController();
    FakeXhr.replies.push({ status: 201, body: {} });
    const pending = sendForm('POST', '/x', form(), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('api.blob: a file with the session', () => {
  it('sends the token and answers the body as a Blob, whatever its type', async () => {
    setAccessToken('tok');
    fetchMock.mockResolvedValueOnce(new Response('name,title\na,A\n', { headers: { 'content-type': 'text/csv' } }));
    const blob = await api.blob('/data/obj', { format: 'csv', limit: 1000 });
    expect(call(0)).toMatchObject({ url: '/api/v1/data/obj?format=csv&limit=1000' });
    expect(call(0).headers.get('authorization')).toBe('Bearer tok');
    expect(call(0).headers.get('accept')).toBe('*/*');
    expect(await blob.text()).toBe('name,title\na,A\n');
  });

  it('turns a refusal into an ApiError like any other call', async () => {
    fetchMock.mockResolvedValueOnce(errorBody(400, 'limit must be at most 1000', 'VALIDATION_FAILED'));
    await expect(api.blob('/data/obj', { limit: 5000 })).rejects.toMatchObject({ status: 400, errorText: 'limit must be at most 1000' });
  });
});
