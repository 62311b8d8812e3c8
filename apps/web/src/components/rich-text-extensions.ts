import { getSchema, type AnyExtension } from '@tiptap/core';
import Blockquote from '@tiptap/extension-blockquote';
import Bold from '@tiptap/extension-bold';
import Code from '@tiptap/extension-code';
import CodeBlock from '@tiptap/extension-code-block';
import Document from '@tiptap/extension-document';
import HardBreak from '@tiptap/extension-hard-break';
import Heading from '@tiptap/extension-heading';
import HorizontalRule from '@tiptap/extension-horizontal-rule';
import Italic from '@tiptap/extension-italic';
import Link from '@tiptap/extension-link';
import { BulletList, ListItem, ListKeymap, OrderedList } from '@tiptap/extension-list';
import Paragraph from '@tiptap/extension-paragraph';
import Strike from '@tiptap/extension-strike';
import Subscript from '@tiptap/extension-subscript';
import Superscript from '@tiptap/extension-superscript';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import Text from '@tiptap/extension-text';
import Underline from '@tiptap/extension-underline';
import { Dropcursor, Gapcursor, UndoRedo } from '@tiptap/extensions';
import {
  DOCUMENT_MARKS,
  DOCUMENT_NODES,
  isSafeHref,
  normalizeDocument,
  type DocumentMarkName,
  type DocumentNodeName,
  type ProseMirrorDoc,
} from '@observatory/shared';
import { CalloutNode, ImageNode } from './rich-text-nodes';

/**
 * The editor's schema, made from the shared list of nodes and marks (document-nodes.ts):
 * each entry maps to its TipTap extension, and the records below are typed by the list,
 * so an entry without its extension does not compile. An extension's attributes beyond
 * the list's are dropped, as the server would drop them. A test compares the schema the
 * editor builds with the list.
 */
function keepListedAttributes<T extends AnyExtension>(extension: T, listed: Record<string, unknown>): T {
  const config = {
    addAttributes(this: { parent?: () => Record<string, unknown> }) {
      return Object.fromEntries(Object.entries(this.parent?.() ?? {}).filter(([name]) => name in listed));
    },
  };
  return extension.extend(config as never) as T;
}

const NODE_EXTENSIONS: Record<DocumentNodeName, AnyExtension> = {
  doc: Document,
  paragraph: Paragraph,
  // The page title is the only h1: the toolbar offers levels 2 to 4 (stored 1, 5 and 6 still load).
  heading: Heading.configure({ levels: [2, 3, 4] }),
  blockquote: Blockquote,
  bulletList: BulletList,
  orderedList: keepListedAttributes(OrderedList, DOCUMENT_NODES.orderedList.attrs),
  listItem: ListItem,
  codeBlock: CodeBlock,
  horizontalRule: HorizontalRule,
  text: Text,
  hardBreak: HardBreak,
  image: ImageNode,
  table: Table,
  // TipTap's row holds "(tableCell | tableHeader)*"; the list says it with the group of both.
  tableRow: TableRow.extend({ content: DOCUMENT_NODES.tableRow.content }),
  // Column widths (colwidth) and alignment are the page's: not kept.
  tableHeader: keepListedAttributes(TableHeader.extend({ group: DOCUMENT_NODES.tableHeader.group }), DOCUMENT_NODES.tableHeader.attrs),
  tableCell: keepListedAttributes(TableCell.extend({ group: DOCUMENT_NODES.tableCell.group }), DOCUMENT_NODES.tableCell.attrs),
  callout: CalloutNode,
};

const MARK_EXTENSIONS: Record<DocumentMarkName, AnyExtension> = {
  // http, https and mailto are linkify's own schemes: naming them again as custom protocols re-registers them in every editor ("already initialized").
  link: keepListedAttributes(Link.configure({ openOnClick: false, autolink: true, isAllowedUri: (url) => isSafeHref(url) }), DOCUMENT_MARKS.link.attrs),
  bold: Bold,
  italic: Italic,
  strike: Strike,
  underline: Underline,
  code: Code,
  subscript: Subscript,
  superscript: Superscript,
};

/** Everything the editor loads: the document's nodes and marks, then editing behaviour only. */
export const editorExtensions: AnyExtension[] = [
  ...Object.values(NODE_EXTENSIONS),
  ...Object.values(MARK_EXTENSIONS),
  UndoRedo,
  Dropcursor,
  Gapcursor,
  ListKeymap,
];

const editorSchema = getSchema(editorExtensions);

/**
 * Why the editor cannot take this stored document without changing it, or null when it
 * can. TipTap answers a document it cannot read with an empty one (and a console
 * warning); saving that would replace the stored text. So the editor checks first: the
 * document must build in the editor's schema and pass ProseMirror's own check, and come
 * out equal to what went in.
 */
export function editorLoadProblem(doc: ProseMirrorDoc | null): string | null {
  if (!doc) return null;
  try {
    const node = editorSchema.nodeFromJSON(doc);
    node.check();
    const loaded = JSON.stringify(normalizeDocument(node.toJSON() as ProseMirrorDoc));
    return loaded === JSON.stringify(normalizeDocument(doc)) ? null : 'The editor would change parts of it.';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
