import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkContent, conflictingMarks, DOCUMENT_MARKS, DOCUMENT_NODES, normalizeDocument } from './document-nodes.js';
import { DOCUMENT_SAMPLE } from './document-sample.js';
import { DocumentSchema } from './documents.js';
import { documentText } from './document-text.js';

const doc = (...content: unknown[]) => ({ type: 'doc', content });
const para = (text: string, marks?: unknown[]) => ({ type: 'paragraph', content: [{ type: 'text', text, ...(marks ? { marks } : {}) }] });
const item = (...content: unknown[]) => ({ type: 'listItem', content });
const issues = (value: unknown) => {
  const r = DocumentSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the document list', () => {
  it('accepts a document holding every node and mark it lists', () => {
    expect(issues(DOCUMENT_SAMPLE)).toEqual([]);
    const types = new Set<string>();
    const walk = (n: { type: string; content?: unknown[]; marks?: { type: string }[] }) => {
      types.add(n.type);
      n.marks?.forEach((m) => types.add(m.type));
      (n.content as (typeof n)[] | undefined)?.forEach(walk);
    };
    walk(DOCUMENT_SAMPLE);
    expect([...types].sort()).toEqual([...Object.keys(DOCUMENT_NODES), ...Object.keys(DOCUMENT_MARKS)].sort());
  });

  it('drops attributes it does not know (a link keeps only its href)', () => {
    const parsed = DocumentSchema.parse(doc(para('x', [{ type: 'link', attrs: { href: 'mailto:a@b.org', target: '_blank', onclick: 'evil()' } }])));
    expect(parsed.content![0]).toEqual(para('x', [{ type: 'link', attrs: { href: 'mailto:a@b.org' } }]));
  });

  it('refuses javascript: and data: links, naming the place', () => {
    expect(issues(doc(para('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])))).toEqual([
      'content.0.content.0.marks.0.attrs.href: Links must start with http://, https://, mailto: or a single / (a path of this site)',
    ]);
    expect(issues(doc(para('x', [{ type: 'link', attrs: { href: ' data:text/html,<script>' } }])))).toHaveLength(1);
  });

  it('refuses unknown nodes and marks, naming them', () => {
    expect(issues(doc({ type: 'video', attrs: { src: 'https://x' } }))).toEqual(['content.0.type: Unknown node "video"']);
    expect(issues(doc(para('x', [{ type: 'textStyle', attrs: { style: 'x' } }])))).toEqual(['content.0.content.0.marks.0.type: Unknown mark "textStyle"']);
    expect(issues(doc({ type: 'html', content: '<script>' }))).toEqual(['content.0.type: Unknown node "html"']);
    expect(issues({ type: 'notadoc' })).toEqual(['type: A document is a node of type "doc"']);
  });

  it('refuses attributes outside their rule', () => {
    expect(issues(doc({ type: 'heading', attrs: { level: 9 }, content: [] }))).toEqual(['content.0.attrs.level: Too big: expected number to be <=6']);
    expect(issues(doc({ type: 'codeBlock', attrs: { language: 'x'.repeat(41) } }))).toHaveLength(1);
  });

  it('refuses nodes where the list does not allow them, as the editor would', () => {
    expect(issues(doc({ type: 'bulletList', content: [item({ type: 'heading', attrs: { level: 2 } })] }))).toEqual([
      'content.0.content.0.content.0: A listItem needs a paragraph here, not heading (it holds paragraph block*)',
    ]);
    expect(issues(doc({ type: 'paragraph', content: [para('inside')] }))).toEqual([
      'content.0.content.0: A paragraph cannot hold a paragraph here (it holds inline*)',
    ]);
    expect(issues(doc({ type: 'text', text: 'loose' }))).toEqual(['content.0: A doc needs at least one block here, not text (it holds block+)']);
    expect(issues(doc({ type: 'blockquote', content: [] }))).toEqual(['content.0: A blockquote needs at least one block here (it holds block+)']);
    expect(issues(doc())).toEqual([': A document holds at least one block (send null for no document)']);
    expect(issues(doc({ type: 'horizontalRule', content: [para('x')] }))).toEqual([]); // content of a leaf is dropped
  });

  it('refuses marks that cannot go together or where text carries none', () => {
    expect(issues(doc(para('x', [{ type: 'bold' }, { type: 'code' }])))).toEqual(['content.0.content.0.marks: The marks bold and code cannot be combined']);
    expect(issues(doc(para('x', [{ type: 'italic' }, { type: 'italic' }])))).toEqual(['content.0.content.0.marks: The mark italic is given twice']);
    expect(issues(doc({ type: 'codeBlock', content: [{ type: 'text', text: 'x', marks: [{ type: 'bold' }] }] }))).toEqual([
      'content.0.content.0.marks: Text in a codeBlock carries no marks',
    ]);
  });

  it('refuses a hostile nesting depth without overflowing the stack', () => {
    let deep: unknown = para('bottom');
    for (let i = 0; i < 50_000; i++) deep = { type: 'blockquote', content: [deep] };
    expect(issues(doc(deep))).toEqual([': The document nests too deeply']);
  });

  it('takes an image by its asset id only, never by an address', () => {
    const asset = '0b9e6f5c-2d1a-4e3b-8c7d-6f5e4d3c2b1a';
    expect(DocumentSchema.parse(doc({ type: 'image', attrs: { asset, src: 'https://tracker.example/pixel.gif', title: 'x' } })).content![0]).toEqual({
      type: 'image',
      attrs: { asset },
    });
    expect(issues(doc({ type: 'image', attrs: { src: 'https://tracker.example/pixel.gif' } }))).toEqual([
      'content.0.attrs.asset: Invalid input: expected string, received undefined',
    ]);
    expect(issues(doc({ type: 'image', attrs: { asset: 'https://tracker.example/pixel.gif' } }))).toEqual(['content.0.attrs.asset: Invalid UUID']);
    expect(issues(doc({ type: 'image', attrs: { asset, alt: 'x'.repeat(501) } }))).toEqual([
      'content.0.attrs.alt: Too big: expected string to have <=500 characters',
    ]);
    expect(issues(doc({ type: 'image' }))).toEqual(['content.0.attrs: Invalid input: expected object, received undefined']);
  });

  it('takes callouts of the listed tones only', () => {
    const callout = (attrs: unknown) => doc({ type: 'callout', attrs, content: [para('Mind the thaw')] });
    expect(issues(callout({ tone: 'tip' }))).toEqual([]);
    expect(issues(doc({ type: 'callout', content: [para('No tone: a note')] }))).toEqual([]);
    expect(issues(callout({ tone: 'danger' }))).toEqual(['content.0.attrs.tone: Invalid option: expected one of "info"|"tip"|"warning"']);
    expect(issues(doc({ type: 'callout', attrs: { tone: 'tip' }, content: [] }))).toEqual([
      'content.0: A callout needs at least one block here (it holds block+)',
    ]);
  });

  it('takes tables of rows of header and data cells holding blocks', () => {
    const cell = (type: string, attrs?: unknown) => ({ type, ...(attrs ? { attrs } : {}), content: [para('x')] });
    const table = (...rows: unknown[][]) => doc({ type: 'table', content: rows.map((content) => ({ type: 'tableRow', content })) });
    expect(
      issues(table([cell('tableHeader'), cell('tableHeader')], [cell('tableHeader'), cell('tableCell', { colspan: 1, rowspan: 2, colwidth: [120] })])),
    ).toEqual([]);
    expect(issues(table([para('loose')]))).toEqual(['content.0.content.0.content.0: A tableRow needs at least one cell here, not paragraph (it holds cell+)']);
    expect(issues(table([cell('tableCell', { colspan: 0 })]))).toEqual(['content.0.content.0.content.0.attrs.colspan: Too small: expected number to be >=1']);
    expect(issues(table([cell('tableCell', { rowspan: 51 })]))).toEqual(['content.0.content.0.content.0.attrs.rowspan: Too big: expected number to be <=50']);
    expect(issues(doc({ type: 'table', content: [cell('tableCell')] }))).toEqual([
      'content.0.content.0: A table needs at least one tableRow here, not tableCell (it holds tableRow+)',
    ]);
    expect(issues(table([{ type: 'tableCell', content: [] }]))).toEqual([
      'content.0.content.0.content.0: A tableCell needs at least one block here (it holds block+)',
    ]);
    expect(issues(doc({ type: 'tableRow', content: [cell('tableCell')] }))).toEqual([
      'content.0: A doc needs at least one block here, not tableRow (it holds block+)',
    ]);
    // A cell's width is the page's to choose: it is not kept.
    expect(DocumentSchema.parse(table([cell('tableCell', { colwidth: [120] })])).content![0]).toEqual({
      type: 'table',
      content: [{ type: 'tableRow', content: [{ type: 'tableCell', attrs: {}, content: [para('x')] }] }],
    });
  });

  it('has a JSON Schema for the API description', () => {
    expect(() => z.toJSONSchema(DocumentSchema, { io: 'input', unrepresentable: 'any' })).not.toThrow();
  });
});

describe('content expressions and marks', () => {
  it('matches sequences with quantifiers over names and groups', () => {
    expect(checkContent('listItem', ['paragraph', 'bulletList', 'codeBlock'])).toBeNull();
    expect(checkContent('listItem', [])).toMatchObject({ index: 0 });
    expect(checkContent('bulletList', ['listItem', 'paragraph'])).toMatchObject({ index: 1 });
    expect(checkContent('codeBlock', ['text', 'hardBreak'])).toMatchObject({ index: 1 });
    expect(checkContent('horizontalRule', [])).toBeNull();
    expect(checkContent('horizontalRule', ['text'])).toMatchObject({ index: 0, message: 'A horizontalRule cannot hold a text here (it holds nothing)' });
  });

  it('lets code stand alone and every mark appear once', () => {
    expect(conflictingMarks(['link', 'bold', 'italic', 'subscript'])).toBeNull();
    expect(conflictingMarks(['code', 'link'])).toEqual(['code', 'link']);
    expect(conflictingMarks(['code'])).toBeNull();
  });
});

describe('normalizeDocument', () => {
  it('fills defaults, drops unknown attributes, orders marks, joins texts and drops empty lists', () => {
    expect(
      normalizeDocument({
        type: 'doc',
        content: [
          { type: 'heading', content: [] },
          {
            type: 'paragraph',
            attrs: { textAlign: 'left' },
            content: [
              { type: 'text', text: 'a', marks: [{ type: 'bold' }, { type: 'link', attrs: { href: 'https://x.org', target: '_blank' } }] },
              { type: 'text', text: 'b', marks: [{ type: 'link', attrs: { href: 'https://x.org' } }, { type: 'bold' }] },
            ],
          },
          { type: 'orderedList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [] }] }] },
          { type: 'codeBlock' },
        ],
      }),
    ).toEqual({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 } },
        { type: 'paragraph', content: [{ type: 'text', text: 'ab', marks: [{ type: 'link', attrs: { href: 'https://x.org' } }, { type: 'bold' }] }] },
        { type: 'orderedList', attrs: { start: 1 }, content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }] },
        { type: 'codeBlock', attrs: { language: null } },
      ],
    });
  });
});

