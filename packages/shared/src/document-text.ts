import type { ProseMirrorDoc } from './documents.js';

// Apart from the validator, so pages that show a document's words do not load zod.
interface TextBearing {
  type?: string;
  text?: string;
  attrs?: { alt?: unknown };
  content?: TextBearing[];
}

const textOf = (node: TextBearing): string => {
  if (node.text !== undefined) return node.text;
  if (node.type === 'hardBreak') return ' ';
  // An image's words are its description.
  if (node.type === 'image') return typeof node.attrs?.alt === 'string' ? node.attrs.alt.trim() : '';
  const children = node.content ?? [];
  // Inline text runs on; blocks inside a block (list items, quotes, callouts, table cells) are separated by a space.
  const inline = children.every((c) => c.type === 'text' || c.type === 'hardBreak');
  return inline ? children.map(textOf).join('') : children.map(textOf).filter(Boolean).join(' ');
};

/** A document's words, blocks separated by blank lines: for search and previews. */
export function documentText(doc: ProseMirrorDoc | null | undefined): string {
  return ((doc?.content ?? []) as TextBearing[]).map(textOf).filter(Boolean).join('\n\n');
}
