import { Alert } from '@mantine/core';
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

/** Field errors a 400 named, keyed by field name without the "body." prefix. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.details.map((d) => [d.field.replace(/^body\./, ''), d.message]));
}