describe('documentText', () => {
  it('joins inline runs, separates blocks, and reads into lists and quotes', () => {
    const value = doc(
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Pollen ' },
          { type: 'text', text: 'cores', marks: [{ type: 'bold' }] },
        ],
      },
      { type: 'bulletList', content: [item(para('one')), item(para('two'))] },
    );
    expect(documentText(DocumentSchema.parse(value))).toBe('Pollen cores\n\none two');
    expect(documentText(null)).toBe('');
  });

  it('reads tables cell by cell, callouts, and an image’s description', () => {
    const cell = (text: string) => ({ type: 'tableCell', content: [para(text)] });
    const value = doc(
      {
        type: 'table',
        content: [
          { type: 'tableRow', content: [cell('Site'), cell('Depth')] },
          { type: 'tableRow', content: [cell('Abisko'), cell('10 cm')] },
        ],
      },
      { type: 'callout', attrs: { tone: 'warning' }, content: [para('Weigh the cores first.')] },
      { type: 'image', attrs: { asset: '0b9e6f5c-2d1a-4e3b-8c7d-6f5e4d3c2b1a', alt: 'A soil core' } },
      { type: 'image', attrs: { asset: '0b9e6f5c-2d1a-4e3b-8c7d-6f5e4d3c2b1a' } },
      { type: 'callout', content: [{ type: 'image', attrs: { asset: '0b9e6f5c-2d1a-4e3b-8c7d-6f5e4d3c2b1a' } }, para('After')] },
    );
    expect(documentText(DocumentSchema.parse(value))).toBe('Site Depth Abisko 10 cm\n\nWeigh the cores first.\n\nA soil core\n\nAfter');
  });
});
