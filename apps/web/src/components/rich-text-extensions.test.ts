import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DOCUMENT_MARKS,
  DOCUMENT_NODES,
  DOCUMENT_SAMPLE,
  DocumentSchema,
  normalizeDocument,
  type DocumentAttrSpec,
  type ProseMirrorDoc,
} from '@observatory/shared';
// The demo data's documents, as the server seeds them (a data module without server dependencies).
import { demoDocuments } from '../../../server/src/db/seed/demo-documents';
import { editorExtensions, editorLoadProblem } from './rich-text-extensions';

const editors: Editor[] = [];
afterEach(() => editors.splice(0).forEach((e) => e.destroy()));

/** A real editor of the app's, with TipTap's own content check on. */
function openEditor(content: ProseMirrorDoc | null) {
  const errors: Error[] = [];
  const editor = new Editor({
    extensions: editorExtensions,
    content: content ?? '',
    enableContentCheck: true,
    onContentError: ({ error }) => void errors.push(error),
  });
  editors.push(editor);
  return { editor, errors };
}

type Attrs = Record<string, { default?: unknown }>;
const listedAttrs = (attrs: Record<string, DocumentAttrSpec> | undefined) =>
  Object.fromEntries(Object.entries(attrs ?? {}).map(([name, spec]) => [name, 'default' in spec ? spec.default : 'required']));
/** The editor's attributes in the list's terms; a default the list leaves out means required there. */
const editorAttrs = (attrs: Attrs, listed: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(attrs).map(([name, a]) => [name, listed[name] === 'required' || !('default' in a) ? 'required' : a.default]));

describe('the editor’s schema', () => {
  const { schema } = openEditor(null).editor;

  it('has exactly the nodes and marks of the shared list', () => {
    expect(Object.keys(schema.nodes).sort()).toEqual(Object.keys(DOCUMENT_NODES).sort());
    expect(Object.keys(schema.marks).sort()).toEqual(Object.keys(DOCUMENT_MARKS).sort());
  });

  it.each(Object.entries(DOCUMENT_NODES))('builds the node %s as the list has it', (name, spec) => {
    const node = schema.nodes[name]!;
    const listed = listedAttrs((spec as { attrs?: Record<string, DocumentAttrSpec> }).attrs);
    expect({
      content: node.spec.content ?? '',
      group: node.spec.group ?? '',
      marks: node.spec.marks === '' ? '' : 'all',
      inline: node.isInline,
      attrs: editorAttrs((node.spec.attrs ?? {}) as Attrs, listed),
    }).toEqual({
      content: (spec as { content?: string }).content ?? '',
      group: (spec as { group?: string }).group ?? '',
      marks: (spec as { marks?: string }).marks === '' ? '' : 'all',
      inline: name === 'text' || 'inline' in spec,
      attrs: listed,
    });
  });

  it.each(Object.entries(DOCUMENT_MARKS))('builds the mark %s as the list has it', (name, spec) => {
    const mark = schema.marks[name]!;
    const listed = listedAttrs((spec as { attrs?: Record<string, DocumentAttrSpec> }).attrs);
    expect({ excludes: mark.spec.excludes ?? null, attrs: editorAttrs((mark.spec.attrs ?? {}) as Attrs, listed) }).toEqual({
      excludes: (spec as { excludes?: string }).excludes ?? null,
      attrs: listed,
    });
  });
});

describe('documents through the editor', () => {
  const documents = [{ name: 'the sample holding every node and mark', doc: DOCUMENT_SAMPLE }, ...demoDocuments()];

  it.each(documents)('$name comes back as it went in (normalised)', ({ doc }) => {
    const stored = DocumentSchema.parse(doc);
    const { editor, errors } = openEditor(stored);
    expect(errors).toEqual([]);
    expect(normalizeDocument(editor.getJSON() as ProseMirrorDoc)).toEqual(normalizeDocument(stored));
    expect(editorLoadProblem(stored)).toBeNull();
  });

  it('what the editor writes, the server accepts', () => {
    const { editor } = openEditor(DOCUMENT_SAMPLE);
    editor.commands.insertContentAt(1, 'Edited: ');
    editor.chain().selectAll().toggleSubscript().run();
    const written = editor.getJSON();
    expect(DocumentSchema.safeParse(written).error?.issues ?? []).toEqual([]);
  });
});

