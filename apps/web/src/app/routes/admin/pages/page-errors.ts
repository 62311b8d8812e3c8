import { fieldErrors } from '../../../../components/FormError';
import { ApiError } from '../../../../lib/api-client';

/**
 * A refused page write as the form's field errors: what the server named (body.path,
 * body.title), and a conflict that names no field (a taken path) at the path, where it is
 * put right.
 */
export function pageFieldErrors(error: unknown): Record<string, string> {
  const named = fieldErrors(error);
  if (error instanceof ApiError && error.status === 409 && !Object.keys(named).length) return { path: error.errorText ?? error.message };
  return named;
}

/** A refusal to show above the form: none when each problem it names is shown at one of `fields`. */
export function unplacedPageError(error: unknown, fields: readonly string[]): unknown {
  const named = Object.keys(pageFieldErrors(error));
  return named.length > 0 && named.every((f) => fields.includes(f) || fields.some((p) => p.endsWith('.') && f.startsWith(p))) ? null : error;
}
