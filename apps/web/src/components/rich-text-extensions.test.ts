import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { DOCUMENT_MARKS, DOCUMENT_NODES, DOCUMENT_SAMPLE, DocumentSchema, normalizeDocument, type DocumentAttrSpec, type ProseMirrorDoc } from '@observatory/shared';
// The demo data's documents, as the server seeds them (a data module without server dependencies).
import { demoDocuments } from '../../../server/src/db/seed/demo-documents';
import { editorExtensions, editorLoadProblem } from './rich-text-extensions';

const editors: Editor[] = [];
afterEach(() => editors.splice(0).forEach((e) => e.destroy()));

/** A real editor of the app's, with TipTap's own content check on. */
function openEditor(content: ProseMirrorDoc | null) {
  const errors: Error[] = [];
  const editor = new Editor({ extensions: editorExtensions, content: content ?? '', enableContentCheck: true, onContentError: ({ error }) => void errors.push(error) });
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
    expect({ excludes: mark.spec.excludes ?? null, attrs: editorAttrs((mark.spec.attrs ?? {}) as Attrs, listed) }).toEqual({ excludes: (spec as { excludes?: string }).excludes ?? null, attrs: listed });
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

describe('editorLoadProblem', () => {
  const para = (content: unknown[]) => ({ type: 'doc', content: [{ type: 'paragraph', content }] }) as ProseMirrorDoc;

  it('finds nothing wrong with no document or a readable one', () => {
    expect(editorLoadProblem(null)).toBeNull();
    expect(editorLoadProblem(para([{ type: 'text', text: 'fine' }]))).toBeNull();
  });

  it('names a mark or node the editor does not know', () => {
    expect(editorLoadProblem(para([{ type: 'text', text: 'x', marks: [{ type: 'highlight' }] }]))).toMatch(/highlight/);
    expect(editorLoadProblem({ type: 'doc', content: [{ type: 'image' }] } as unknown as ProseMirrorDoc)).toMatch(/image/);
  });

  it('refuses what ProseMirror’s own check refuses, as TipTap would empty it', () => {
    const headingFirst = { type: 'doc', content: [{ type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'x' }] }] }] }] };
    expect(editorLoadProblem(headingFirst as ProseMirrorDoc)).toMatch(/listItem/);
    expect(editorLoadProblem({ type: 'doc', content: [] })).not.toBeNull();
  });
});
