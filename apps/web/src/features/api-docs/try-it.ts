import { API_ROOT } from '@observatory/shared';
import { ApiError, requestStream } from '../../lib/api-client';
import { curlCommand } from '../../lib/curl';
import type { Operation } from './openapi';

/** A call as the try-it panel sends it: the path is under the API root, the values are filled in. */
export interface TryRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
  /** What to ask the server for: the operation's first answer type. */
  accept?: string;
}

export interface TryResult {
  /** Null when no answer came at all. */
  status: number | null;
  durationMs: number;
  headers: [string, string][];
  /** The answer as text to show: JSON pretty-printed. */
  body: string;
  /** The answer read as JSON, when it was JSON. */
  json: unknown;
}

/** GET and HEAD only read; anything else may change data, so it is sent after a confirmation. */
export const needsConfirmation = (method: string) => !['GET', 'HEAD'].includes(method.toUpperCase());

/** Fills a path's parameters, each encoded; a wildcard (`x-wildcard`: a node's path) keeps its slashes. */
export function fillPath(path: string, values: Record<string, string>, wildcards: readonly string[] = []): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name]?.trim() ?? '';
    return wildcards.includes(name) ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
}

const wildcardsOf = (operation: Operation) => operation.parameters.filter((p) => p.wildcard).map((p) => p.name);

/**
 * The request the panel's inputs describe, or why it cannot be sent: a path parameter
 * left empty, a body that is not JSON. Empty query parameters are left out.
 */
export function buildTryRequest(operation: Operation, values: Record<string, string>, bodyText: string): { request: TryRequest } | { error: string } {
  const missing = operation.parameters.find((p) => p.in === 'path' && !values[p.name]?.trim());
  if (missing) return { error: `Fill in ${missing.wildcard ? 'the path' : missing.name}` };
  const query: Record<string, string> = {};
  for (const p of operation.parameters) if (p.in === 'query' && values[p.name]?.trim()) query[p.name] = values[p.name]!.trim();
  const request: TryRequest = { method: operation.method, path: fillPath(operation.path, values, wildcardsOf(operation)), query };
  const accept = operation.responses.find((r) => r.status.startsWith('2'))?.media[0]?.mediaType;
  if (accept && accept !== '*/*') request.accept = accept;
  if (operation.requestBody && needsConfirmation(operation.method) && bodyText.trim()) {
    try {
      request.body = JSON.parse(bodyText);
    } catch (err) {
      return { error: `The body is not JSON: ${err instanceof Error ? err.message : String(err)}` };
    }
  }
  return { request };
}

/** The address the request goes to, on this site. */
export function requestUrl(request: TryRequest): string {
  const qs = new URLSearchParams(request.query).toString();
  return `${API_ROOT}${request.path}${qs ? `?${qs}` : ''}`;
}

/** The same request with curl; the token is written $TOKEN, never the real one. */
export const curlFor = (request: TryRequest, origin: string, withToken: boolean) =>
  curlCommand({ method: request.method, url: origin + requestUrl(request), accept: request.accept, body: request.body, withToken });

/** Past this much text the answer is cut: the page stays quick. */
const MAX_SHOWN = 200_000;

async function readBody(res: Response): Promise<{ body: string; json: unknown }> {
  const type = res.headers.get('content-type') ?? '';
  if (res.status === 204 || res.status === 304) return { body: '', json: undefined };
  if (/^(image|audio|video)\/|octet-stream|pdf|zip/.test(type)) {
    const size = (await res.blob()).size;
    return { body: `(${size} bytes of ${type})`, json: undefined };
  }
  const text = await res.text();
  if (type.includes('json')) {
    try {
      const json: unknown = JSON.parse(text);
      return { body: cut(JSON.stringify(json, null, 2)), json };
    } catch {
      // not JSON after all: shown as it came
    }
  }
  return { body: cut(text), json: undefined };
}

const cut = (text: string) => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}\n… (cut: ${text.length} characters in all)` : text);

/**
 * Sends the request through the app's API client: with the signed-in user's token (a
 * visitor's goes without), refreshed once on a 401. An error answer is shown as the
 * server sent it: its status, headers and body (the error, its code, details and request id).
 */
export async function sendTry(request: TryRequest): Promise<TryResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const res = await requestStream(request.method, request.path, {
      query: request.query,
      ...(request.body !== undefined ? { body: request.body } : {}),
      accept: request.accept ?? 'application/json, */*;q=0.5',
    });
    const { body, json } = await readBody(res);
    const headers = [...res.headers.entries()].sort(([a], [b]) => a.localeCompare(b));
    return { status: res.status, durationMs: elapsed(), headers, body, json };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === null) {
      return { status: null, durationMs: elapsed(), headers: [], body: 'No answer: the request did not reach the server.', json: undefined };
    }
    // The answer as the server sent it (its requestId too); the client's reading when it kept none.
    const json = err.answer?.body ?? { error: err.errorText ?? err.message, code: err.code, ...(err.details.length ? { details: err.details } : {}) };
    const headers = [...(err.answer?.headers ?? [])].sort(([a], [b]) => a.localeCompare(b));
    return {
      status: err.status,
      durationMs: elapsed(),
      headers,
      body: typeof json === 'string' ? cut(json) : JSON.stringify(json, null, 2),
      json: typeof json === 'string' ? undefined : json,
    };
  }
}
