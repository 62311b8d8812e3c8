import { Alert } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { flushSync } from 'react-dom';
import { ApiError } from '../lib/api-client';

/** The server's message of a failed call, next to the form that made it. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof ApiError ? (error.errorText ?? error.message) : error instanceof Error ? error.message : String(error);
  return (
    <Alert color="danger" role="alert" title={error instanceof ApiError && error.status === 429 ? 'Too many attempts' : undefined}>
      {message}
    </Alert>
  );
}

/**
 * Field errors a refusal named, keyed by field name without the "body." prefix, so a
 * form can show each beside its field. `within` strips one more level, for a form that
 * edits one part of the body (`project.title` → `title`).
 */
export function fieldErrors(error: unknown, within?: string): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const prefix = within ? `${within}.` : '';
  return Object.fromEntries(
    error.details.map((d) => {
      const field = d.field.replace(/^body\./, '');
      return [prefix && field.startsWith(prefix) ? field.slice(prefix.length) : field, d.message];
    }),
  );
}

/**
 * Puts a refusal's field errors beside their fields and moves the focus to the first on
 * the page, which brings it into view: on a phone it may be a screen away from Save.
 * (Only fields just marked invalid count: another form on the page may share a name.)
 */
export function showFieldErrors<V>(form: UseFormReturnType<V>, errors: Record<string, string | undefined>) {
  // Drawn at once, so the fields are marked before looking for the first.
  flushSync(() => form.setErrors(errors));
  const named = Object.keys(errors).filter((field) => errors[field]);
  if (!named.length) return;
  const selector = named.map((field) => `[data-path="${CSS.escape(field)}"][aria-invalid="true"]`).join(',');
  document.querySelector<HTMLElement>(selector)?.focus();
}

/**
 * A refusal to show above a form: none when every problem it names is shown beside its
 * own field (the fields the form has; "metadata." stands for all under it), so the same
 * words are not shown twice.
 */
export function unplacedError(error: unknown, fields: readonly string[]): unknown {
  const named = Object.keys(fieldErrors(error));
  return named.length > 0 && named.every((f) => fields.includes(f) || fields.some((p) => p.endsWith('.') && f.startsWith(p))) ? null : error;
}
