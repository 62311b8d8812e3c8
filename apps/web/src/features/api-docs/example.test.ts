import { describe, expect, it } from 'vitest';
import { exampleJson, exampleOf } from './example';
import { sampleDocument as doc } from './test-document';

const example = (schema: Parameters<typeof exampleOf>[1], properties?: 'required' | 'all') => exampleOf(doc, schema, properties ? { properties } : {});

describe('exampleOf', () => {
  it('takes an enum’s first value, a constant, a default and a schema’s own example', () => {
    expect(example({ type: 'string', enum: ['article', 'book'] })).toBe('article');
    expect(example({ type: 'string', const: 'doc' })).toBe('doc');
    expect(example({ type: 'integer', minimum: 1, default: 1 })).toBe(1);
    expect(example({ type: 'string', examples: ['Dietze, Michael C.'] })).toBe('Dietze, Michael C.');
  });

  it('writes the formats the document uses as valid values', () => {
    expect(example({ type: 'string', format: 'uuid' })).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.isNaN(Date.parse(example({ type: 'string', format: 'date-time' }) as string))).toBe(false);
    expect(example({ type: 'string', format: 'date' })).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(example({ type: 'string', format: 'email' })).toContain('@');
  });

  it('keeps strings within their lengths and numbers within their bounds', () => {
    expect((example({ type: 'string', minLength: 10 }) as string).length).toBe(10);
    expect(example({ type: 'string', maxLength: 2 })).toHaveLength(2);
    expect(example({ type: 'string', minLength: 1, maxLength: 300 })).toBe('text');
    expect(example({ type: 'integer', minimum: 1600, maximum: 9999 })).toBe(1600);
    expect(example({ type: 'integer', exclusiveMinimum: 0 })).toBe(1);
    expect(example({ type: 'number', maximum: -5 })).toBe(-5);
    expect(example({ type: 'boolean' })).toBe(true);
  });

  it('fills arrays with one item (or as many as they need), tuples member by member', () => {
    expect(example({ type: 'array', items: { type: 'string', enum: ['a'] } })).toEqual(['a']);
    expect(example({ type: 'array', minItems: 2, items: { type: 'integer' } })).toEqual([0, 0]);
    expect(
      example({
        type: 'array',
        prefixItems: [
          { type: 'number', minimum: 8.5 },
          { type: 'number', minimum: 46.8 },
        ],
      }),
    ).toEqual([8.5, 46.8]);
  });

  it('reads a nullable value as its non-null type', () => {
    expect(example({ anyOf: [{ type: 'integer', minimum: 1600 }, { type: 'null' }] })).toBe(1600);
    expect(example({ type: ['string', 'null'], format: 'uuid' })).toBe('3fa85f64-5717-4562-b3fc-2c963f66afa6');
  });

  it('fills only the required properties of a request body, every property of an answer', () => {
    const body = doc.paths['/api/v1/pubs']!.post!.requestBody!.content!['application/json']!.schema!;
    expect(example(body, 'required')).toEqual({ title: 'text', type: 'article' });
    const answer = doc.paths['/api/v1/pubs']!.post!.responses!['201']!.content!['application/json']!.schema!;
    expect(example(answer, 'all')).toEqual({
      id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      title: 'text',
      type: 'article',
      year: 1600,
      createdAt: '2025-06-01T12:00:00Z',
    });
  });

  it('ends a schema that holds itself with an empty list', () => {
    expect(example({ $ref: '#/components/schemas/DocumentNode' })).toEqual({ type: 'doc', content: [] });
  });

  it('is shown as indented JSON', () => {
    expect(exampleJson({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(exampleJson(undefined)).toBe('null');
  });
});
