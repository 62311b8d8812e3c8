import { DocumentSchema, normalizeDocument } from '@observatory/shared';
import { describe, expect, it } from 'vitest';
import { demoDocuments } from './demo-documents.js';

describe('the demo documents', () => {
  const documents = demoDocuments();

  it('are many, from projects, updates, objects and insights', () => {
    expect(documents.length).toBeGreaterThan(30);
    expect(new Set(documents.map((d) => d.name.split(' ')[0]))).toEqual(new Set(['project', 'update', 'object', 'insight']));
  });

  it.each(documents)('$name passes the validator unchanged, in normal form', ({ doc }) => {
    const parsed = DocumentSchema.safeParse(doc);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(normalizeDocument(parsed.data!)).toEqual(normalizeDocument(doc));
  });
});
