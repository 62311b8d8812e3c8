/**
 * The one list of what a rich-text document may hold: its nodes and marks, with their
 * attributes. The server's document validator (documents.ts) is built from it, and the
 * web's editor maps each entry to its TipTap extension; a web test compares the editor's
 * schema with this list, so a document the server accepts is one the editor loads.
 * A new kind of node is added here first.
 *
 * The fields follow ProseMirror's schema spec, which TipTap builds:
 * - `content`: a content expression of node names and groups, each with an optional
 *   `*`, `+` or `?` (a sequence only: no choices or parentheses);
 * - `group`: the space-separated groups the node belongs to;
 * - `marks: ''`: text inside holds no marks (otherwise every mark is allowed);
 * - `inline`: an inline node other than text;
 * - `excludes: '_'`: a mark that cannot be combined with any other;
 * - `attrs`: the attributes kept, each with its default (none: required) and its rule.
 *   Attributes not listed are dropped on the way in.
 *
 * Plain data without zod, so the web can read it without loading the validator.
 */
export type DocumentAttrRule =
  | { type: 'integer'; min: number; max: number }
  /** A string of at most `max` characters (or null when the default is null). */
  | { type: 'string'; max: number }
  /** A link target: http(s), mailto or a path of this site only (a stored `javascript:` href is a known TipTap hole). */
  | { type: 'href'; max: number }
  /** An id of a record (an uploaded image's asset). */
  | { type: 'uuid' }
  /** One of a few words. */
  | { type: 'enum'; values: readonly [string, ...string[]] };

export type DocumentAttrSpec = DocumentAttrRule & { default?: string | number | null };

export interface DocumentNodeSpec {
  content?: string;
  group?: string;
  marks?: '';
  inline?: true;
  attrs?: Record<string, DocumentAttrSpec>;
}

export interface DocumentMarkSpec {
  excludes?: '_';
  attrs?: Record<string, DocumentAttrSpec>;
}

/** How a callout speaks: a note, a tip or a warning. */
export const CALLOUT_TONES = ['info', 'tip', 'warning'] as const;
export type CalloutTone = (typeof CALLOUT_TONES)[number];

/** Cells span columns and rows; their widths are left to the page. */
const CELL_ATTRS = {
  colspan: { type: 'integer', min: 1, max: 50, default: 1 },
  rowspan: { type: 'integer', min: 1, max: 50, default: 1 },
} as const;

export const DOCUMENT_NODES = {
  doc: { content: 'block+' },
  paragraph: { group: 'block', content: 'inline*' },
  heading: { group: 'block', content: 'inline*', attrs: { level: { type: 'integer', min: 1, max: 6, default: 1 } } },
  blockquote: { group: 'block', content: 'block+' },
  bulletList: { group: 'block list', content: 'listItem+' },
  orderedList: { group: 'block list', content: 'listItem+', attrs: { start: { type: 'integer', min: 0, max: 1_000_000, default: 1 } } },
  listItem: { content: 'paragraph block*' },
  codeBlock: { group: 'block', content: 'text*', marks: '', attrs: { language: { type: 'string', max: 40, default: null } } },
  horizontalRule: { group: 'block' },
  text: { group: 'inline' },
  hardBreak: { group: 'inline', inline: true },
  /**
   * An uploaded image, by its asset id only (never a URL: an outside address would track
   * readers): the shape assets/usages.ts finds to count it as used.
   */
  image: { group: 'block', attrs: { asset: { type: 'uuid' }, alt: { type: 'string', max: 500, default: '' } } },
  // TipTap's table: header and data cells share the group "cell" (the list's expressions are sequences).
  table: { group: 'block', content: 'tableRow+' },
  tableRow: { content: 'cell+' },
  tableHeader: { group: 'cell', content: 'block+', attrs: CELL_ATTRS },
  tableCell: { group: 'cell', content: 'block+', attrs: CELL_ATTRS },
  callout: { group: 'block', content: 'block+', attrs: { tone: { type: 'enum', values: CALLOUT_TONES, default: 'info' } } },
} as const satisfies Record<string, DocumentNodeSpec>;

/** Marks in the order a normalised document lists them on a text. */
export const DOCUMENT_MARKS = {
  link: { attrs: { href: { type: 'href', max: 2000 } } },
  bold: {},
  italic: {},
  strike: {},
  underline: {},
  code: { excludes: '_' },
  subscript: {},
  superscript: {},
} as const satisfies Record<string, DocumentMarkSpec>;

export type DocumentNodeName = keyof typeof DOCUMENT_NODES;
export type DocumentMarkName = keyof typeof DOCUMENT_MARKS;

const nodeSpec = (name: string): DocumentNodeSpec | undefined => (DOCUMENT_NODES as Record<string, DocumentNodeSpec>)[name];
const markSpec = (name: string): DocumentMarkSpec | undefined => (DOCUMENT_MARKS as Record<string, DocumentMarkSpec>)[name];

export const isDocumentNodeName = (name: unknown): name is DocumentNodeName => typeof name === 'string' && Object.hasOwn(DOCUMENT_NODES, name);
export const isDocumentMarkName = (name: unknown): name is DocumentMarkName => typeof name === 'string' && Object.hasOwn(DOCUMENT_MARKS, name);

// Content expressions --------------------------------------------------------------

interface ContentTerm {
  /** As written: a node name or a group. */
  token: string;
  /** The node names it stands for. */
  names: ReadonlySet<string>;
  min: 0 | 1;
  max: 1 | typeof Infinity;
}

