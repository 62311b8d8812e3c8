import { API_ROOT, PAGINATION_HEADERS, type ErrorDetail, type TokenResponse } from '@observatory/shared';

/** Every failed call becomes one of these: status null means no response at all. */
export class ApiError extends Error {
  constructor(
    readonly status: number | null,
    readonly code: string | null,
    /** The server's error text, when it sent one. */
    readonly errorText: string | null,
    message: string,
    readonly details: ErrorDetail[] = [],
    /** Seconds to wait before asking again (a 429's Retry-After). */
    readonly retryAfter: number | null = null,
    /** The answer as it came: its parsed body (the error, its request id) and headers, for the API reference's try-it panel. */
    readonly answer: { body: unknown; headers: [string, string][] } | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface Pagination {
  page: number;
  count: number;
  limit: number;
}

export interface ApiResponse<T> {
  data: T;
  pagination: Pagination | null;
}

type Query = Record<string, string | number | boolean | null | undefined>;

/** The access token lives in memory only; the refresh cookie is httpOnly. */
let accessToken: string | null = null;
let refreshing: Promise<boolean> | null = null;
const listeners = new Set<(signedIn: boolean) => void>();

export function setAccessToken(token: string | null): void {
  accessToken = token;
  listeners.forEach((listener) => listener(!!token));
}

export const hasAccessToken = () => !!accessToken;

/** Told when the session starts or ends (e.g. a refresh that failed). */
export function onSessionChange(listener: (signedIn: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const SESSION = 'observatory:session';

/**
 * Notes whether a refresh cookie may exist (after any sign-in: kept for 60 days, or for
 * as long as the browser is open). The cookie itself is httpOnly; without this note every
 * visitor's page load would ask for a refresh that cannot succeed.
 */
export function noteSession(active: boolean): void {
  try {
    if (active) localStorage.setItem(SESSION, '1');
    else localStorage.removeItem(SESSION);
  } catch {
    // storage unavailable (private mode): sessions simply end with the page
  }
}

function mayHaveSession(): boolean {
  try {
    return localStorage.getItem(SESSION) === '1';
  } catch {
    return false;
  }
}

/**
 * Exchanges the refresh cookie for a new access token; concurrent callers share one call.
 * False when there is no session (a 401 ends it). Anything else, a 429 above all, is thrown
 * as an ApiError: too many refreshes or a server fault is not a sign-out.
 */
export function refreshSession(): Promise<boolean> {
  if (!mayHaveSession()) return Promise.resolve(false);
  refreshing ??= fetch(`${API_ROOT}/auth/refresh`, { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then(
      async (res) => {
        if (res.status === 401) {
          noteSession(false);
          return false;
        }
        if (!res.ok) throw await toApiError(res);
        setAccessToken(((await res.json()) as TokenResponse).access_token);
        return true;
      },
      () => {
        throw new ApiError(null, null, null, 'Request Failed');
      },
    )
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function readPagination(headers: Headers): Pagination | null {
  const page = headers.get(PAGINATION_HEADERS.page);
  if (page === null) return null;
  return {
    page: Number(page),
    count: Number(headers.get(PAGINATION_HEADERS.count) ?? 0),
    limit: Number(headers.get(PAGINATION_HEADERS.limit) ?? 0),
  };
}

async function toApiError(res: Response): Promise<ApiError> {
  const raw = await res.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // not JSON: keep the status text
  }
  const body = (parsed && typeof parsed === 'object' ? parsed : {}) as { error?: unknown; code?: string; details?: ErrorDetail[] };
  const text = typeof body.error === 'string' ? body.error : null;
  const retryAfter = Number(res.headers.get('retry-after'));
  const answer = { body: parsed ?? raw, headers: [...res.headers.entries()] };
  return new ApiError(
    res.status,
    body.code ?? null,
    text,
    text ?? (res.statusText || `Request failed with status ${res.status}`),
    body.details ?? [],
    retryAfter > 0 ? retryAfter : null,
    answer,
  );
}

function url(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) params.set(key, String(value));
  const qs = params.toString();
  return `${API_ROOT}${path}${qs ? `?${qs}` : ''}`;
}

/**
 * The address of an API call (under the API root, empty values left out), for a plain link:
 * a public file download. A link sends no token, so it is answered as to a visitor.
 */
export const apiUrl = (path: string, query?: Query): string => url(path, query);

const NO_RETRY = ['/auth/login', '/auth/refresh', '/auth/logout'];

/**
 * A new Idempotency-Key (docs/api.md "Idempotency-Key"): a random UUID. crypto.randomUUID
 * exists only in a secure context (https, localhost); elsewhere (a plain-http address on
 * the local network) the same 122 random bits come from crypto.getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Every POST carries a key of its own, made once per call: its retry after a refresh sends the same, so the server carries it out once. */
const idempotencyHeaders = (method: string): Record<string, string> => (method === 'POST' ? { 'idempotency-key': newIdempotencyKey() } : {});

type RequestOptions = { body?: unknown; query?: Query; signal?: AbortSignal; accept?: string; headers?: Record<string, string> };

/**
 * A write based on a version of its resource (docs/api.md "Versions and conditional
 * writes"): sent as If-Match, so a resource changed meanwhile answers 412 and nothing is
 * lost; `overwriteOf`, with the current version as `version`, overwrites knowingly.
 */
export interface Conditional {
  version?: number | undefined;
  overwriteOf?: number | undefined;
}

/** A busy server's Retry-After is waited at most this long before asking again. */
const RETRY_AFTER_MAX_MS = 5000;

/**
 * How long to wait on a busy server's Retry-After (in seconds): what it names, at most 5 s,
 * spread over a further second so requests turned away together do not all come back at once.
 */
export const retryAfterWait = (seconds: number): number => Math.min(seconds * 1000, RETRY_AFTER_MAX_MS) + Math.random() * 1000;

/**
 * A write the server turned away unstarted (503 with Retry-After: its database was too
 * busy to take the job) is sent once more after the wait. That is safe: a POST carries
 * its Idempotency-Key (a 5xx answer is not kept against it), and a PUT or DELETE is
 * idempotent, its If-Match still guarding the version. Reads are asked again by their queries.
 */
const resendsWhenBusy = (method: string, res: Response) => method !== 'GET' && res.status === 503 && Number(res.headers.get('retry-after')) > 0;

/** Waits ms, or rejects with the abort's reason as soon as the signal is aborted (at once if it already is). */
const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const aborted = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    signal?.addEventListener('abort', aborted, { once: true });
  });

const conditionalHeaders = ({ version, overwriteOf }: Conditional = {}): Record<string, string> => ({
  ...(version !== undefined ? { 'if-match': `"${version}"` } : {}),
  ...(overwriteOf !== undefined ? { 'overwrite-of': `"${overwriteOf}"` } : {}),
});

/** Answers kept on this device for reading with no network (lib/kept/store.ts). */
export interface KeptAnswers {
  /** The kept answer of a GET, for when the network does not answer. */
  answer(url: string): Promise<Response | null>;
  /** A GET answered 2xx (its own copy): kept fresh, or taken by a keep being read. */
  answered(url: string, res: Response): void;
  /** A GET answered 404 or 410: what was kept of it is deleted. */
  gone(url: string): Promise<void>;
}

/** Where kept answers come from: loaded only when the device's user kept something (the first visit's budget). */
let keptSource: { active: () => boolean; load: () => Promise<KeptAnswers> } | null = null;
let keptLoaded: KeptAnswers | null = null;

export function setKeptAnswers(source: typeof keptSource): void {
  keptSource = source;
  keptLoaded = null;
}

const keptAnswers = async (): Promise<KeptAnswers | null> => (keptSource?.active() ? (keptLoaded ??= await keptSource.load()) : null);

/** Ready for a keep to take the answers its reads get (lib/kept/store.ts `keep`). */
export const keptReady = async (): Promise<void> => void (await keptAnswers());

/** What answers a GET no network answered: a kept answer, else "not available offline" when the browser knows it is. */
async function answerOffline(address: string): Promise<Response> {
  const kept = await (await keptAnswers().catch(() => null))?.answer(address).catch(() => null);
  if (kept) return kept;
  if (!navigator.onLine) {
    throw new ApiError(null, 'offline', 'Not available offline: nothing of this is kept on this device.', 'Not available offline');
  }
  throw new ApiError(null, null, null, 'Request Failed');
}

/** Tells the kept answers what the server answered a GET. */
function noteAnswered(address: string, res: Response) {
  if (!keptSource?.active()) return;
  if (res.ok && keptLoaded) keptLoaded.answered(address, res.clone());
  else if (res.ok) {
    const copy = res.clone();
    void keptAnswers().then((kept) => kept?.answered(address, copy));
  } else if (res.status === 404 || res.status === 410) void keptAnswers().then((kept) => kept?.gone(address));
}

/**
 * One call with the Bearer token, its answer as it came. On a 401 it refreshes the session
 * once through the cookie and retries; a refresh that fails ends the session. A status
 * other than 2xx is thrown as an ApiError (its JSON body read).
 */
async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  // A form (a file upload) goes as multipart: the browser sets its content type and boundary.
  const form = options.body instanceof FormData;
  const keyed = idempotencyHeaders(method);
  const once = () =>
    fetch(url(path, options.query), {
      method,
      credentials: 'same-origin',
      headers: {
        accept: options.accept ?? 'application/json',
        ...(options.body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
        ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
        ...keyed,
        ...options.headers,
      },
      ...(options.body !== undefined ? { body: form ? (options.body as FormData) : JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  let res: Response;
  try {
    // A session being restored: wait for its token rather than ask as a visitor.
    if (refreshing && !NO_RETRY.includes(path)) await refreshing;
    res = await once();
    if (res.status === 401 && !NO_RETRY.includes(path)) {
      if (await refreshSession()) res = await once();
      else if (accessToken) setAccessToken(null);
    }
    if (resendsWhenBusy(method, res)) {
      await pause(retryAfterWait(Number(res.headers.get('retry-after'))), options.signal);
      res = await once();
    }
  } catch (err) {
    if ((err instanceof DOMException && err.name === 'AbortError') || err instanceof ApiError) throw err;
    if (method === 'GET') return answerOffline(url(path, options.query));
    throw new ApiError(null, null, null, 'Request Failed');
  }
  if (method === 'GET') noteAnswered(url(path, options.query), res);
  if (!res.ok) throw await toApiError(res);
  return res;
}

/**
 * JSON in and out with the Bearer token. On a 401 it refreshes the session once
 * through the cookie and retries; a refresh that fails ends the session.
 */
export async function request<T>(method: string, path: string, options: RequestOptions & { as?: 'json' | 'blob' } = {}): Promise<ApiResponse<T>> {
  const res = await send(method, path, options);
  const data = (res.status === 204 ? null : options.as === 'blob' ? await res.blob() : await res.json()) as T;
  return { data, pagination: readPagination(res.headers) };
}

/**
 * A call whose answer is read as it comes (a streamed import commit): the response itself,
 * its body unread. The token, the refresh on a 401 and the errors before the answer
 * starts (a status other than 2xx) are those of `request`.
 */
export const requestStream = (method: string, path: string, options: RequestOptions = {}): Promise<Response> => send(method, path, options);

/**
 * Sends a form (a file upload) with XMLHttpRequest, which, unlike fetch, reports how much
 * of the body has gone: `onProgress` gets a fraction from 0 to 1. The token, the refresh
 * on a 401 and the errors are those of `request`.
 */
export async function sendForm<T>(
  method: string,
  path: string,
  form: FormData,
  options: { onProgress?: ((fraction: number) => void) | undefined; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  const keyed = { ...idempotencyHeaders(method), ...options.headers };
  const send = () =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(method, url(path));
      xhr.setRequestHeader('accept', 'application/json');
      if (accessToken) xhr.setRequestHeader('authorization', `Bearer ${accessToken}`);
      for (const [name, value] of Object.entries(keyed)) xhr.setRequestHeader(name, value);
      xhr.upload.addEventListener('progress', (e) => {
        if (e.lengthComputable && e.total > 0) options.onProgress?.(Math.min(e.loaded / e.total, 1));
      });
      xhr.addEventListener('load', () =>
        resolve(new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText })),
      );
      xhr.addEventListener('error', () => reject(new ApiError(null, null, null, 'Request Failed')));
      xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
      options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  if (refreshing) await refreshing;
  let res = await send();
  if (res.status === 401) {
    if (await refreshSession()) {
      options.onProgress?.(0);
      res = await send();
    } else if (accessToken) setAccessToken(null);
  }
  if (!res.ok) throw await toApiError(res);
  return (res.status === 204 ? null : await res.json()) as T;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, ...(signal ? { signal } : {}) }).then((r) => r.data),
  page: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, ...(signal ? { signal } : {}) }),
  /** A file (an export) with the caller's session, as a Blob: what a plain link cannot send. */
  blob: (path: string, query?: Query, accept = '*/*') => request<Blob>('GET', path, { query, accept, as: 'blob' }).then((r) => r.data),
  /** POST JSON, under an Idempotency-Key of its own. */
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }).then((r) => r.data),
  /** PUT; with a version, a conditional write (see Conditional). */
  put: <T>(path: string, body?: unknown, conditional?: Conditional) =>
    request<T>('PUT', path, { body, headers: conditionalHeaders(conditional) }).then((r) => r.data),
  /** PUT one file as multipart, in the part named `file`. */
  upload: <T>(path: string, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return request<T>('PUT', path, { body }).then((r) => r.data);
  },
  /** POST a form (fields first, the file in the part `file`) with upload progress; see sendForm. */
  postForm: <T>(path: string, form: FormData, onProgress?: (fraction: number) => void) => sendForm<T>('POST', path, form, onProgress ? { onProgress } : {}),
  del: <T>(path: string, conditional?: Conditional) => request<T>('DELETE', path, { headers: conditionalHeaders(conditional) }).then((r) => r.data),
};
