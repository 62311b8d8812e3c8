import { z } from 'zod';
import {
  allowsMarks,
  type CalloutTone,
  checkContent,
  conflictingMarks,
  DOCUMENT_MARKS,
  DOCUMENT_NODES,
  holdsContent,
  type DocumentAttrSpec,
  type DocumentMarkName,
  type DocumentNodeName,
} from './document-nodes.js';
import { isSafeHref } from './links.js';

/**
 * Rich text is stored as ProseMirror JSON (what TipTap edits) and checked before it is
 * stored against the list of nodes and marks in document-nodes.ts, from which this
 * validator is built: only those nodes, marks and attributes pass, in the places the
 * list allows them; unknown attributes are dropped; links only to http(s), mailto and
 * this site's paths; images by asset id, never by URL.
 * Renderers walk the same shape, never raw HTML.
 */
/** JSON nesting allowed: about 30 levels of lists in lists, far beyond any real document. */
export const DOCUMENT_MAX_DEPTH = 100;

export type DocumentMark = { type: Exclude<DocumentMarkName, 'link'> } | { type: 'link'; attrs: { href: string } };
type Marked = { marks?: DocumentMark[] | undefined };
export type DocumentInline = ({ type: 'text'; text: string } & Marked) | ({ type: 'hardBreak' } & Marked);
export interface DocumentListItem {
  type: 'listItem';
  content: DocumentBlock[];
}
export interface DocumentTableCell {
  type: 'tableHeader' | 'tableCell';
  attrs?: { colspan?: number | undefined; rowspan?: number | undefined } | undefined;
  content: DocumentBlock[];
}
export interface DocumentTableRow {
  type: 'tableRow';
  content: DocumentTableCell[];
}
export type DocumentBlock =
  | { type: 'paragraph'; content?: DocumentInline[] | undefined }
  | { type: 'heading'; attrs?: { level?: number | undefined } | undefined; content?: DocumentInline[] | undefined }
  | { type: 'codeBlock'; attrs?: { language?: string | null | undefined } | undefined; content?: { type: 'text'; text: string }[] | undefined }
  | { type: 'horizontalRule' }
  | { type: 'blockquote'; content: DocumentBlock[] }
  | { type: 'bulletList'; content: DocumentListItem[] }
  | { type: 'orderedList'; attrs?: { start?: number | undefined } | undefined; content: DocumentListItem[] }
  | { type: 'image'; attrs: { asset: string; alt?: string | undefined } }
  | { type: 'table'; content: DocumentTableRow[] }
  | { type: 'callout'; attrs?: { tone?: CalloutTone | undefined } | undefined; content: DocumentBlock[] };
export interface ProseMirrorDoc {
  type: 'doc';
  content?: DocumentBlock[] | undefined;
}

// The types above name exactly the nodes of the list: adding one there fails here until it is typed.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const typesCoverTheList: Same<
  DocumentNodeName,
  ProseMirrorDoc['type'] | DocumentBlock['type'] | DocumentListItem['type'] | DocumentTableRow['type'] | DocumentTableCell['type'] | DocumentInline['type']
> &
  Same<DocumentMarkName, DocumentMark['type']> = true;
void typesCoverTheList;

/** The rule of one attribute, before its default. */
function attrRule(spec: DocumentAttrSpec): z.ZodType {
  switch (spec.type) {
    case 'integer':
      return z.number().int().min(spec.min).max(spec.max);
    case 'string':
      return z.string().max(spec.max);
    case 'href':
      return z.string().trim().max(spec.max).refine(isSafeHref, 'Links must start with http://, https://, mailto: or a single / (a path of this site)');
    case 'uuid':
      return z.uuid();
    case 'enum':
      return z.enum(spec.values);
  }
}

function attrSchema(spec: DocumentAttrSpec): z.ZodType {
  const rule = attrRule(spec);
  if (!('default' in spec)) return rule;
  return (spec.default === null ? rule.nullable() : rule).optional();
}

function attrsSchema(attrs: Record<string, DocumentAttrSpec> | undefined) {
  if (!attrs) return {};
  const shape = z.object(Object.fromEntries(Object.entries(attrs).map(([name, spec]) => [name, attrSchema(spec)])));
  return { attrs: Object.values(attrs).every((s) => 'default' in s) ? shape.optional() : shape };
}

