import { z } from 'zod';
import { isSafeHref } from './links';

/**
 * Rich text is stored as ProseMirror JSON (what TipTap edits) and checked against this
 * allowlist before it is stored: only these nodes, marks and attributes pass; unknown
 * attributes are dropped; links only to http(s) and mailto (a stored `javascript:` href
 * is a known TipTap hole). Renderers walk the same shape, never raw HTML.
 */
/** JSON nesting allowed: about 30 levels of lists in lists, far beyond any real document. */
export const DOCUMENT_MAX_DEPTH = 100;

const LinkMark = z.object({
  type: z.literal('link'),
  attrs: z.object({
    href: z.string().trim().max(2000).refine(isSafeHref, 'Links must start with http://, https:// or mailto:'),
  }),
});
const MarkSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bold') }),
  z.object({ type: z.literal('italic') }),
  z.object({ type: z.literal('strike') }),
  z.object({ type: z.literal('code') }),
  z.object({ type: z.literal('underline') }),
  z.object({ type: z.literal('subscript') }),
  z.object({ type: z.literal('superscript') }),
  LinkMark,
]);
export type DocumentMark = z.infer<typeof MarkSchema>;

const TextNode = z.object({ type: z.literal('text'), text: z.string().min(1).max(100_000), marks: z.array(MarkSchema).max(10).optional() });
const HardBreak = z.object({ type: z.literal('hardBreak') });
const InlineNode = z.discriminatedUnion('type', [TextNode, HardBreak]);
const inline = () => z.array(InlineNode).max(10_000).optional();

const Paragraph = z.object({ type: z.literal('paragraph'), content: inline() });
const Heading = z.object({ type: z.literal('heading'), attrs: z.object({ level: z.number().int().min(1).max(6) }), content: inline() });
const CodeBlock = z.object({
  type: z.literal('codeBlock'),
  attrs: z.object({ language: z.string().max(40).nullable().optional() }).optional(),
  content: z.array(TextNode.omit({ marks: true })).max(10_000).optional(),
});
const HorizontalRule = z.object({ type: z.literal('horizontalRule') });

type Block =
  | z.infer<typeof Paragraph>
  | z.infer<typeof Heading>
  | z.infer<typeof CodeBlock>
  | z.infer<typeof HorizontalRule>
  | { type: 'blockquote'; content: Block[] }
  | { type: 'bulletList'; content: ListItem[] }
  | { type: 'orderedList'; attrs?: { start?: number | undefined } | undefined; content: ListItem[] };
interface ListItem {
  type: 'listItem';
  content: Block[];
}

const ListItemSchema: z.ZodType<ListItem> = z.lazy(() => z.object({ type: z.literal('listItem'), content: z.array(BlockSchema).min(1).max(10_000) }));
const BlockSchema: z.ZodType<Block> = z.lazy(() =>
  z.discriminatedUnion('type', [
    Paragraph,
    Heading,
    CodeBlock,
    HorizontalRule,
    z.object({ type: z.literal('blockquote'), content: z.array(BlockSchema).min(1).max(10_000) }),
    z.object({ type: z.literal('bulletList'), content: z.array(ListItemSchema).min(1).max(10_000) }),
    z.object({
      type: z.literal('orderedList'),
      attrs: z.object({ start: z.number().int().min(0).max(1_000_000).optional() }).optional(),
      content: z.array(ListItemSchema).min(1).max(10_000),
    }),
  ]),
);

// Named, so API descriptions can refer to the recursive parts instead of inlining them.
z.globalRegistry.add(BlockSchema, { id: 'DocumentBlock' });
z.globalRegistry.add(ListItemSchema, { id: 'DocumentListItem' });

const DocShape = z.object({ type: z.literal('doc'), content: z.array(BlockSchema).max(10_000).optional() });
export type ProseMirrorDoc = z.infer<typeof DocShape>;
export type DocumentBlock = Block;
export type DocumentInline = z.infer<typeof InlineNode>;

/** How deep the JSON nests, counted without recursion (a hostile document cannot blow the stack). */
export function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    deepest = Math.max(deepest, depth);
    if (depth > DOCUMENT_MAX_DEPTH) break;
    if (v && typeof v === 'object') for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** A rich-text document, checked against the allowlist above. */
export const DocumentSchema = z
  .unknown()
  .refine((v) => nestingDepth(v) <= DOCUMENT_MAX_DEPTH, { message: 'The document nests too deeply', abort: true })
  .pipe(DocShape)
  .describe('ProseMirror JSON limited to the allowed nodes and marks');

interface TextBearing {
  type?: string;
  text?: string;
  content?: TextBearing[];
}

const textOf = (node: TextBearing): string => {
  if (node.text !== undefined) return node.text;
  if (node.type === 'hardBreak') return ' ';
  const children = node.content ?? [];
  // Inline text runs on; blocks inside a block (list items, quotes) are separated by a space.
  const inline = children.every((c) => c.type === 'text' || c.type === 'hardBreak');
  return children.map(textOf).join(inline ? '' : ' ');
};

/** A document's words, blocks separated by blank lines: for search and previews. */
export function documentText(doc: ProseMirrorDoc | null | undefined): string {
  return ((doc?.content ?? []) as TextBearing[]).map(textOf).filter(Boolean).join('\n\n');
}
