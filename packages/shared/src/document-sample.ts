import type { ProseMirrorDoc } from './documents.js';

const text = (value: string, ...marks: ({ type: 'bold' | 'italic' | 'strike' | 'underline' | 'code' | 'subscript' | 'superscript' } | { type: 'link'; attrs: { href: string } })[]) =>
  marks.length ? { type: 'text' as const, text: value, marks } : { type: 'text' as const, text: value };
const para = (...content: ReturnType<typeof text>[]) => ({ type: 'paragraph' as const, content });
const item = (...content: NonNullable<ProseMirrorDoc['content']>) => ({ type: 'listItem' as const, content });

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
    { type: 'bulletList', content: [item(para(text('one'))), item(para(text('two')), { type: 'orderedList', attrs: { start: 3 }, content: [item(para(text('three')))] })] },
    { type: 'blockquote', content: [para(text('quoted')), para(text('— a field notebook'))] },
    { type: 'codeBlock', attrs: { language: 'r' }, content: [text('x <- c(1, 2)\nmean(x)')] },
    { type: 'horizontalRule' },
    { type: 'paragraph', content: [text('first line'), { type: 'hardBreak' }, text('second line', { type: 'link', attrs: { href: 'mailto:data@example.org' } })] },
    { type: 'paragraph' },
  ],
};
