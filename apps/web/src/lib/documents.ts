import type { ProseMirrorDoc } from '@observatory/shared';

/** Plain text (paragraphs split by blank lines) as a ProseMirror document, and back. */
export function textToDoc(text: string): ProseMirrorDoc | null {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return null;
  return { type: 'doc', content: paragraphs.map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p }] })) };
}

interface Node {
  text?: string;
  content?: Node[];
}
const textOf = (node: Node): string => node.text ?? (node.content ?? []).map(textOf).join('');

export function docToText(doc: ProseMirrorDoc | null | undefined): string {
  return ((doc?.content ?? []) as Node[]).map(textOf).filter(Boolean).join('\n\n');
}