describe('images, tables and callouts in the editor', () => {
  const asset = '0b9e6f5c-2d1a-4e3b-8c7d-6f5e4d3c2b1a';
  const accepted = (editor: Editor) => DocumentSchema.safeParse(editor.getJSON()).error?.issues ?? [];

  it('reads pasted images of ours by their asset, and drops images of other sites', () => {
    const { editor } = openEditor(null);
    editor.view.pasteHTML(
      `<p>Core</p><img data-asset="${asset}" alt="A core"><img src="https://tracker.example/pixel.gif" alt="tracker"><img data-asset="javascript:alert(1)">`,
    );
    expect(editor.getJSON().content).toEqual([
      { type: 'paragraph', content: [{ type: 'text', text: 'Core' }] },
      { type: 'image', attrs: { asset, alt: 'A core' } },
    ]);
    expect(editor.getHTML()).toContain(`src="/api/v1/assets/${asset}/400"`);
    expect(accepted(editor)).toEqual([]);
  });

  it('takes a pasted image’s description whole however long, for its field to refuse out loud rather than cut it', () => {
    const { editor } = openEditor(null);
    const long = 'd'.repeat(DOCUMENT_NODES.image.attrs.alt.max + 100);
    editor.view.pasteHTML(`<img data-asset="${asset}" alt="${long}">`);
    expect(editor.getJSON().content).toContainEqual({ type: 'image', attrs: { asset, alt: long } });
  });

  it('inserts a 3 × 3 table with a header row, changes its rows and columns, and writes what the server accepts', () => {
    const { editor } = openEditor({ type: 'doc', content: [{ type: 'paragraph' }] });
    editor.chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
    const rows = () => (editor.getJSON().content?.find((n) => n.type === 'table')?.content ?? []) as { content: { type: string }[] }[];
    expect(rows().map((row) => row.content.map((c) => c.type))).toEqual([
      ['tableHeader', 'tableHeader', 'tableHeader'],
      ['tableCell', 'tableCell', 'tableCell'],
      ['tableCell', 'tableCell', 'tableCell'],
    ]);
    expect(editor.isActive('table')).toBe(true);
    // Table commands read the editor's state, so each runs on its own.
    editor.commands.addRowAfter();
    editor.commands.addColumnAfter();
    expect(rows().map((row) => row.content.length)).toEqual([4, 4, 4, 4]);
    editor.commands.deleteRow();
    editor.commands.deleteColumn();
    expect(rows().map((row) => row.content.length)).toEqual([3, 3, 3]);
    expect(accepted(editor)).toEqual([]);
    editor.commands.deleteTable();
    expect(editor.getJSON().content!.some((n) => n.type === 'table')).toBe(false);
  });

  it('wraps blocks in a callout and changes its tone', () => {
    const { editor } = openEditor({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Weigh the cores first' }] }] });
    editor.chain().setTextSelection(2).wrapIn('callout', { tone: 'warning' }).run();
    expect(editor.getJSON().content![0]).toMatchObject({ type: 'callout', attrs: { tone: 'warning' } });
    editor.chain().updateAttributes('callout', { tone: 'tip' }).run();
    expect(editor.getJSON().content![0]).toMatchObject({ type: 'callout', attrs: { tone: 'tip' } });
    expect(accepted(editor)).toEqual([]);
    editor.chain().lift('callout').run();
    expect(editor.getJSON().content![0]!.type).toBe('paragraph');
  });
});

describe('editorLoadProblem', () => {
  const para = (content: unknown[]) => ({ type: 'doc', content: [{ type: 'paragraph', content }] }) as ProseMirrorDoc;

  it('finds nothing wrong with no document or a readable one', () => {
    expect(editorLoadProblem(null)).toBeNull();
    expect(editorLoadProblem(para([{ type: 'text', text: 'fine' }]))).toBeNull();
  });

  it('names a mark or node the editor does not know', () => {
    expect(editorLoadProblem(para([{ type: 'text', text: 'x', marks: [{ type: 'highlight' }] }]))).toMatch(/highlight/);
    expect(editorLoadProblem({ type: 'doc', content: [{ type: 'video' }] } as unknown as ProseMirrorDoc)).toMatch(/video/);
    // An image by address, not by asset: never loaded.
    expect(
      editorLoadProblem({ type: 'doc', content: [{ type: 'image', attrs: { src: 'https://tracker.example/pixel.gif' } }] } as unknown as ProseMirrorDoc),
    ).toMatch(/asset/);
  });

  it('refuses what ProseMirror’s own check refuses, as TipTap would empty it', () => {
    const headingFirst = {
      type: 'doc',
      content: [
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'x' }] }] }] },
      ],
    };
    expect(editorLoadProblem(headingFirst as ProseMirrorDoc)).toMatch(/listItem/);
    expect(editorLoadProblem({ type: 'doc', content: [] })).not.toBeNull();
  });
});
