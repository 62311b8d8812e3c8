import { ERROR_HEADINGS } from '@observatory/shared';
import { ApiError, retryAfterWait } from './api-client';

export interface ErrorView {
  status: number | null;
  heading: string;
  /** The server's error text, otherwise the error's own message. */
  message: string;
  code: string | null;
}

/** An error as a sentence to show beside what failed: the server's text when it sent one. */
export const errorText = (error: unknown) => toErrorView(error).message || 'Something went wrong';

/**
 * Whether a failed query is asked again: after a network or server fault, twice at most.
 * A 4xx answer (not found, refused, rate-limited) will not change by asking again at once,
 * nor will "not available offline" while the browser has no network.
 */
export const retryServerFaults = (failures: number, error: unknown) =>
  !(error instanceof ApiError && ((error.status !== null && error.status < 500) || error.code === 'offline')) && failures < 2;

/**
 * How long to wait before asking again, `failures` counted before this one (as TanStack
 * Query does): what a busy server's Retry-After names (at most 5 s), spread over a further
 * second so requests refused together do not all come back at once; otherwise 1 s, then 2 s.
 */
export function retryDelay(failures: number, error: unknown): number {
  if (error instanceof ApiError && error.retryAfter !== null) return retryAfterWait(error.retryAfter);
  return 1000 * 2 ** failures;
}

export const GENERIC_ERROR_TEXT = 'Something unexpected went wrong. Please try again; if it keeps happening, tell us what you were doing.';
export const STATUS_TEXT: Record<number, string> = {
  401: 'You need to sign in to see this page.',
  403: 'You are not allowed to view this page. Check that you are signed in with the right account.',
  404: 'This page could not be found. Check the address (URL) and try again.',
};

/** The heading for a status (spec section 8): no response -> "Request Failed", unknown -> "Error". */
export function errorHeading(status: number | null): string {
  if (status === null) return 'Request Failed';
  return ERROR_HEADINGS[status] ?? 'Error';
}

export function toErrorView(error: unknown): ErrorView {
  if (error instanceof ApiError) {
    return { status: error.status, heading: errorHeading(error.status), message: error.errorText ?? error.message, code: error.code };
  }
  const status = (error as { status?: unknown })?.status;
  if (typeof status === 'number') {
    const data = (error as { data?: unknown }).data;
    return { status, heading: errorHeading(status), message: typeof data === 'string' ? data : (STATUS_TEXT[status] ?? ''), code: null };
  }
  return { status: -1, heading: 'Error', message: error instanceof Error ? error.message : String(error), code: null };
}

/**
 * Project and team style loads (spec section 8): a 404 reads "The object you requested
 * could not be found." followed by the server's error text; other errors show the
 * server's text, otherwise the error's own.
 */
export function objectLoadErrorText(error: unknown): string {
  const view = toErrorView(error);
  if (view.status === 404) {
    const serverText = error instanceof ApiError ? error.errorText : null;
    return serverText ? `The object you requested could not be found. ${serverText}` : 'The object you requested could not be found.';
  }
  return view.message;
}