const unknownType = (what: 'node' | 'mark') => (issue: { code: string; input?: unknown; note?: string }) =>
  issue.code === 'invalid_union' && issue.note === 'No matching discriminator'
    ? `Unknown ${what} "${String((issue.input as { type?: unknown })?.type)}"`
    : undefined;

const markVariants = Object.entries(DOCUMENT_MARKS).map(([name, spec]) =>
  z.object({ type: z.literal(name), ...attrsSchema((spec as { attrs?: Record<string, DocumentAttrSpec> }).attrs) }),
);
const MarkSchema = z.discriminatedUnion('type', markVariants as [(typeof markVariants)[number], ...typeof markVariants], { error: unknownType('mark') });

type AnyNode = { type: string; content?: AnyNode[]; marks?: { type: string }[]; text?: string };
const NodeSchema: z.ZodType<AnyNode> = z.lazy(() => {
  const variants = Object.entries(DOCUMENT_NODES).map(([name, spec]) => {
    const type = name as DocumentNodeName;
    const inline = type === 'text' || 'inline' in spec;
    return z.object({
      type: z.literal(name),
      ...attrsSchema((spec as { attrs?: Record<string, DocumentAttrSpec> }).attrs),
      ...(type === 'text' ? { text: z.string().min(1).max(100_000) } : {}),
      ...(inline ? { marks: z.array(MarkSchema).max(10).optional() } : {}),
      ...(holdsContent(type) ? { content: z.array(NodeSchema).max(10_000).optional() } : {}),
    });
  });
  return z.discriminatedUnion('type', variants as [(typeof variants)[number], ...typeof variants], {
    error: unknownType('node'),
  }) as unknown as z.ZodType<AnyNode>;
});
// Named, so API descriptions can refer to the recursive part instead of inlining it.
z.globalRegistry.add(NodeSchema, { id: 'DocumentNode' });

/** Where each node may stand and which marks go together: the list's structure rules. */
function checkStructure(node: AnyNode, path: (string | number)[], ctx: z.RefinementCtx) {
  const type = node.type as DocumentNodeName;
  const children = node.content ?? [];
  const misfit = checkContent(
    type,
    children.map((c) => c.type),
  );
  const message = type === 'doc' && !children.length ? 'A document holds at least one block (send null for no document)' : misfit?.message;
  if (misfit) ctx.addIssue({ code: 'custom', path: misfit.index < children.length ? [...path, 'content', misfit.index] : path, message: message! });
  children.forEach((child, i) => {
    const at = [...path, 'content', i];
    const marks = child.marks ?? [];
    if (marks.length && !allowsMarks(type)) ctx.addIssue({ code: 'custom', path: [...at, 'marks'], message: `Text in a ${type} carries no marks` });
    const conflict = conflictingMarks(marks.map((m) => m.type));
    if (conflict)
      ctx.addIssue({
        code: 'custom',
        path: [...at, 'marks'],
        message: conflict[0] === conflict[1] ? `The mark ${conflict[0]} is given twice` : `The marks ${conflict[0]} and ${conflict[1]} cannot be combined`,
      });
    checkStructure(child, at, ctx);
  });
}

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

/** A rich-text document, checked against the list of nodes and marks (document-nodes.ts). */
export const DocumentSchema = z
  .unknown()
  .refine((v) => nestingDepth(v) <= DOCUMENT_MAX_DEPTH, { message: 'The document nests too deeply', abort: true })
  .pipe(
    z
      .object({ type: z.literal('doc', { error: 'A document is a node of type "doc"' }), content: z.array(NodeSchema).max(10_000).optional() })
      .superRefine((doc, ctx) => checkStructure(doc, [], ctx)),
  )
  .describe(
    `ProseMirror JSON holding only the nodes ${Object.keys(DOCUMENT_NODES).join(', ')} and the marks ${Object.keys(DOCUMENT_MARKS).join(', ')}`,
  ) as unknown as z.ZodType<ProseMirrorDoc>;

/**
 * A stored document as the API answers it. Every document passed DocumentSchema when it
 * was written, but perhaps under an older list; it is answered as stored rather than
 * refused (a 500), so the web can show what its editor would not open.
 */
export const StoredDocumentSchema = z
  .looseObject({ type: z.literal('doc'), content: z.array(z.looseObject({ type: z.string() })).optional() })
  .describe('ProseMirror JSON, as written through the document rules of the writes') as unknown as z.ZodType<ProseMirrorDoc>;
