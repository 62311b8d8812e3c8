import { describe, expect, it } from 'vitest';
import { metadataProblems } from './object-body';

describe('a refused save in Site Admin', () => {
  it('lists the metadata problems of a refusal in the server’s words, the others left to their fields', () => {
    expect(
      metadataProblems({
        title: 'Give a title',
        'metadata.elevation': 'must be number (Site)',
        'metadata.bogus': 'is not a field of Site',
        metadata: 'must be object',
      }),
    ).toEqual(['elevation: must be number (Site)', 'bogus: is not a field of Site', 'must be object']);
  });
});
