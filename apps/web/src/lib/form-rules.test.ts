import { DOCUMENT_NODES } from '@observatory/shared';
import { describe, expect, it } from 'vitest';
import { documentProblem, lengthCounter, lengthProblem, lengthRule } from './form-rules';

describe('length limits', () => {
  it('say text past the limit with its length, and nothing within it', () => {
    expect(lengthProblem('x'.repeat(42_000), 20_000)).toBe('42,000 characters: at most 20,000');
    expect(lengthProblem('x'.repeat(20_000), 20_000)).toBeNull();
    expect(lengthProblem(null, 10)).toBeNull();
    expect(lengthProblem('x'.repeat(50), undefined)).toBeNull();
  });

  it('count from 90% of the limit on', () => {
    expect(lengthCounter('x'.repeat(17_999), 20_000)).toBeNull();
    expect(lengthCounter('x'.repeat(19_500), 20_000)).toBe('19,500 / 20,000 characters');
    expect(lengthCounter('x'.repeat(5), undefined)).toBeNull();
  });

  it('as a form rule, refuse the length first, then ask the field’s own rule', () => {
    const rule = lengthRule(5, (v) => (v.trim() ? null : 'Give a title'));
    expect(rule('abcdef')).toBe('6 characters: at most 5');
    expect(rule('  ')).toBe('Give a title');
    expect(rule('abc')).toBeNull();
    expect(lengthRule(5)('abc')).toBeNull();
  });
});

describe('documentProblem', () => {
  const max = DOCUMENT_NODES.image.attrs.alt.max;
  const image = (alt: string) => ({ type: 'image', attrs: { asset: '0b9e6f5c-2d1a-4e3b-8c7d-6f5e4d3c2b1a', alt } });

  it('names the images, in document order, whose description is past its limit', () => {
    const doc = {
      type: 'doc',
      content: [
        image('A core'),
        { type: 'callout', attrs: { tone: 'note' }, content: [image('x'.repeat(max + 100))] },
        image('y'.repeat(max)),
        image('z'.repeat(max + 1)),
      ],
    };
    expect(documentProblem(doc)).toBe(
      `The description of image 2 is ${(max + 100).toLocaleString('en')} characters, of image 4 is ${max + 1} characters: at most ${max}. Select the image to shorten it.`,
    );
  });

  it('finds nothing in a document within its limits, or none', () => {
    expect(documentProblem({ type: 'doc', content: [image('A core')] })).toBeNull();
    expect(documentProblem(null)).toBeNull();
  });
});
