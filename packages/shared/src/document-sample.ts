import type { ProseMirrorDoc } from './documents.js';

const text = (
  value: string,
  ...marks: ({ type: 'bold' | 'italic' | 'strike' | 'underline' | 'code' | 'subscript' | 'superscript' } | { type: 'link'; attrs: { href: string } })[]
) => (marks.length ? { type: 'text' as const, text: value, marks } : { type: 'text' as const, text: value });
const para = (...content: ReturnType<typeof text>[]) => ({ type: 'paragraph' as const, content });
const item = (...content: NonNullable<ProseMirrorDoc['content']>) => ({ type: 'listItem' as const, content });
const cell = (type: 'tableHeader' | 'tableCell', value: string, attrs?: { colspan?: number; rowspan?: number }) => ({
  type,
  ...(attrs ? { attrs } : {}),
  content: [para(text(value))],
});
const row = (...content: ReturnType<typeof cell>[]) => ({ type: 'tableRow' as const, content });

/**
 * A document holding every node and every mark of the list (document-nodes.ts), each
 * attribute set: what the validator's and the editor's tests load. Extend it with the list.
 */
export const DOCUMENT_SAMPLE: ProseMirrorDoc = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [text('Methods')] },
    { type: 'heading', attrs: { level: 5 }, content: [text('A deep heading the toolbar does not offer')] },
    para(
      text('bold ', { type: 'bold' }),
      text('italic ', { type: 'italic' }),
      text('strike ', { type: 'strike' }),
      text('underline ', { type: 'underline' }),
      text('code', { type: 'code' }),
      text(' CO'),
      text('2', { type: 'subscript' }),
      text(' m'),
      text('2', { type: 'superscript' }, { type: 'bold' }),
      text(' and a ', { type: 'italic' }),
      text('link', { type: 'link', attrs: { href: 'https://doi.org/10.1038/sdata.2016.18' } }, { type: 'italic' }),
    ),
    {
      type: 'bulletList',
      content: [item(para(text('one'))), item(para(text('two')), { type: 'orderedList', attrs: { start: 3 }, content: [item(para(text('three')))] })],
    },
    { type: 'blockquote', content: [para(text('quoted')), para(text('— a field notebook'))] },
    { type: 'codeBlock', attrs: { language: 'r' }, content: [text('x <- c(1, 2)\nmean(x)')] },
    { type: 'horizontalRule' },
    {
      type: 'paragraph',
      content: [text('first line'), { type: 'hardBreak' }, text('second line', { type: 'link', attrs: { href: 'mailto:data@example.org' } })],
    },
    { type: 'image', attrs: { asset: '3f2b8c1e-5d4a-4c6b-9e7f-0a1b2c3d4e5f', alt: 'A soil core laid out on the bench, 30 cm long' } },
    {
      type: 'table',
      content: [
        row(cell('tableHeader', 'Site'), cell('tableHeader', 'Depth'), cell('tableHeader', 'Moisture')),
        row(cell('tableCell', 'Abisko', { rowspan: 2 }), cell('tableCell', '10 cm'), cell('tableCell', 'dry')),
        row(cell('tableCell', '20 cm'), cell('tableCell', 'wet')),
        row(cell('tableHeader', 'Mean', { colspan: 2 }), cell('tableCell', 'damp')),
      ],
    },
    {
      type: 'callout',
      attrs: { tone: 'warning' },
      content: [
        para(text('Cores thaw fast: '), text('weigh them first', { type: 'bold' })),
        { type: 'bulletList', content: [item(para(text('within an hour')))] },
      ],
    },
    { type: 'paragraph' },
  ],
};
