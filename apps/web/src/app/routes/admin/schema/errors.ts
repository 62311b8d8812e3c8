import { fieldErrors } from '../../../../components/FormError';

/**
 * A refusal to show above a form: none when every problem it names is shown beside its
 * own field (the fields the form has), so the same words are not shown twice.
 */
export function unplacedError(error: unknown, fields: readonly string[]): unknown {
  const named = Object.keys(fieldErrors(error));
  return named.length > 0 && named.every((f) => fields.includes(f) || fields.some((p) => p.endsWith('.') && f.startsWith(p))) ? null : error;
}
