import { describe, expect, it } from 'vitest';
import { previewFields } from './preview';

describe('the preview of a schema draft', () => {
  it('makes the fields the object forms would show', () => {
    const preview = previewFields(
      { type: 'object', properties: { soil: { type: 'string', title: 'Soil' }, depth: { type: 'number', 'x-unit': 'cm' } }, required: ['soil'] },
      'Draft',
    );
    expect(preview.fields?.map((f) => [f.key, f.kind, f.label, f.required, f.unit])).toEqual([
      ['soil', 'text', 'Soil', true, null],
      ['depth', 'number', 'depth', false, 'cm'],
    ]);
  });

  it('answers a reason, never throws, for what the form builder cannot read', () => {
    const preview = previewFields({ type: 'object', properties: { a: { type: 'string', title: 5 } } }, 'Draft');
    expect(preview.fields).toBeNull();
    expect(preview.error).toEqual(expect.any(String));
  });

  it('has no fields for a schema without properties', () => {
    expect(previewFields({ type: 'object' }, 'Draft')).toEqual({ fields: [], error: null });
  });
});
