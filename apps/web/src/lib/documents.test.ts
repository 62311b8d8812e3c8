import { describe, expect, it } from 'vitest';
import { docToText, textToDoc } from './documents';

describe('plain-text documents', () => {
  it('turns paragraphs into a ProseMirror document and back', () => {
    const doc = textToDoc('First paragraph.\n\nSecond one,\nwith a line break.\n\n\n');
    expect(doc).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'First paragraph.' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Second one,\nwith a line break.' }] },
      ],
    });
    expect(docToText(doc)).toBe('First paragraph.\n\nSecond one,\nwith a line break.');
  });
  it('answers null for empty text', () => {
    expect(textToDoc('  \n \n')).toBeNull();
    expect(docToText(null)).toBe('');
  });
});
