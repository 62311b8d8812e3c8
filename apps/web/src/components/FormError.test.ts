import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { fieldErrors, unplacedError } from './FormError';

const refusal = (...fields: string[]) =>
  new ApiError(
    400,
    'VALIDATION_FAILED',
    'Refused',
    'Refused',
    fields.map((field) => ({ field, message: `${field} is wrong` })),
  );

describe('a refusal beside its fields', () => {
  it('names each field without "body."', () => {
    expect(fieldErrors(refusal('body.title', 'body.metadata.depth'))).toEqual({
      title: 'body.title is wrong',
      'metadata.depth': 'body.metadata.depth is wrong',
    });
  });

  it('is shown above the form only when a problem has no field there', () => {
    const fields = ['title', 'slug', 'metadata.'];
    expect(unplacedError(refusal('body.title', 'body.metadata.depth'), fields)).toBeNull();
    const elsewhere = refusal('body.title', 'body.parent');
    expect(unplacedError(elsewhere, fields)).toBe(elsewhere);
    const unnamed = new ApiError(409, 'CONFLICT', 'In use', 'In use');
    expect(unplacedError(unnamed, fields)).toBe(unnamed);
    expect(unplacedError(null, fields)).toBeNull();
  });
});