const QUANTIFIERS = { '': [1, 1], '?': [0, 1], '*': [0, Infinity], '+': [1, Infinity] } as const;

function parseContent(owner: string, expression: string): ContentTerm[] {
  const terms = expression
    .split(/\s+/)
    .filter(Boolean)
    .map((part): ContentTerm => {
      const m = /^([A-Za-z]+)([?*+]?)$/.exec(part);
      if (!m) throw new Error(`Content of ${owner}: "${expression}" is not a plain sequence`);
      const token = m[1]!;
      const names = new Set(
        Object.entries(DOCUMENT_NODES as Record<string, DocumentNodeSpec>)
          .filter(([n, s]) => n === token || (s.group ?? '').split(' ').includes(token))
          .map(([n]) => n),
      );
      if (!names.size) throw new Error(`Content of ${owner}: no node is named or grouped "${token}"`);
      const [min, max] = QUANTIFIERS[m[2] as keyof typeof QUANTIFIERS];
      return { token, names, min, max };
    });
  // Matched greedily: a repeatable or optional term must not compete with the next one.
  terms.forEach((t, i) => {
    const next = terms[i + 1];
    if (next && t.min !== t.max && [...t.names].some((n) => next.names.has(n))) throw new Error(`Content of ${owner}: "${expression}" is ambiguous`);
  });
  return terms;
}

const CONTENT: Record<string, ContentTerm[]> = Object.fromEntries(
  Object.entries(DOCUMENT_NODES as Record<string, DocumentNodeSpec>).map(([name, spec]) => [name, spec.content ? parseContent(name, spec.content) : []]),
);

/** Whether a node of this type holds other nodes (and text, if inline). */
export const holdsContent = (type: DocumentNodeName) => CONTENT[type]!.length > 0;

/**
 * Checks the types of a node's children against its content expression. Answers null
 * when they fit, else the index of the child that does not (the length when one is missing)
 * and why, in words.
 */
export function checkContent(type: DocumentNodeName, children: readonly string[]): { index: number; message: string } | null {
  const terms = CONTENT[type]!;
  const expression = nodeSpec(type)!.content ?? '';
  let i = 0;
  for (const term of terms) {
    let taken = 0;
    while (taken < term.max && i < children.length && term.names.has(children[i]!)) {
      taken++;
      i++;
    }
    if (taken < term.min) {
      const found = i < children.length ? `, not ${children[i]}` : '';
      return { index: i, message: `A ${type} needs ${term.max > 1 ? 'at least one' : 'a'} ${term.token} here${found} (it holds ${expression})` };
    }
  }
  if (i < children.length) return { index: i, message: `A ${type} cannot hold a ${children[i]} here (it holds ${expression || 'nothing'})` };
  return null;
}

/** Whether text inside a node of this type may carry marks. */
export const allowsMarks = (type: DocumentNodeName) => nodeSpec(type)!.marks !== '';

const excludes = (a: string, b: string) => a === b || markSpec(a)?.excludes === '_';

/** Two marks on one text that cannot go together (the same mark twice, or code with another), or null. */
export function conflictingMarks(types: readonly string[]): [string, string] | null {
  for (let i = 0; i < types.length; i++)
    for (let j = i + 1; j < types.length; j++) if (excludes(types[i]!, types[j]!) || excludes(types[j]!, types[i]!)) return [types[i]!, types[j]!];
  return null;
}

// Normal form ---------------------------------------------------------------------

interface JsonNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: JsonNode[];
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  text?: string;
}

function normalAttrs(spec: Record<string, DocumentAttrSpec> | undefined, attrs: Record<string, unknown> | undefined) {
  if (!spec) return undefined;
  return Object.fromEntries(Object.entries(spec).map(([name, s]) => [name, attrs?.[name] ?? s.default ?? null]));
}

const MARK_ORDER = Object.keys(DOCUMENT_MARKS);
const sameMarks = (a: JsonNode['marks'], b: JsonNode['marks']) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

function normalNode(node: JsonNode): JsonNode {
  const out: JsonNode = { type: node.type };
  const attrs = normalAttrs(nodeSpec(node.type)?.attrs, node.attrs);
  if (attrs) out.attrs = attrs;
  if (node.text !== undefined) out.text = node.text;
  if (node.marks?.length)
    out.marks = [...node.marks]
      .sort((a, b) => MARK_ORDER.indexOf(a.type) - MARK_ORDER.indexOf(b.type))
      .map((m) => {
        const markAttrs = normalAttrs(markSpec(m.type)?.attrs, m.attrs);
        return markAttrs ? { type: m.type, attrs: markAttrs } : { type: m.type };
      });
  const content: JsonNode[] = [];
  for (const child of (node.content ?? []).map(normalNode)) {
    const last = content.at(-1);
    // Neighbouring texts with the same marks are one text to ProseMirror.
    if (last?.text !== undefined && child.text !== undefined && sameMarks(last.marks, child.marks))
      content[content.length - 1] = { ...last, text: last.text + child.text };
    else content.push(child);
  }
  if (content.length) out.content = content;
  return out;
}

/**
 * A document in one normal form, so two spellings of the same document compare equal:
 * every listed attribute present (defaults filled in), others dropped; marks in list
 * order; neighbouring texts with the same marks joined; no empty lists.
 */
export function normalizeDocument<T extends { type: string }>(doc: T): T {
  return normalNode(doc as unknown as JsonNode) as unknown as T;
}
