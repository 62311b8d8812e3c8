import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DocumentSchema, documentText } from './documents';

const doc = (...content: unknown[]) => ({ type: 'doc', content });
const para = (text: string, marks?: unknown[]) => ({ type: 'paragraph', content: [{ type: 'text', text, ...(marks ? { marks } : {}) }] });
const issues = (value: unknown) => {
  const r = DocumentSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the document allowlist', () => {
  it('accepts what the editor makes: headings, lists, quotes, code, marks and safe links', () => {
    const value = doc(
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Methods' }] },
      para('Cores were taken ', [{ type: 'bold' }]),
      { type: 'bulletList', content: [{ type: 'listItem', content: [para('one')] }, { type: 'listItem', content: [{ type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [para('nested')] }] }] }] },
      { type: 'blockquote', content: [para('quoted')] },
      { type: 'codeBlock', attrs: { language: 'r' }, content: [{ type: 'text', text: 'x <- 1' }] },
      { type: 'horizontalRule' },
      { type: 'paragraph', content: [{ type: 'text', text: 'see', marks: [{ type: 'link', attrs: { href: 'https://doi.org/10.1000/1' } }] }, { type: 'hardBreak' }] },
      { type: 'paragraph' },
    );
    expect(issues(value)).toEqual([]);
  });

  it('drops attributes it does not know (a link keeps only its href)', () => {
    const parsed = DocumentSchema.parse(doc(para('x', [{ type: 'link', attrs: { href: 'mailto:a@b.org', target: '_blank', onclick: 'evil()' } }])));
    expect(parsed.content![0]).toEqual(para('x', [{ type: 'link', attrs: { href: 'mailto:a@b.org' } }]));
  });

  it('refuses javascript: and data: links, naming the place', () => {
    expect(issues(doc(para('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])))).toEqual([
      'content.0.content.0.marks.0.attrs.href: Links must start with http://, https:// or mailto:',
    ]);
    expect(issues(doc(para('x', [{ type: 'link', attrs: { href: ' data:text/html,<script>' } }])))).toHaveLength(1);
  });

  it('refuses unknown nodes and marks (raw HTML, images, iframes)', () => {
    expect(issues(doc({ type: 'html', content: '<script>' }))).not.toEqual([]);
    expect(issues(doc({ type: 'image', attrs: { src: 'https://x' } }))).not.toEqual([]);
    expect(issues(doc(para('x', [{ type: 'textStyle', attrs: { style: 'x' } }])))).not.toEqual([]);
    expect(issues({ type: 'notadoc' })).not.toEqual([]);
  });

  it('refuses a hostile nesting depth without overflowing the stack', () => {
    let deep: unknown = para('bottom');
    for (let i = 0; i < 50_000; i++) deep = { type: 'blockquote', content: [deep] };
    expect(issues(doc(deep))).toEqual([': The document nests too deeply']);
  });

  it('has a JSON Schema for the API description', () => {
    expect(() => z.toJSONSchema(DocumentSchema, { io: 'input', unrepresentable: 'any' })).not.toThrow();
  });
});

describe('documentText', () => {
  it('joins inline runs, separates blocks, and reads into lists and quotes', () => {
    const value = doc(
      { type: 'paragraph', content: [{ type: 'text', text: 'Pollen ' }, { type: 'text', text: 'cores', marks: [{ type: 'bold' }] }] },
      { type: 'bulletList', content: [{ type: 'listItem', content: [para('one')] }, { type: 'listItem', content: [para('two')] }] },
    );
    expect(documentText(DocumentSchema.parse(value))).toBe('Pollen cores\n\none two');
    expect(documentText(null)).toBe('');
  });
});
